/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Rx ring emulator: the fault injection hook.  Included by
 * ice_txrx_selftest.c after every header ice_txrx.c includes and before
 * ice_txrx.c itself, so that the driver's file stays unchanged.
 *
 * The driver's Rx path allocates through three calls that the emulator
 * cannot reach from outside: dev_alloc_pages() in ice_alloc_mapped_page(),
 * napi_build_skb() in ice_build_skb() and napi_alloc_skb() in
 * ice_construct_skb() (legacy-rx).  Page and skb allocation have no
 * per-device ops; only the DMA mapping goes through the device (the
 * oracle's DMA ops fail it themselves, rxemu_oracle.c).  So the two
 * allocators are renamed for this translation unit only: the macros below
 * send the driver's calls to rxemu_fault.c, which fails the calls the
 * scenario names and otherwise calls the kernel's function.
 *
 * Order matters.  The macros must follow every header that declares or
 * defines these names (a declaration renamed after them would clash with
 * the static hooks), hence ice_txrx_selftest.c includes ice_txrx.c's own
 * headers first; their include guards then make ice_txrx.c's includes
 * no-ops.  dev_kfree_skb() is renamed too: its one call in ice_txrx.c is
 * ice_construct_skb() giving up a frame whose frags do not fit an skb,
 * which the driver counts in alloc_buf_failed like a failed allocation,
 * so the oracle must know of it to check that counter.
 * The real calls are taken here, before the names are redefined:
 * dev_alloc_pages() is a macro since 6.10 (alloc_hooks, memory profiling)
 * and an inline function before; napi_alloc_skb() is a function since 6.10
 * and an inline before; napi_build_skb() is a function everywhere.
 */
#ifndef _RXEMU_FAULT_H_
#define _RXEMU_FAULT_H_

#include <linux/skbuff.h>

static inline struct page *rxemu_real_dev_alloc_pages(unsigned int order)
{
	return dev_alloc_pages(order);
}

static inline struct sk_buff *
rxemu_real_napi_build_skb(void *data, unsigned int frag_size)
{
	return napi_build_skb(data, frag_size);
}

static inline struct sk_buff *
rxemu_real_napi_alloc_skb(struct napi_struct *napi, unsigned int length)
{
	return napi_alloc_skb(napi, length);
}

/* rxemu_fault.c */
static void rxemu_dev_kfree_skb(struct sk_buff *skb);
static struct page *rxemu_dev_alloc_pages(unsigned int order);
static struct sk_buff *rxemu_napi_build_skb(void *data, unsigned int frag_size);
static struct sk_buff *rxemu_napi_alloc_skb(struct napi_struct *napi,
					    unsigned int length);

#undef dev_alloc_pages
#undef napi_build_skb
#undef napi_alloc_skb
#undef dev_kfree_skb
#define dev_kfree_skb(skb)		rxemu_dev_kfree_skb(skb)
#define dev_alloc_pages(order)		rxemu_dev_alloc_pages(order)
#define napi_build_skb(data, size)	rxemu_napi_build_skb(data, size)
#define napi_alloc_skb(napi, length)	rxemu_napi_alloc_skb(napi, length)

#endif /* _RXEMU_FAULT_H_ */
