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

/*
 * probes/ndo_fdb_add_notified.c: the fdb callbacks gained "notified".
 * ice sends no notification of its own, so it leaves it false and the
 * core sends the generic one, as before.  patches/0004 puts this in the
 * parameter lists of ice_fdb_add() and ice_fdb_del().
 */
#ifdef HAVE_NDO_FDB_ADD_NOTIFIED
#define ICE_BACKPORT_FDB_NOTIFIED_ARG bool __always_unused *notified,
#else
#define ICE_BACKPORT_FDB_NOTIFIED_ARG
#endif

#endif
