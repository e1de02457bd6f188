// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_KERNEL_ETHTOOL_TS_INFO: ethtool_ops.get_ts_info fills the kernel's
 * own struct kernel_ethtool_ts_info instead of the uAPI ethtool_ts_info.
 * Mainline v6.11, 2111375b85ad ("net: Add struct kernel_ethtool_ts_info").
 *
 * Upstream: v6.11 2111375b85ad ("net: Add struct kernel_ethtool_ts_info")
 * Polarity: 6.12
 * Shim: compat/include/linux/ethtool.h
 */
#include <linux/ethtool.h>

int probe(struct net_device *dev, struct kernel_ethtool_ts_info *info);
int probe(struct net_device *dev, struct kernel_ethtool_ts_info *info)
{
	return ethtool_op_get_ts_info(dev, info);
}
