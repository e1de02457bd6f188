// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_IPV6_HAS_HOPOPT_JUMBO: the stack may put a Hop-by-Hop jumbo option
 * into IPv6 BIG TCP packets, and ipv6_has_hopopt_jumbo() finds it.
 * Mainline v5.19, "ipv6: add struct hop_jumbo_hdr" and BIG TCP; gone in
 * v6.18 with the option itself.  Decides what the ipv6_hopopt_jumbo_remove
 * shim must do.
 *
 * Upstream: v5.19 09f3d1a3a52c ("ipv6/gso: remove temporary HBH/jumbo
 *   header")
 * Removed: v6.18
 * Polarity: 6.12
 * Shim: compat/include/net/ipv6.h
 */
#include <net/ipv6.h>

int probe(const struct sk_buff *skb);
int probe(const struct sk_buff *skb)
{
	return ipv6_has_hopopt_jumbo(skb) + (int)sizeof(struct hop_jumbo_hdr);
}
