// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_SET_NETDEV_DEVLINK_PORT: a netdev names its devlink port before
 * registration (dev->devlink_port), and the core links the two.
 * Upstream: v6.2, "net: devlink: add dev->devlink_port and
 * SET_NETDEV_DEVLINK_PORT()" (Jiri Pirko's series that retired
 * ndo_get_devlink_port).
 * Shim: compat/include/net/devlink.h
 */
#include <linux/netdevice.h>
#include <net/devlink.h>

void probe(struct net_device *dev, struct devlink_port *port);
void probe(struct net_device *dev, struct devlink_port *port)
{
	SET_NETDEV_DEVLINK_PORT(dev, port);
}
