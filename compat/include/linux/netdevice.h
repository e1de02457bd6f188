/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ICE_BACKPORT_LINUX_NETDEVICE_H_
#define _ICE_BACKPORT_LINUX_NETDEVICE_H_
#include_next <linux/netdevice.h>

/*
 * probes/netif_queue_set_napi.c: before 6.8 the kernel does not report
 * which NAPI serves a queue, nor its IRQ (the netdev netlink family has
 * no queue objects yet): there is nothing to record.
 */
#ifndef HAVE_NETIF_QUEUE_SET_NAPI
enum netdev_queue_type {
	NETDEV_QUEUE_TYPE_RX,
	NETDEV_QUEUE_TYPE_TX,
};

static inline void netif_queue_set_napi(struct net_device *dev,
					unsigned int queue_index,
					enum netdev_queue_type type,
					struct napi_struct *napi)
{
}

static inline void netif_napi_set_irq(struct napi_struct *napi, int irq)
{
}
#endif

#endif
