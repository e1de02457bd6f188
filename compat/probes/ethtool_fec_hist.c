// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_ETHTOOL_FEC_HIST: ethtool_ops.get_fec_stats takes a third argument,
 * the FEC error histogram.  Mainline v6.18 ("ethtool: add FEC bins
 * histogramm report", upstream's spelling; posted to net-next in September
 * 2025, after the v6.17 merge window).
 * Used by patches/compat/0004.
 *
 * Upstream: v6.18 cc2f08129925 ("ethtool: add FEC bins histogram report")
 * Polarity: newer
 * Shim: compat/include/linux/ethtool.h
 */
#include <linux/ethtool.h>

static void probe_fec(struct net_device *dev, struct ethtool_fec_stats *s,
		      struct ethtool_fec_hist *hist)
{
}

const struct ethtool_ops probe = {
	.get_fec_stats = probe_fec,
};
