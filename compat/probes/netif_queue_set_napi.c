// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_NETIF_QUEUE_SET_NAPI: queues and NAPI instances can be linked for
 * the netdev netlink family (and their IRQ recorded in the NAPI).
 * Mainline v6.8, 2a502ff0c4e4 ("net: Add queue and napi association")
 * and 26793bfb5d60 ("net: Add NAPI IRQ support").
 *
 * Upstream: v6.8 2a502ff0c4e4 ("net: Add queue and napi association")
 * Polarity: 6.12
 * Shim: compat/include/linux/netdevice.h
 */
#include <linux/netdevice.h>

void probe(struct net_device *dev, struct napi_struct *napi);
void probe(struct net_device *dev, struct napi_struct *napi)
{
	netif_queue_set_napi(dev, 0, NETDEV_QUEUE_TYPE_RX, napi);
	netif_napi_set_irq(napi, 1);
}
