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
#if !defined(HAVE_ETHTOOL_OPS_SUPPORTED_INPUT_XFRM) && defined(HAVE_ETHTOOL_RXFH_PARAM)
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
 * ice has none to report; patches/compat/0004 wraps its stats parameter in this.
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
 * patches/compat/0004 puts this in ice_ethtool_ops in place of the bit.
 */
#ifdef HAVE_ETHTOOL_OPS_CAP_RSS_CTX_SUPPORTED
#define ICE_BACKPORT_CAP_RSS_CTX_SUPPORTED .cap_rss_ctx_supported = true,
#else
#define ICE_BACKPORT_CAP_RSS_CTX_SUPPORTED
#endif

/*
 * probes/ethtool_rxfh_param.c: before 6.8 get_rxfh/set_rxfh take indir,
 * key and hfunc one by one, and no input transform exists (the
 * symmetric-xor hash came with 6.8: src/Kbuild, "rss-sym-xor").  The
 * structure holds what ice reads and writes;
 * ICE_BACKPORT_ETHTOOL_RXFH_ADAPTERS(get, set), which patches/compat/0006
 * places before ice_ethtool_ops, defines get_bp and set_bp with the old
 * prototypes around ice's get and set, and ICE_BACKPORT_RXFH_OP() points
 * the table at them.  ice's set_rxfh only reads indir and key, so their
 * const is dropped on the way in.  rss_context stays 0: the old
 * context callbacks are not filled, as on 6.14 and later.
 */
#ifdef HAVE_ETHTOOL_RXFH_PARAM
#define ICE_BACKPORT_ETHTOOL_RXFH_ADAPTERS(get, set) \
	static_assert(sizeof(#get #set))
#define ICE_BACKPORT_RXFH_OP(fn) fn
#define ICE_BACKPORT_IF_ETHTOOL_RXFH_PARAM(...) __VA_ARGS__
#else
struct ethtool_rxfh_param {
	u8	hfunc;
	u32	indir_size;
	u32	*indir;
	u32	key_size;
	u8	*key;
	u32	rss_context;
	u8	rss_delete;
	u8	input_xfrm;
};

#define ICE_BACKPORT_ETHTOOL_RXFH_ADAPTERS(get, set)			\
static int get##_bp(struct net_device *dev, u32 *indir, u8 *key,	\
		    u8 *hfunc)						\
{									\
	struct ethtool_rxfh_param rxfh = {				\
		.indir = indir,						\
		.key = key,						\
	};								\
	int err = get(dev, &rxfh);					\
									\
	if (!err && hfunc)						\
		*hfunc = rxfh.hfunc;					\
	return err;							\
}									\
static int set##_bp(struct net_device *dev, const u32 *indir,		\
		    const u8 *key, const u8 hfunc)			\
{									\
	struct ethtool_rxfh_param rxfh = {				\
		.indir = (u32 *)indir,					\
		.key = (u8 *)key,					\
		.hfunc = hfunc,						\
	};								\
									\
	return set(dev, &rxfh, NULL);					\
}									\
static_assert(1)
#define ICE_BACKPORT_RXFH_OP(fn) fn##_bp
#define ICE_BACKPORT_IF_ETHTOOL_RXFH_PARAM(...)
#endif

/*
 * probes/ethtool_ops_rxfh_per_ctx_key.c: before 6.11 the core keeps no
 * RSS context state to describe.  patches/compat/0006 puts this around the bit.
 */
#ifdef HAVE_ETHTOOL_OPS_RXFH_PER_CTX_KEY
#define ICE_BACKPORT_IF_ETHTOOL_OPS_RXFH_PER_CTX_KEY(...) __VA_ARGS__
#else
#define ICE_BACKPORT_IF_ETHTOOL_OPS_RXFH_PER_CTX_KEY(...)
#endif

#endif
