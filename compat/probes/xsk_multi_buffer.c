// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_XSK_MULTI_BUFFER: AF_XDP carries frames of several buffers
 * (xsk_is_eop_desc(), xsk_buff_add_frag(), xsk_buff_get_frag()).
 * Upstream: v6.6, the "xsk: multi-buffer support" series (Maciej
 * Fijalkowski, Tirthendu Sarkar).  Shim: compat/include/net/xdp_sock_drv.h.
 */
#include <net/xdp_sock_drv.h>

/* Not const: the argument became const only in later 6.12 stable. */
bool probe(struct xdp_desc *desc);
bool probe(struct xdp_desc *desc)
{
	return xsk_is_eop_desc(desc);
}
