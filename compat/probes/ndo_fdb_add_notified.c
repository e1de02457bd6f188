// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_NDO_FDB_ADD_NOTIFIED: ndo_fdb_add and ndo_fdb_del take a
 * "bool *notified" before the extack.  Mainline v6.13, 4b42fbc6bd8f
 * ("ndo_fdb_add: Add a parameter to report whether notification was
 * sent") and 42575ad5aab9 (the same for ndo_fdb_del).
 * Used by patches/compat/0004.
 *
 * Upstream: v6.13 4b42fbc6bd8f ("ndo_fdb_add: Add a parameter to report
 *   whether notification was sent")
 * Polarity: newer
 * Shim: compat/include/linux/netdevice.h
 */
#include <linux/netdevice.h>

static int probe_add(struct ndmsg *ndm, struct nlattr *tb[],
		     struct net_device *dev, const unsigned char *addr,
		     u16 vid, u16 flags, bool *notified,
		     struct netlink_ext_ack *extack)
{
	return 0;
}

static int probe_del(struct ndmsg *ndm, struct nlattr *tb[],
		     struct net_device *dev, const unsigned char *addr,
		     u16 vid, bool *notified, struct netlink_ext_ack *extack)
{
	return 0;
}

const struct net_device_ops probe = {
	.ndo_fdb_add = probe_add,
	.ndo_fdb_del = probe_del,
};
