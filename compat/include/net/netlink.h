/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ICE_BACKPORT_NET_NETLINK_H_
#define _ICE_BACKPORT_NET_NETLINK_H_
#include_next <net/netlink.h>

/* probes/nla_for_each_nested_type.c: before 6.10, walk all and filter. */
#ifndef HAVE_NLA_FOR_EACH_NESTED_TYPE
#define nla_for_each_nested_type(pos, type, nla, rem)	\
	nla_for_each_nested(pos, nla, rem)		\
		if (nla_type(pos) == (type))
#endif

#endif
