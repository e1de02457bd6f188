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
 * core sends the generic one, as before.  patches/compat/0004 puts this in the
 * parameter lists of ice_fdb_add() and ice_fdb_del().
 */
#ifdef HAVE_NDO_FDB_ADD_NOTIFIED
#define ICE_BACKPORT_FDB_NOTIFIED_ARG bool __always_unused *notified,
#else
#define ICE_BACKPORT_FDB_NOTIFIED_ARG
#endif

/*
 * probes/xdp_metadata_ops.c, xdp_features.c, xdp_zc_max_segs.c: net_device
 * members that older kernels lack.  patches/compat/0010 wraps each assignment of
 * ice's in the macro of its member: the statement itself where the member
 * exists (upstream's tokens), nothing where it does not.  Nothing is lost:
 * without xdp_metadata_ops no XDP program can ask for Rx metadata
 * (src/Kbuild: xdp-rx-metadata), without xdp_features the core does not
 * check them (XDP, redirect and AF_XDP zero-copy work all the same), and
 * without xdp_zc_max_segs an AF_XDP frame is one buffer.
 */
#ifdef HAVE_XDP_METADATA_OPS
#define ICE_BACKPORT_XDP_METADATA_OPS(...) __VA_ARGS__
#else
#define ICE_BACKPORT_XDP_METADATA_OPS(...) do { } while (0)
#endif
#ifdef HAVE_XDP_FEATURES
#define ICE_BACKPORT_XDP_FEATURES(...) __VA_ARGS__
#else
#define ICE_BACKPORT_XDP_FEATURES(...) do { } while (0)
#endif
#ifdef HAVE_XDP_ZC_MAX_SEGS
#define ICE_BACKPORT_XDP_ZC_MAX_SEGS(...) __VA_ARGS__
#else
#define ICE_BACKPORT_XDP_ZC_MAX_SEGS(...) do { } while (0)
#endif

#endif
