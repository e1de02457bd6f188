// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_DEL_TIMER: del_timer() and del_timer_sync() exist.  Mainline v6.15,
 * 8fa7292fee5c ("treewide: Switch/rename to timer_delete[_sync]()")
 * converted their last users to timer_delete() and timer_delete_sync() and
 * removed the old names.
 *
 * Upstream: v6.15 8fa7292fee5c ("treewide: Switch/rename to
 *   timer_delete[_sync]()")
 * Polarity: 6.12
 * Shim: compat/include/linux/timer.h
 */
#include <linux/timer.h>

int probe(struct timer_list *t);
int probe(struct timer_list *t)
{
	return del_timer(t) + del_timer_sync(t);
}
