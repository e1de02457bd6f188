// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_XDP_METADATA_OPS: XDP programs read Rx metadata (timestamp, hash
 * and its type) through the driver's xdp_metadata_ops kfuncs.
 * Mainline v6.3, "bpf: XDP metadata RX kfuncs" and
 * "xdp: rss hash types representation".
 *
 * Upstream: v6.3 0cd917a4a8ac ("xdp: rss hash types representation")
 * Polarity: 6.12
 * Shim: compat/include/net/xdp.h
 * Disables: xdp-rx-metadata — XDP programs cannot read the Rx timestamp,
 *   hash or VLAN tag through kfuncs (the kernel has none); XDP and the skb
 *   path keep all offloads
 */
#include <net/xdp.h>

static int probe_hash(const struct xdp_md *ctx, u32 *hash,
		      enum xdp_rss_hash_type *type)
{
	return 0;
}

const struct xdp_metadata_ops probe = {
	.xmo_rx_hash = probe_hash,
};
