// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_XSK_POOL_GET_RX_FRAG_STEP: the stride of an AF_XDP pool's Rx
 * fragments, for xdp_rxq_info's frag_size.  Upstream: 2025, "xsk:
 * introduce helper to determine rxq->frag_size" (stable, carried by
 * Debian's 6.12.117).  Shim: compat/include/net/xdp_sock_drv.h.
 */
#include <net/xdp_sock_drv.h>

u32 probe(struct xsk_buff_pool *pool);
u32 probe(struct xsk_buff_pool *pool)
{
	return xsk_pool_get_rx_frag_step(pool);
}
