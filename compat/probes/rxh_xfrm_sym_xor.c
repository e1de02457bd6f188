// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_RXH_XFRM_SYM_XOR: the ethtool uAPI has RSS input transforms.
 * Upstream: v6.8, 13e59344fb9d ("net: ethtool: add support for symmetric
 * RSS hash").  Shim: compat/include/linux/ethtool.h.
 */
#include <linux/ethtool.h>

int probe = RXH_XFRM_SYM_XOR;
