// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_XDP_ZC_MAX_SEGS: a netdev says how many buffers an AF_XDP
 * zero-copy frame may span.
 * Upstream: v6.6, "xsk: add new netlink attribute dedicated for ZC max
 * frags" (the "xsk: multi-buffer support" series of Maciej Fijalkowski).
 * Shim: compat/include/linux/netdevice.h.
 */
#include <linux/netdevice.h>

void probe(struct net_device *dev);
void probe(struct net_device *dev)
{
	dev->xdp_zc_max_segs = 1;
}
