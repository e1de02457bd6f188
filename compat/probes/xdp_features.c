// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_XDP_FEATURES: a netdev advertises its XDP features
 * (netdev->xdp_features, NETDEV_XDP_ACT_*, the redirect-target helpers).
 * Mainline v6.3, d3d854fd6a1d ("netdev-genl: create a simple family for
 * netdev stuff") and 66c0e13ad236 ("drivers: net: turn on XDP features").
 *
 * Upstream: v6.3 d3d854fd6a1d ("netdev-genl: create a simple family for
 *   netdev stuff")
 * Polarity: 6.12
 * Shim: compat/include/net/xdp.h
 */
#include <linux/netdevice.h>
#include <net/xdp.h>

void probe(struct net_device *dev);
void probe(struct net_device *dev)
{
	dev->xdp_features = NETDEV_XDP_ACT_BASIC;
	xdp_features_set_redirect_target(dev, true);
}
