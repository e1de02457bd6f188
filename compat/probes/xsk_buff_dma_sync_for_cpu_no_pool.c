// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_XSK_BUFF_DMA_SYNC_FOR_CPU_NO_POOL: xsk_buff_dma_sync_for_cpu()
 * finds the pool from the buffer.  Mainline v6.10, ("xsk:
 * Remove pool argument from xsk_buff_dma_sync_for_cpu").
 *
 * Upstream: v6.10 163943ac00cb ("xsk: use generic DMA sync shortcut
 *   instead of a custom one")
 * Polarity: 6.12
 * Shim: compat/include/net/xdp_sock_drv.h
 */
#include <net/xdp_sock_drv.h>

void probe(struct xdp_buff *xdp);
void probe(struct xdp_buff *xdp)
{
	xsk_buff_dma_sync_for_cpu(xdp);
}
