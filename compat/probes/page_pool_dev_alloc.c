// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_PAGE_POOL_DEV_ALLOC: page_pool_dev_alloc() picks a fragment or a
 * whole page by size.  Mainline v6.7, de97502e16fb ("page_pool:
 * introduce page_pool[_cache]_alloc() API").  Used by libeth's Rx
 * helpers (imported header), not by ice.
 *
 * Upstream: v6.7 de97502e16fb ("page_pool: introduce
 *   page_pool[_cache]_alloc() API")
 * Polarity: 6.12
 * Shim: compat/include/net/page_pool/helpers.h
 */
/* net/page_pool/helpers.h came one release before it (v6.6, a9ca9f9ceff3). */
#include <net/page_pool/helpers.h>

struct page *probe(struct page_pool *pp, unsigned int *off, unsigned int *sz);
struct page *probe(struct page_pool *pp, unsigned int *off, unsigned int *sz)
{
	return page_pool_dev_alloc(pp, off, sz);
}
