// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_XDP_UPDATE_SKB_SHARED_INFO: xdp_update_skb_shared_info() and
 * xdp_buff_is_frag_pfmemalloc() exist.  Mainline v6.18 replaced them with
 * xdp_update_skb_frags_info(), which takes the xdp_buff flags
 * (xdp_buff_get_skb_flags()) so that unreadable frags are carried too.
 *
 * Upstream: v6.18 1827f773e416 ("net: xdp: pass full flags to
 *   xdp_update_skb_shared_info()")
 * Polarity: 6.12
 * Shim: compat/include/net/xdp.h
 */
#include <net/xdp.h>

void probe(struct sk_buff *skb, struct xdp_buff *xdp);
void probe(struct sk_buff *skb, struct xdp_buff *xdp)
{
	xdp_update_skb_shared_info(skb, 1, 0, 0,
				   xdp_buff_is_frag_pfmemalloc(xdp));
}
