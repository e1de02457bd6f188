// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_XDP_METADATA_RX_VLAN_TAG: the VLAN tag kfunc of XDP Rx metadata.
 * Mainline v6.8, e6795330f88b ("xdp: Add VLAN tag hint").  6.3 to 6.7
 * have xdp_metadata_ops without it (patches/compat/0014).
 *
 * Upstream: v6.8 e6795330f88b ("xdp: Add VLAN tag hint")
 * Polarity: 6.12
 * Shim: compat/include/net/xdp.h
 */
#include <net/xdp.h>

static int probe_vlan(const struct xdp_md *ctx, __be16 *proto, u16 *tci)
{
	return 0;
}

const struct xdp_metadata_ops probe = {
	.xmo_rx_vlan_tag = probe_vlan,
};
