/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ICE_BACKPORT_NET_XDP_H_
#define _ICE_BACKPORT_NET_XDP_H_
#include_next <net/xdp.h>

/*
 * probes/xdp_update_skb_shared_info.c: the old pair on top of the new
 * helper.  Only the pfmemalloc flag is carried: ice's Rx pages come from
 * its own allocator and are never unreadable (devmem) pages.
 */
#ifndef HAVE_XDP_UPDATE_SKB_SHARED_INFO
static __always_inline bool
xdp_buff_is_frag_pfmemalloc(const struct xdp_buff *xdp)
{
	return !!(xdp->flags & XDP_FLAGS_FRAGS_PF_MEMALLOC);
}

static inline void
xdp_update_skb_shared_info(struct sk_buff *skb, u8 nr_frags,
			   unsigned int size, unsigned int truesize,
			   bool pfmemalloc)
{
	xdp_update_skb_frags_info(skb, nr_frags, size, truesize,
				  pfmemalloc ? XDP_FLAGS_FRAGS_PF_MEMALLOC : 0);
}
#endif

#endif
