// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_XDP_ZC_MAX_SEGS: a netdev says how many buffers an AF_XDP
 * zero-copy frame may span.
 * Mainline v6.6, "xsk: add new netlink attribute dedicated for ZC max
 * frags" (the "xsk: multi-buffer support" series of Maciej Fijalkowski).
 *
 * Upstream: v6.6 13ce2daa259a ("xsk: add new netlink attribute dedicated
 *   for ZC max frags")
 * Polarity: 6.12
 * Shim: compat/include/linux/netdevice.h
 */
#include <linux/netdevice.h>

void probe(struct net_device *dev);
void probe(struct net_device *dev)
{
	dev->xdp_zc_max_segs = 1;
}
