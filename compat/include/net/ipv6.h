/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ICE_BACKPORT_NET_IPV6_H_
#define _ICE_BACKPORT_NET_IPV6_H_
#include_next <net/ipv6.h>

/*
 * probes/ipv6_hopopt_jumbo_remove.c: the stack no longer puts a jumbo
 * hop-by-hop header into BIG TCP packets, so there is never one to strip
 * (0: nothing removed, no error).
 */
#ifndef HAVE_IPV6_HOPOPT_JUMBO_REMOVE
static inline int ipv6_hopopt_jumbo_remove(struct sk_buff *skb)
{
	return 0;
}
#endif

#endif
