/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ICE_BACKPORT_LINUX_KTHREAD_H_
#define _ICE_BACKPORT_LINUX_KTHREAD_H_
#include_next <linux/kthread.h>

/*
 * probes/kthread_run_worker.c: the 6.12 ice calls kthread_create_worker()
 * and expects a running worker (its PTP, GNSS and DPLL work); from 6.14
 * that only creates it.  Start it as 6.12 did.  Not in terms of
 * kthread_run_worker(), a macro over kthread_create_worker() itself: the
 * preprocessor would leave that inner name unexpanded.
 */
#ifdef HAVE_KTHREAD_RUN_WORKER
#undef kthread_create_worker
#define kthread_create_worker(flags, namefmt, ...)			\
({									\
	struct kthread_worker *__ice_bp_kw =				\
		kthread_create_worker_on_node(flags, NUMA_NO_NODE,	\
					      namefmt, ##__VA_ARGS__);	\
	if (!IS_ERR(__ice_bp_kw))					\
		wake_up_process(__ice_bp_kw->task);			\
	__ice_bp_kw;							\
})
#endif

#endif
