// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_DEL_TIMER: del_timer() and del_timer_sync() exist.  Upstream: v6.15
 * converted their users to timer_delete() and timer_delete_sync() and
 * removed the old names ("timers: Remove del_timer*()").
 * Shim: compat/include/linux/timer.h.
 */
#include <linux/timer.h>

int probe(struct timer_list *t);
int probe(struct timer_list *t)
{
	return del_timer(t) + del_timer_sync(t);
}
