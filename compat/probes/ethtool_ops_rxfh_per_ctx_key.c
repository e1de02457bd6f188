// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_ETHTOOL_OPS_RXFH_PER_CTX_KEY: struct ethtool_ops has the
 * rxfh_per_ctx_key bit (each RSS context has its own key).
 * Mainline v6.12, "net: ethtool: let the core choose RSS context IDs"
 * series of Edward Cree ("net: ethtool: add new API for RSS contexts").
 * Before it the core kept no per-context state to describe.
 * Used by patches/compat/0006.
 *
 * Upstream: v6.12 ec6e57beaf8b ("ethtool: rss: don't report key if device
 *   doesn't support it")
 * Polarity: 6.12
 * Shim: compat/include/linux/ethtool.h
 */
#include <linux/ethtool.h>

const struct ethtool_ops probe = {
	.rxfh_per_ctx_key = true,
};
