// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_ETHTOOL_GTP_FLOW_TYPES: the ethtool uAPI has the GTP flow types
 * and RXH_GTP_TEID.  Mainline v6.9, "ethtool: Add GTP RSS hash options
 * to ethtool.h".
 *
 * Upstream: v6.9 0ed3bba16d37 ("ethtool: Add GTP RSS hash options to
 *   ethtool.h")
 * Polarity: 6.12
 * Shim: compat/include/linux/ethtool.h
 */
#include <linux/ethtool.h>

int probe = GTPU_DL_V6_FLOW | RXH_GTP_TEID;
