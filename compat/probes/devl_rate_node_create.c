// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_DEVL_RATE_NODE_CREATE: a driver creates devlink-rate nodes itself
 * (devl_rate_node_create()) and gives a leaf its parent at creation
 * (devl_rate_leaf_create() with a parent argument): how ice exports its
 * Tx scheduler tree.
 * Mainline v6.2, "devlink: Allow for devlink-rate nodes parent
 * reassignment" series of Michal Wilczynski ("devlink: Enhance API for
 * creation of leaf nodes", "devlink: Allow to set up parent in
 * devl_rate_leaf_create()", "devlink: Export devlink_rate_node_create").
 *
 * Upstream: v6.2 caba177d7f4d ("devlink: Enable creation of the
 *   devlink-rate nodes from the driver")
 * Polarity: 6.12
 * Shim: compat/include/net/devlink.h
 * Disables: devlink-rate-tree — the Tx scheduler tree is not exported to
 *   devlink-rate; VF leaves keep tx_share/tx_max, nodes a user adds work
 */
#include <net/devlink.h>

int probe(struct devlink *devlink, struct devlink_port *port, char *name);
int probe(struct devlink *devlink, struct devlink_port *port, char *name)
{
	struct devlink_rate *node = devl_rate_node_create(devlink, NULL, name, NULL);

	return devl_rate_leaf_create(port, NULL, node);
}
