// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_ETHTOOL_OPS_CAP_RSS_CTX_SUPPORTED: struct ethtool_ops has the
 * cap_rss_ctx_supported bit, with which a driver without the
 * create_rxfh_context ops accepted rss_context in set_rxfh.
 * Mainline v6.17, 4e655028c29f ("net: ethtool: remove the compat code for
 * _rxfh_context ops")
 * removed it: on those kernels ice's ADQ RSS contexts cannot be set
 * through ethtool; the default context works as before.
 * Used by patches/compat/0004.
 *
 * Upstream: v6.17 4e655028c29f ("net: ethtool: remove the compat code for
 *   _rxfh_context ops")
 * Polarity: 6.12
 * Shim: compat/include/linux/ethtool.h
 * Disables: rss-contexts — ADQ RSS contexts cannot be set through `ethtool
 *   -X context N`; the default context works
 */
#include <linux/ethtool.h>

const struct ethtool_ops probe = {
	.cap_rss_ctx_supported = true,
};
