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

#endif
