// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_XSK_MULTI_BUFFER: AF_XDP carries frames of several buffers
 * (xsk_is_eop_desc(), xsk_buff_add_frag(), xsk_buff_get_frag()).
 * Mainline v6.6, the "xsk: multi-buffer support" series (Maciej
 * Fijalkowski, Tirthendu Sarkar).
 *
 * Upstream: v6.6 1b725b0c8163 ("xsk: allow core/drivers to test EOP bit")
 * Polarity: 6.12
 * Shim: compat/include/net/xdp_sock_drv.h
 * Disables: af-xdp-multi-buffer — an AF_XDP frame is one buffer, as that
 *   kernel's AF_XDP defines it
 */
#include <net/xdp_sock_drv.h>

/* Not const: the argument became const only in later 6.12 stable. */
bool probe(struct xdp_desc *desc);
bool probe(struct xdp_desc *desc)
{
	return xsk_is_eop_desc(desc);
}
