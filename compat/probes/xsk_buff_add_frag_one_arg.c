// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_XSK_BUFF_ADD_FRAG_ONE_ARG: xsk_buff_add_frag(xdp) only queues xdp
 * on its pool's frag list; the driver fills the head's shared info itself.
 * Mainline v6.14, 51205f841a49 ("xsk: make xsk_buff_add_frag() really
 * add the frag via __xdp_buff_add_frag()") made it
 * xsk_buff_add_frag(head, xdp), which fills the shared info too.
 *
 * Upstream: v6.14 51205f841a49 ("xsk: make xsk_buff_add_frag() really add
 *   the frag via __xdp_buff_add_frag()")
 * Polarity: 6.12
 * Shim: compat/include/net/xdp_sock_drv.h
 */
#include <net/xdp_sock_drv.h>

void probe(struct xdp_buff *xdp);
void probe(struct xdp_buff *xdp)
{
	xsk_buff_add_frag(xdp);
}
