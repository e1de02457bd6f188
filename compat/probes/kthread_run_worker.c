// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_KTHREAD_RUN_WORKER: kthread_run_worker() exists, and with it
 * kthread_create_worker() no longer starts the worker it creates.
 * Mainline v6.14, b04e317b5226 ("treewide: Introduce
 * kthread_run_worker[_on_cpu]()") made kthread_create_worker() behave as
 * kthread_create() (the thread stays asleep until woken) and moved every
 * caller, ice's PTP, GNSS and DPLL workers among them, to
 * kthread_run_worker().  The 6.12 ice still calls kthread_create_worker():
 * on such a kernel it builds without a warning, and its workers never run.
 *
 * Upstream: v6.14 b04e317b5226 ("treewide: Introduce
 *   kthread_run_worker[_on_cpu]()")
 * Polarity: newer
 * Shim: compat/include/linux/kthread.h
 */
#include <linux/kthread.h>
#include <linux/numa.h>

struct kthread_worker *probe(int run);
struct kthread_worker *probe(int run)
{
	/* The shim names kthread_create_worker_on_node() itself. */
	return run ? kthread_run_worker(0, "probe") :
		     kthread_create_worker_on_node(0, NUMA_NO_NODE, "probe");
}
