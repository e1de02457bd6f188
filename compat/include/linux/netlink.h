/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ICE_BACKPORT_LINUX_NETLINK_H_
#define _ICE_BACKPORT_LINUX_NETLINK_H_
#include_next <linux/netlink.h>

/*
 * probes/nl_set_err_msg_fmt_mod.c: before 6.2 an extack holds a constant
 * string only, with no buffer to format into.  Hand the format itself
 * back (a literal: it still names the failure); __printf keeps the
 * arguments type-checked.
 */
#ifndef HAVE_NL_SET_ERR_MSG_FMT_MOD
static inline __printf(2, 3) void
ice_bp_extack_fmt(struct netlink_ext_ack *extack, const char *fmt, ...)
{
	if (extack)
		extack->_msg = fmt;
}

#define NL_SET_ERR_MSG_FMT_MOD(extack, fmt, args...) \
	ice_bp_extack_fmt(extack, KBUILD_MODNAME ": " fmt, ##args)
#endif

#endif
