// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_DEVLINK_RATE_TX_PRIORITY: devlink-rate objects carry tx_priority
 * and tx_weight, with their rate_{leaf,node}_tx_{priority,weight}_set
 * callbacks.
 * Mainline v6.2, "devlink: Introduce new attribute 'tx_priority' to
 * devlink-rate" and "devlink: Introduce new attribute 'tx_weight' to
 * devlink-rate" (Michal Wilczynski).
 * Used by patches/compat/0005.
 *
 * Upstream: v6.2 cd502236835b ("devlink: Introduce new attribute
 *   'tx_priority' to devlink-rate")
 * Polarity: 6.12
 * Shim: compat/include/net/devlink.h
 * Disables: devlink-rate-priority — no tx_priority/tx_weight on rate
 *   objects (the kernel has no such attributes)
 */
#include <net/devlink.h>

static int probe_set(struct devlink_rate *rate, void *priv, u32 v,
		     struct netlink_ext_ack *extack)
{
	return rate->tx_priority + rate->tx_weight;
}

const struct devlink_ops probe = {
	.rate_leaf_tx_priority_set = probe_set,
	.rate_leaf_tx_weight_set = probe_set,
	.rate_node_tx_priority_set = probe_set,
	.rate_node_tx_weight_set = probe_set,
};
