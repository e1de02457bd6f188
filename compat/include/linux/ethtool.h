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

/*
 * probes/ethtool_fec_hist.c: get_fec_stats gained the FEC histogram.
 * ice has none to report; patches/0004 wraps its stats parameter in this.
 */
#ifdef HAVE_ETHTOOL_FEC_HIST
#define ICE_BACKPORT_FEC_STATS_ARGS(stats) \
	stats, struct ethtool_fec_hist __always_unused *hist
#else
#define ICE_BACKPORT_FEC_STATS_ARGS(stats) stats
#endif

/*
 * probes/ethtool_ops_cap_rss_ctx_supported.c: the bit is gone, and with
 * it setting ADQ RSS contexts through the legacy rss_context path.
 * patches/0004 puts this in ice_ethtool_ops in place of the bit.
 */
#ifdef HAVE_ETHTOOL_OPS_CAP_RSS_CTX_SUPPORTED
#define ICE_BACKPORT_CAP_RSS_CTX_SUPPORTED .cap_rss_ctx_supported = true,
#else
#define ICE_BACKPORT_CAP_RSS_CTX_SUPPORTED
#endif

#endif
