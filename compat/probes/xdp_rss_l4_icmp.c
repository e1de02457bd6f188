// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_XDP_RSS_L4_ICMP: the XDP Rx hash types name an ICMP hash
 * (XDP_RSS_L4_ICMP, XDP_RSS_TYPE_L4_IPV{4,6}_ICMP), which libie's packet
 * type table uses.  Mainline v6.8 added them with ice's Rx hash kfunc;
 * 6.3 to 6.7 (the 6.6 LTS line) have the enum without them.
 *
 * Upstream: v6.8 0e6a7b095970 ("ice: Support RX hash XDP hint")
 * Polarity: 6.12
 * Shim: compat/include/net/xdp.h
 */
#include <net/xdp.h>

const enum xdp_rss_hash_type probe[] = {
	XDP_RSS_L4_ICMP,
	XDP_RSS_TYPE_L4_IPV4_ICMP,
	XDP_RSS_TYPE_L4_IPV6_ICMP,
};
