// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_NET_PAGE_POOL_HELPERS_H: net/page_pool.h was split into
 * net/page_pool/types.h and helpers.h.
 * Mainline v6.6, a9ca9f9ceff3 ("page_pool: split types and declarations
 * from page_pool.h").
 *
 * Upstream: v6.6 a9ca9f9ceff3 ("page_pool: split types and declarations
 *   from page_pool.h")
 * Polarity: 6.12
 * Shim: compat/include/net/page_pool/helpers.h
 */
#include <net/page_pool/helpers.h>

struct page_pool_params probe;
