// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_ETHTOOL_OPS_SUPPORTED_INPUT_XFRM: struct ethtool_ops has the
 * supported_input_xfrm bit mask, which replaced the one-bit
 * cap_rss_sym_xor_supported when symmetric-or-xor RSS was added.
 * Upstream: 2025, the "symmetric OR-XOR RSS hash" series (commit to be
 * recorded).
 * Debian's 6.12 took it from stable between 6.12.95 and 6.12.117.
 * Shim: compat/include/linux/ethtool.h.
 */
#include <linux/ethtool.h>

const struct ethtool_ops probe = {
	.supported_input_xfrm = RXH_XFRM_SYM_XOR,
};
