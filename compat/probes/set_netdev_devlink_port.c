// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_SET_NETDEV_DEVLINK_PORT: a netdev names its devlink port before
 * registration (dev->devlink_port), and the core links the two.
 * Mainline v6.2, "net: devlink: add dev->devlink_port and
 * SET_NETDEV_DEVLINK_PORT()" (Jiri Pirko's series that retired
 * ndo_get_devlink_port).
 *
 * Upstream: v6.2 02a68a47eade ("net: devlink: track netdev with
 *   devlink_port assigned")
 * Polarity: 6.12
 * Shim: compat/include/net/devlink.h
 * Disables: netdev-devlink-port — the netdev is not linked to its devlink
 *   port: `devlink port show` names no netdev; interface names stay those
 *   of 6.1's own ice (no npN suffix on a PF; in switchdev mode no pfNvfM
 *   names on VF representors)
 */
#include <linux/netdevice.h>
#include <net/devlink.h>

void probe(struct net_device *dev, struct devlink_port *port);
void probe(struct net_device *dev, struct devlink_port *port)
{
	SET_NETDEV_DEVLINK_PORT(dev, port);
}
