/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ICE_BACKPORT_NET_IPV6_H_
#define _ICE_BACKPORT_NET_IPV6_H_
#include_next <net/ipv6.h>

/*
 * probes/ipv6_hopopt_jumbo_remove.c: the helper is missing before 6.2 and
 * again since 6.18.
 *
 * Before 6.2 (HAVE_IPV6_HAS_HOPOPT_JUMBO): ice raises its TSO limit above
 * 64K, so the stack hands it IPv6 BIG TCP packets carrying the 8-byte
 * Hop-by-Hop jumbo header, which the hardware must not see.  Move the MAC
 * and IPv6 headers over it; returns -1 when the head cannot be written.
 *
 * Since 6.18 the stack no longer puts the option in, so there is never one
 * to strip (0: nothing removed, no error).
 */
#ifndef HAVE_IPV6_HOPOPT_JUMBO_REMOVE
static inline int ipv6_hopopt_jumbo_remove(struct sk_buff *skb)
{
#ifdef HAVE_IPV6_HAS_HOPOPT_JUMBO
	const int hlen = sizeof(struct hop_jumbo_hdr);
	int nexthdr = ipv6_has_hopopt_jumbo(skb);

	if (!nexthdr)
		return 0;
	if (skb_cow_head(skb, 0))
		return -1;
	memmove(skb_mac_header(skb) + hlen, skb_mac_header(skb),
		skb_network_header(skb) - skb_mac_header(skb) +
		sizeof(struct ipv6hdr));
	__skb_pull(skb, hlen);
	skb->network_header += hlen;
	skb->mac_header += hlen;
	ipv6_hdr(skb)->nexthdr = nexthdr;
#endif
	return 0;
}
#endif

#endif
