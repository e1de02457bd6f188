// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_PAGE_POOL_DMA_SYNC_FOR_CPU: page_pool_dma_sync_for_cpu() exists.
 * Mainline v6.10, ("page_pool: add DMA-sync-for-CPU inline
 * helper").  Used by libeth's Rx helpers (imported header), not by ice.
 *
 * Upstream: v6.10 ce230f4f8981 ("page_pool: add DMA-sync-for-CPU inline
 *   helper")
 * Polarity: 6.12
 * Shim: compat/include/net/page_pool/helpers.h
 */
/* It came with the split of net/page_pool.h (the same release). */
#include <net/page_pool/helpers.h>

void probe(struct page_pool *pp, struct page *page, u32 off, u32 len);
void probe(struct page_pool *pp, struct page *page, u32 off, u32 len)
{
	page_pool_dma_sync_for_cpu(pp, page, off, len);
}
