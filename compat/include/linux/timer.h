/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ICE_BACKPORT_LINUX_TIMER_H_
#define _ICE_BACKPORT_LINUX_TIMER_H_
#include_next <linux/timer.h>

/* probes/from_timer.c: renamed, same arguments. */
#ifndef HAVE_FROM_TIMER
#define from_timer(var, callback_timer, timer_fieldname) \
	timer_container_of(var, callback_timer, timer_fieldname)
#endif

/* probes/del_timer.c: renamed, same semantics. */
#ifndef HAVE_DEL_TIMER
#define del_timer(timer) timer_delete(timer)
#define del_timer_sync(timer) timer_delete_sync(timer)
#endif

#endif
