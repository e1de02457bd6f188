// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_XSK_CHECK_PRIV_TYPE: an AF_XDP buffer (struct xdp_buff_xsk) has a
 * control block for the driver (cb) right after its xdp_buff, and
 * XSK_CHECK_PRIV_TYPE() checks that a driver's extended xdp_buff fits in
 * it.  Mainline v6.3 added both for the XDP Rx metadata kfuncs; the
 * functions that fill the block (xsk_pool_fill_cb()) came in v6.8
 * (probes/xsk_pool_fill_cb.c), so 6.3 to 6.7 (the 6.6 LTS line) have the
 * block and the macro but not the fill.
 *
 * Upstream: v6.3 94ecc5ca4dbf ("xsk: Add cb area to struct xdp_buff_xsk")
 * Polarity: 6.12
 * Shim: compat/include/net/xdp_sock_drv.h
 */
#include <net/xdp_sock_drv.h>

void probe(struct xdp_buff_xsk *xskb);

struct probe_buff {
	struct xdp_buff xdp;
	void *priv;
};

void probe(struct xdp_buff_xsk *xskb)
{
	XSK_CHECK_PRIV_TYPE(struct probe_buff);
	xskb->cb[0] = 0;
}
