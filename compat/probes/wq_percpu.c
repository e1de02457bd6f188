// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_WQ_PERCPU: the WQ_PERCPU workqueue flag exists.  Mainline v6.17,
 * 930c2ea566af ("workqueue: Add new WQ_PERCPU flag") started moving the default of
 * alloc_workqueue() from per-CPU to unbound; 7.x warns at every
 * alloc_workqueue() that names neither WQ_PERCPU nor WQ_UNBOUND.
 *
 * Upstream: v6.17 930c2ea566af ("workqueue: Add new WQ_PERCPU flag")
 * Stable: 6.12
 * Polarity: newer
 * Shim: compat/include/linux/workqueue.h
 */
#include <linux/workqueue.h>

unsigned int probe = WQ_PERCPU;
