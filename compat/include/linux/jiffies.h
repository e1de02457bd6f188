/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ICE_BACKPORT_LINUX_JIFFIES_H_
#define _ICE_BACKPORT_LINUX_JIFFIES_H_
#include_next <linux/jiffies.h>

/* probes/secs_to_jiffies.c */
#ifndef HAVE_SECS_TO_JIFFIES
#define secs_to_jiffies(_secs) msecs_to_jiffies((_secs) * 1000)
#endif

#endif
