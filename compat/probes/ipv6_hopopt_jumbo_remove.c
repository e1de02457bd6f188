// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_IPV6_HOPOPT_JUMBO_REMOVE: ipv6_hopopt_jumbo_remove() exists.
 * Upstream v6.18 stopped inserting the jumbo hop-by-hop header into BIG
 * TCP IPv6 GSO packets and removed the helper drivers used to strip it,
 * so there is nothing left to strip.
 * Shim: compat/include/net/ipv6.h.
 */
#include <net/ipv6.h>

int probe(struct sk_buff *skb);
int probe(struct sk_buff *skb)
{
	return ipv6_hopopt_jumbo_remove(skb);
}
