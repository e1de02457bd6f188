// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_ETHTOOL_GTP_FLOW_TYPES: the ethtool uAPI has the GTP flow types
 * and RXH_GTP_TEID.  Upstream: v6.9, "ethtool: Add GTP RSS hash options
 * to ethtool.h".  Shim: compat/include/linux/ethtool.h.
 */
#include <linux/ethtool.h>

int probe = GTPU_DL_V6_FLOW | RXH_GTP_TEID;
