/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ICE_BACKPORT_NET_XDP_H_
#define _ICE_BACKPORT_NET_XDP_H_
#include_next <net/xdp.h>

/*
 * probes/xdp_features.c: before 6.3 a netdev does not advertise its XDP
 * features; XDP, redirect and AF_XDP work all the same (the core asks
 * ndo_bpf / ndo_xdp_xmit), so there is nothing to advertise to.
 */
#ifndef HAVE_XDP_FEATURES
static inline void xdp_features_set_redirect_target(struct net_device *dev,
						    bool support_sg)
{
}

static inline void xdp_features_clear_redirect_target(struct net_device *dev)
{
}
#endif

/*
 * probes/xdp_metadata_ops.c: before 6.3 XDP programs cannot ask the driver
 * for Rx metadata.  ice still fills the 6.3 structure (and libie's packet
 * type table keeps the RSS hash types), so give both their 6.3 shape; the
 * kernel never reads them (src/Kbuild records "xdp-rx-metadata" disabled).
 */
#ifndef HAVE_XDP_METADATA_OPS
enum xdp_rss_hash_type {
	XDP_RSS_L3_IPV4		= BIT(0),
	XDP_RSS_L3_IPV6		= BIT(1),
	XDP_RSS_L3_DYNHDR	= BIT(2),
	XDP_RSS_L4		= BIT(3),
	XDP_RSS_L4_TCP		= BIT(4),
	XDP_RSS_L4_UDP		= BIT(5),
	XDP_RSS_L4_SCTP		= BIT(6),
	XDP_RSS_L4_IPSEC	= BIT(7),
	XDP_RSS_L4_ICMP		= BIT(8),

	XDP_RSS_TYPE_NONE		= 0,
	XDP_RSS_TYPE_L2			= XDP_RSS_TYPE_NONE,
	XDP_RSS_TYPE_L3_IPV4		= XDP_RSS_L3_IPV4,
	XDP_RSS_TYPE_L3_IPV6		= XDP_RSS_L3_IPV6,
	XDP_RSS_TYPE_L3_IPV4_OPT	= XDP_RSS_L3_IPV4 | XDP_RSS_L3_DYNHDR,
	XDP_RSS_TYPE_L3_IPV6_EX		= XDP_RSS_L3_IPV6 | XDP_RSS_L3_DYNHDR,
	XDP_RSS_TYPE_L4_ANY		= XDP_RSS_L4,
	XDP_RSS_TYPE_L4_IPV4_TCP	= XDP_RSS_L3_IPV4 | XDP_RSS_L4 | XDP_RSS_L4_TCP,
	XDP_RSS_TYPE_L4_IPV4_UDP	= XDP_RSS_L3_IPV4 | XDP_RSS_L4 | XDP_RSS_L4_UDP,
	XDP_RSS_TYPE_L4_IPV4_SCTP	= XDP_RSS_L3_IPV4 | XDP_RSS_L4 | XDP_RSS_L4_SCTP,
	XDP_RSS_TYPE_L4_IPV4_IPSEC	= XDP_RSS_L3_IPV4 | XDP_RSS_L4 | XDP_RSS_L4_IPSEC,
	XDP_RSS_TYPE_L4_IPV4_ICMP	= XDP_RSS_L3_IPV4 | XDP_RSS_L4 | XDP_RSS_L4_ICMP,
	XDP_RSS_TYPE_L4_IPV6_TCP	= XDP_RSS_L3_IPV6 | XDP_RSS_L4 | XDP_RSS_L4_TCP,
	XDP_RSS_TYPE_L4_IPV6_UDP	= XDP_RSS_L3_IPV6 | XDP_RSS_L4 | XDP_RSS_L4_UDP,
	XDP_RSS_TYPE_L4_IPV6_SCTP	= XDP_RSS_L3_IPV6 | XDP_RSS_L4 | XDP_RSS_L4_SCTP,
	XDP_RSS_TYPE_L4_IPV6_IPSEC	= XDP_RSS_L3_IPV6 | XDP_RSS_L4 | XDP_RSS_L4_IPSEC,
	XDP_RSS_TYPE_L4_IPV6_ICMP	= XDP_RSS_L3_IPV6 | XDP_RSS_L4 | XDP_RSS_L4_ICMP,
	XDP_RSS_TYPE_L4_IPV6_TCP_EX	= XDP_RSS_TYPE_L4_IPV6_TCP | XDP_RSS_L3_DYNHDR,
	XDP_RSS_TYPE_L4_IPV6_UDP_EX	= XDP_RSS_TYPE_L4_IPV6_UDP | XDP_RSS_L3_DYNHDR,
	XDP_RSS_TYPE_L4_IPV6_SCTP_EX	= XDP_RSS_TYPE_L4_IPV6_SCTP | XDP_RSS_L3_DYNHDR,
};

struct xdp_md;

struct xdp_metadata_ops {
	int	(*xmo_rx_timestamp)(const struct xdp_md *ctx, u64 *timestamp);
	int	(*xmo_rx_hash)(const struct xdp_md *ctx, u32 *hash,
			       enum xdp_rss_hash_type *rss_type);
	int	(*xmo_rx_vlan_tag)(const struct xdp_md *ctx, __be16 *vlan_proto,
				   u16 *vlan_tci);
};
#endif /* HAVE_XDP_METADATA_OPS */

/*
 * probes/xdp_rss_l4_icmp.c: 6.3 to 6.7 (the 6.6 LTS line) have the RSS
 * hash types without ICMP, which libie's packet type table names.  The
 * same bit as 6.8 and later, so that a program built against a newer
 * vmlinux.h reads it as ICMP.
 */
#if defined(HAVE_XDP_METADATA_OPS) && !defined(HAVE_XDP_RSS_L4_ICMP)
#define XDP_RSS_L4_ICMP			BIT(8)
#define XDP_RSS_TYPE_L4_IPV4_ICMP	(XDP_RSS_L3_IPV4 | XDP_RSS_L4 | \
					 XDP_RSS_L4_ICMP)
#define XDP_RSS_TYPE_L4_IPV6_ICMP	(XDP_RSS_L3_IPV6 | XDP_RSS_L4 | \
					 XDP_RSS_L4_ICMP)
#endif

/*
 * probes/xdp_metadata_rx_vlan_tag.c: 6.3 to 6.7 (the 6.6 LTS line) have
 * the kfuncs but not the VLAN one, so no XDP program can ask them for the
 * tag.  patches/compat/0014 puts ice's .xmo_rx_vlan_tag in this macro: left out
 * there, kept with the kernel's 6.8 structure and with the shim's own
 * structure above (before 6.3), which has the member.
 */
#if defined(HAVE_XDP_METADATA_OPS) && !defined(HAVE_XDP_METADATA_RX_VLAN_TAG)
#define ICE_BACKPORT_IF_XDP_METADATA_RX_VLAN_TAG(...)
#else
#define ICE_BACKPORT_IF_XDP_METADATA_RX_VLAN_TAG(...) __VA_ARGS__
#endif

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

/*
 * probes/xdp_buff_clear_frag_pfmemalloc.c: the helper patches/product/0018
 * calls, on kernels older than its stable backport (the flag itself is
 * older: every kernel with xdp_buff_set_frag_pfmemalloc() has it).
 */
#ifndef HAVE_XDP_BUFF_CLEAR_FRAG_PFMEMALLOC
static __always_inline void
xdp_buff_clear_frag_pfmemalloc(struct xdp_buff *xdp)
{
	xdp->flags &= ~XDP_FLAGS_FRAGS_PF_MEMALLOC;
}
#endif

#endif
