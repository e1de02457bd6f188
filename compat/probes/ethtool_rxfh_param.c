// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_ETHTOOL_RXFH_PARAM: get_rxfh/set_rxfh take struct
 * ethtool_rxfh_param (and set_rxfh an extack) instead of the indir, key
 * and hfunc arguments.
 * Mainline v6.8, fb6e30a72539 ("net: ethtool: pass a pointer to
 * parameters to get/set_rxfh ethtool ops").
 * Used by patches/compat/0006.
 *
 * Upstream: v6.8 fb6e30a72539 ("net: ethtool: pass a pointer to parameters
 *   to get/set_rxfh ethtool ops")
 * Polarity: 6.12
 * Shim: compat/include/linux/ethtool.h
 * Disables: rss-sym-xor — no symmetric-xor RSS (the kernel's ethtool
 *   cannot ask for it); `ethtool -x/-X` works through adapters
 */
#include <linux/ethtool.h>

static int probe_get(struct net_device *dev, struct ethtool_rxfh_param *p)
{
	return 0;
}

static int probe_set(struct net_device *dev, struct ethtool_rxfh_param *p,
		     struct netlink_ext_ack *extack)
{
	return 0;
}

const struct ethtool_ops probe = {
	.get_rxfh = probe_get,
	.set_rxfh = probe_set,
};
