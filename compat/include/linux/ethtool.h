/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ICE_BACKPORT_LINUX_ETHTOOL_H_
#define _ICE_BACKPORT_LINUX_ETHTOOL_H_
#include_next <linux/ethtool.h>

/*
 * probes/ethtool_ops_supported_input_xfrm.c: before the mask, the only
 * transform was symmetric-xor and a one-bit flag announced it.  ice sets
 * the mask to RXH_XFRM_SYM_XOR, which is 1, so the initializer keeps its
 * meaning when it lands on the old flag.
 */
#ifndef HAVE_ETHTOOL_OPS_SUPPORTED_INPUT_XFRM
#define supported_input_xfrm cap_rss_sym_xor_supported
#endif

#endif
