// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_XSK_POOL_FILL_CB: an AF_XDP buffer has a driver control block
 * after its xdp_buff (for the XDP Rx metadata kfuncs).
 * Mainline v6.8, "xsk: add functions to fill control buffer".
 *
 * Upstream: v6.8 b4e352ff1169 ("xsk: add functions to fill control
 *   buffer")
 * Polarity: 6.12
 * Shim: compat/include/net/xdp_sock_drv.h
 */
#include <net/xdp_sock_drv.h>

void probe(struct xsk_buff_pool *pool, struct xsk_cb_desc *desc);
void probe(struct xsk_buff_pool *pool, struct xsk_cb_desc *desc)
{
	xsk_pool_fill_cb(pool, desc);
}
