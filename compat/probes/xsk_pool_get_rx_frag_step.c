// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_XSK_POOL_GET_RX_FRAG_STEP: the stride of an AF_XDP pool's Rx
 * fragments, for xdp_rxq_info's frag_size.
 * Mainline v7.0, 16394d805399 ("xsk: introduce helper to determine
 * rxq->frag_size"), a fix (Fixes: 24ea50127ecf, v6.6) that stable took:
 * 6.19.y in March 2026, and Debian's 6.12.95 already carries it.
 *
 * Upstream: v7.0 16394d805399 ("xsk: introduce helper to determine
 *   rxq->frag_size")
 * Stable: 6.12, 6.19
 * Polarity: 6.12
 * Shim: compat/include/net/xdp_sock_drv.h
 */
#include <net/xdp_sock_drv.h>

u32 probe(struct xsk_buff_pool *pool);
u32 probe(struct xsk_buff_pool *pool)
{
	return xsk_pool_get_rx_frag_step(pool);
}
