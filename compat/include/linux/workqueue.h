/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ICE_BACKPORT_LINUX_WORKQUEUE_H_
#define _ICE_BACKPORT_LINUX_WORKQUEUE_H_
#include_next <linux/workqueue.h>

/*
 * probes/wq_percpu.c: a 6.12 driver that names neither WQ_PERCPU nor
 * WQ_UNBOUND means per-CPU, the 6.12 default.  Say so, which keeps the
 * behaviour and silences the kernel's warning at ice_module_init().
 */
#ifdef HAVE_WQ_PERCPU
static inline unsigned int ice_backport_wq_flags(unsigned int flags)
{
	return flags & (WQ_UNBOUND | WQ_PERCPU) ? flags : flags | WQ_PERCPU;
}

/* A macro over alloc_workqueue_noprof() where allocations are profiled. */
#ifdef alloc_workqueue
#undef alloc_workqueue
#define alloc_workqueue(fmt, flags, max_active, ...)			\
	alloc_hooks(alloc_workqueue_noprof(fmt, ice_backport_wq_flags(flags), \
					   max_active, ##__VA_ARGS__))
#else
#define alloc_workqueue(fmt, flags, max_active, ...)			\
	alloc_workqueue(fmt, ice_backport_wq_flags(flags), max_active,	\
			##__VA_ARGS__)
#endif
#endif

#endif
