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

/* probes/ethtool_puts.c: before 6.8, a "%s" sprintf does the same. */
#ifndef HAVE_ETHTOOL_PUTS
#define ethtool_puts(data, str) ethtool_sprintf(data, "%s", str)
#endif

/*
 * probes/ethtool_gtp_flow_types.c: the uAPI values of 6.9.  An ethtool of
 * that age can ask a 6.1 kernel for them: the core passes flow_type on.
 */
#ifndef HAVE_ETHTOOL_GTP_FLOW_TYPES
#define GTPU_V4_FLOW		0x13
#define GTPU_V6_FLOW		0x14
#define GTPC_V4_FLOW		0x15
#define GTPC_V6_FLOW		0x16
#define GTPC_TEID_V4_FLOW	0x17
#define GTPC_TEID_V6_FLOW	0x18
#define GTPU_EH_V4_FLOW		0x19
#define GTPU_EH_V6_FLOW		0x1a
#define GTPU_UL_V4_FLOW		0x1b
#define GTPU_UL_V6_FLOW		0x1c
#define GTPU_DL_V4_FLOW		0x1d
#define GTPU_DL_V6_FLOW		0x1e
#define RXH_GTP_TEID		(1 << 8)
#endif

/* probes/rxh_xfrm_sym_xor.c: the uAPI value of 6.8. */
#ifndef HAVE_RXH_XFRM_SYM_XOR
#define RXH_XFRM_SYM_XOR	(1 << 0)
#endif

#endif
