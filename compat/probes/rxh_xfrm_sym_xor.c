// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_RXH_XFRM_SYM_XOR: the ethtool uAPI has RSS input transforms.
 * Mainline v6.8, 13e59344fb9d ("net: ethtool: add support for symmetric
 * RSS hash").
 *
 * Upstream: v6.8 13e59344fb9d ("net: ethtool: add support for symmetric
 *   RSS hash")
 * Polarity: 6.12
 * Shim: compat/include/linux/ethtool.h
 */
#include <linux/ethtool.h>

int probe = RXH_XFRM_SYM_XOR;
