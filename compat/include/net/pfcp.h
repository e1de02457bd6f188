/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ICE_BACKPORT_NET_PFCP_H_
#define _ICE_BACKPORT_NET_PFCP_H_

#ifdef HAVE_NET_PFCP_H
#include_next <net/pfcp.h>
#else
/*
 * probes/net_pfcp_h.c: before 6.10 there is no PFCP tunnel device, so no
 * netdev is one and ice's tc offload of PFCP filters is never reached.
 * The filter code still sizes the match key: keep its 6.10 layout.
 */
#include <linux/netdevice.h>

struct pfcp_metadata {
	u8 type;
	__be64 seid;
} __packed;

static inline bool netif_is_pfcp(const struct net_device *dev)
{
	return false;
}
#endif /* HAVE_NET_PFCP_H */

#endif
