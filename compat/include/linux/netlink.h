/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ICE_BACKPORT_LINUX_NETLINK_H_
#define _ICE_BACKPORT_LINUX_NETLINK_H_
#include_next <linux/netlink.h>

/*
 * probes/nl_set_err_msg_fmt_mod.c: before 6.2 an extack holds a constant
 * string only, with no buffer to format into.  Hand the format itself
 * back (still names the failure), and keep the arguments type-checked.
 */
#ifndef HAVE_NL_SET_ERR_MSG_FMT_MOD
#define NL_SET_ERR_MSG_FMT_MOD(extack, fmt, args...) do {	\
	no_printk(fmt, ##args);					\
	NL_SET_ERR_MSG_MOD(extack, fmt);			\
} while (0)
#endif

#endif
