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

/* probes/ethtool_puts.c: one ETH_GSTRING_LEN slot, as 6.8 fills it. */
#ifndef HAVE_ETHTOOL_PUTS
static inline void ethtool_puts(u8 **data, const char *str)
{
	strscpy(*data, str, ETH_GSTRING_LEN);
	*data += ETH_GSTRING_LEN;
}
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
#define RXH_GTP_TEID		BIT(8)
#endif

/* probes/rxh_xfrm_sym_xor.c: the uAPI value of 6.8. */
#ifndef HAVE_RXH_XFRM_SYM_XOR
#define RXH_XFRM_SYM_XOR	BIT(0)
#endif

/*
 * probes/kernel_ethtool_ts_info.c: before 6.11 get_ts_info fills the uAPI
 * struct, whose fields ice sets have the same names and meaning.
 */
#ifndef HAVE_KERNEL_ETHTOOL_TS_INFO
#define kernel_ethtool_ts_info ethtool_ts_info
#endif

/*
 * probes/ethtool_forced_speed_map.c: ice builds its forced-speed table
 * with the 6.7 helper; before it, each driver filled its own.  Same
 * layout and initialisation, inline so that no symbol is added.
 */
#ifndef HAVE_ETHTOOL_FORCED_SPEED_MAP
#include <linux/linkmode.h>

struct ethtool_forced_speed_map {
	u32		speed;
	__ETHTOOL_DECLARE_LINK_MODE_MASK(caps);

	const u32	*cap_arr;
	u32		arr_size;
};

#define ETHTOOL_FORCED_SPEED_MAP(prefix, value)				\
{									\
	.speed		= SPEED_##value,				\
	.cap_arr	= prefix##_##value,				\
	.arr_size	= ARRAY_SIZE(prefix##_##value),			\
}

static inline void
ethtool_forced_speed_maps_init(struct ethtool_forced_speed_map *maps, u32 size)
{
	u32 i, j;

	for (i = 0; i < size; i++) {
		for (j = 0; j < maps[i].arr_size; j++)
			__set_bit(maps[i].cap_arr[j], maps[i].caps);
		maps[i].cap_arr = NULL;
		maps[i].arr_size = 0;
	}
}
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
