// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_ETHTOOL_OPS_SUPPORTED_INPUT_XFRM: struct ethtool_ops has the
 * supported_input_xfrm bit mask, which replaced the one-bit
 * cap_rss_sym_xor_supported when symmetric-or-xor RSS was added.
 * Mainline v6.15, ecdff893384c ("ethtool: Symmetric OR-XOR RSS hash").
 * Debian's 6.12 took it from stable between 6.12.95 and 6.12.117
 * (1b2a24307643 on linux-6.12.y).  Before v6.8 neither form exists.
 *
 * Upstream: v6.15 ecdff893384c ("ethtool: Symmetric OR-XOR RSS hash")
 * Stable: 6.12 1b2a24307643
 * Polarity: 6.12
 * Shim: compat/include/linux/ethtool.h
 */
#include <linux/ethtool.h>

const struct ethtool_ops probe = {
	.supported_input_xfrm = RXH_XFRM_SYM_XOR,
};
