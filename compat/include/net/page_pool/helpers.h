/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ICE_BACKPORT_NET_PAGE_POOL_HELPERS_H_
#define _ICE_BACKPORT_NET_PAGE_POOL_HELPERS_H_

/* probes/net_page_pool_helpers_h.c: before 6.6 one header held it all. */
#ifdef HAVE_NET_PAGE_POOL_HELPERS_H
#include_next <net/page_pool/helpers.h>
#else
#include <net/page_pool.h>
#endif

/*
 * probes/page_pool_dev_alloc.c: libeth's Rx helpers (an imported header
 * ice includes but does not call) allocate through the 6.7 API.  Before
 * it, a pool hands out whole pages: say so through offset and size.
 */
#ifndef HAVE_PAGE_POOL_DEV_ALLOC
static inline struct page *page_pool_dev_alloc(struct page_pool *pool,
					       unsigned int *offset,
					       unsigned int *size)
{
	*offset = 0;
	*size = PAGE_SIZE << pool->p.order;
	return page_pool_dev_alloc_pages(pool);
}
#endif

/* probes/page_pool_dma_sync_for_cpu.c: the same helpers sync through it. */
#ifndef HAVE_PAGE_POOL_DMA_SYNC_FOR_CPU
static inline void page_pool_dma_sync_for_cpu(const struct page_pool *pool,
					      const struct page *page,
					      u32 offset, u32 dma_sync_size)
{
	dma_sync_single_range_for_cpu(pool->p.dev,
				      page_pool_get_dma_addr((struct page *)page),
				      offset + pool->p.offset, dma_sync_size,
				      page_pool_get_dma_dir((struct page_pool *)pool));
}
#endif

#endif
