/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ICE_BACKPORT_NET_XDP_SOCK_DRV_H_
#define _ICE_BACKPORT_NET_XDP_SOCK_DRV_H_
#include_next <net/xdp_sock_drv.h>

/*
 * probes/xsk_buff_add_frag_one_arg.c: the 6.12 driver fills the head's
 * shared info itself and then only queues the frag on the pool's list,
 * which is what the one-argument helper did.  The two-argument helper
 * would fill the shared info a second time.
 */
#ifndef HAVE_XSK_BUFF_ADD_FRAG_ONE_ARG
#ifdef CONFIG_XDP_SOCKETS
static inline void ice_backport_xsk_buff_add_frag(struct xdp_buff *xdp)
{
	struct xdp_buff_xsk *frag = container_of(xdp, struct xdp_buff_xsk, xdp);

	list_add_tail(&frag->list_node, &frag->pool->xskb_list);
}
#else
static inline void ice_backport_xsk_buff_add_frag(struct xdp_buff *xdp)
{
}
#endif
#define xsk_buff_add_frag(xdp) ice_backport_xsk_buff_add_frag(xdp)
#endif

#endif
