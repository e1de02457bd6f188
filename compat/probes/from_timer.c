// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_FROM_TIMER: from_timer() exists.  Mainline v6.16, 41cb08555c41
 * ("treewide, timers: Rename from_timer() to timer_container_of()")
 * renamed it and removed the old name.
 *
 * Upstream: v6.16 41cb08555c41 ("treewide, timers: Rename from_timer() to
 *   timer_container_of()")
 * Polarity: 6.12
 * Shim: compat/include/linux/timer.h
 */
#include <linux/timer.h>

struct probe_s {
	struct timer_list t;
};

struct probe_s *probe(struct timer_list *t);
struct probe_s *probe(struct timer_list *t)
{
	struct probe_s *s = from_timer(s, t, t);

	return s;
}
