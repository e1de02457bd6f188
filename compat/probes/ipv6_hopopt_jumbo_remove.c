// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_IPV6_HOPOPT_JUMBO_REMOVE: the helper that strips the Hop-by-Hop
 * jumbo option of an IPv6 BIG TCP packet before a driver sends it.
 * Mainline v6.2, "net: add a helper to remove the IPv6 jumbo option"
 * (BIG TCP itself is v5.19); removed again in v6.18, when the stack
 * stopped inserting the option into BIG TCP IPv6 GSO packets.  So it is
 * missing on both ends of the matrix, for opposite reasons:
 * probes/ipv6_has_hopopt_jumbo.c tells them apart.
 *
 * Upstream: v6.2 89300468e2b2 ("IPv6/GRO: generic helper to remove
 *   temporary HBH/jumbo header in driver")
 * Removed: v6.18
 * Polarity: 6.12
 * Shim: compat/include/net/ipv6.h
 */
#include <net/ipv6.h>

int probe(struct sk_buff *skb);
int probe(struct sk_buff *skb)
{
	return ipv6_hopopt_jumbo_remove(skb);
}
