// SPDX-License-Identifier: GPL-2.0
/*
 * Rx ring emulator: the oracle.  Included by ice_txrx_selftest.c.
 *
 * Why it cannot be fooled by the code under test
 * -----------------------------------------------
 * The oracle keeps its own ledger of every page the ring ever held, fed by
 * the DMA API and not by the driver's data structures: the emulator's
 * device has DMA ops of its own (physical addresses, exactly what dma-direct
 * gives), so every dma_map_page() of an Rx page enters the ledger and every
 * dma_unmap_page() marks it as gone from the ring.  A page can only leave
 * the driver in three ways, and the ledger tells them apart:
 *
 *  - the driver unmaps it (ice_put_rx_buf() when it cannot reuse the page,
 *    ice_clean_rx_ring() at teardown).  Right in the unmap callback, before
 *    the driver drains its pagecnt_bias, the oracle takes one reference of
 *    its own (a "pin").  The driver has already decided about reuse by then
 *    and never looks at the page again, so the pin changes nothing for it,
 *    but the page cannot be freed and handed to someone else while the
 *    oracle still has questions about it.  Once no skb references the page
 *    any more, its refcount must be exactly 1, our pin: we drop it and have
 *    proven that the page went back to the allocator, without ever reading
 *    the struct page of a page that might already belong to someone else;
 *  - the driver keeps it mapped and it stays in a ring slot: fine;
 *  - the driver keeps it mapped but no slot points at it any more: the
 *    page is LOST.  That is exactly the pre-fix bug (ice_reuse_rx_page()
 *    overwriting a slot that still held a page): the pagecnt_bias
 *    references (up to 65535) are orphaned and the page can never be freed.
 *
 * After every poll the oracle also checks the ring invariants (the slot at
 * next_to_alloc is empty, no page sits in two slots, every slot's page is
 * mapped, every descriptor owned by the hardware points at its slot's
 * buffer) and the reference identity of every page:
 *
 *   page_count = driver's pagecnt_bias (if in a slot)
 *              + 1 per buffer of the frame being gathered that carried data
 *              (+ 0 or 1 per zero-length buffer of that frame, see below)
 *              + 1 per reference from an skb the emulator still holds
 *              + 1 per XDP Tx buffer in flight on the page (XDP_TX),
 *                or per redirected xdp_frame on its target's Tx ring
 *              + 1 for the oracle's pin (if unmapped)
 *
 * computed from the skbs themselves (head_frag and frags) and from the sizes
 * the emulated hardware wrote.  More references than owners means a leak,
 * fewer means a page that will be freed while still in use.  At the end the
 * ring is torn down with the driver's own ice_clean_rx_ring(), every skb is
 * freed, and every page in the ledger must have been proven returned; the
 * others are counted as leaked.
 */

static struct rxemu *rxemu_cur;	/* runs are serialised by rxemu_lock */

static const char * const rxemu_state_name[] = {
	[RXEMU_PG_MAPPED] = "mapped",
	[RXEMU_PG_PINNED] = "unmapped",
	[RXEMU_PG_LOST] = "lost",
	[RXEMU_PG_LEAKED] = "leaked",
	[RXEMU_PG_BROKEN] = "broken",
};

static __printf(2, 3) void rxemu_err(struct rxemu *e, const char *fmt, ...)
{
	struct va_format vaf;
	va_list args;

	e->errors++;
	if (e->errors > RXEMU_MAX_MSGS) {
		if (e->errors == RXEMU_MAX_MSGS + 1)
			pr_info("rxemu: #   (further diagnostics of this run suppressed)\n");
		return;
	}
	va_start(args, fmt);
	vaf.fmt = fmt;
	vaf.va = &args;
	pr_info("rxemu: #   %s: %pV\n", e->where, &vaf);
	va_end(args);
}

/* Pages are named by their frame number in messages: stable, not hashed. */
static unsigned long rxemu_pfn(struct page *page)
{
	return page ? page_to_pfn(page) : 0;
}

static struct rxemu_page *rxemu_page_find(struct rxemu *e, struct page *page)
{
	struct rxemu_page *p;

	hash_for_each_possible(e->pages, p, node, (unsigned long)page)
		if (p->page == page)
			return p;
	return NULL;
}

static struct rxemu_page *rxemu_dead_find(struct rxemu *e, struct page *page)
{
	struct rxemu_page *p;

	hash_for_each_possible(e->dead, p, node, (unsigned long)page)
		if (p->page == page)
			return p;
	return NULL;
}

/* A lost or leaked page never comes back to the allocator: set it apart. */
static void rxemu_bury(struct rxemu *e, struct rxemu_page *p,
		       enum rxemu_page_state state)
{
	p->state = state;
	hash_del(&p->node);
	hash_add(e->dead, &p->node, (unsigned long)p->page);
	if (state == RXEMU_PG_LOST)
		e->lost_seen++;
}

static struct rxemu_page *rxemu_addr_find(struct rxemu *e, dma_addr_t addr)
{
	unsigned long pfn = PHYS_PFN(addr);

	if (!pfn_valid(pfn))
		return NULL;
	return rxemu_page_find(e, compound_head(pfn_to_page(pfn)));
}

/* --- DMA ops of the emulator's device: the ledger's only input --- */

/* XDP_TX and the redirect target map a buffer of an Rx page once more,
 * for the device to read (__ice_xmit_xdp_ring()).  Such a mapping must be
 * of a page the ledger knows, and be undone before the page can go; it
 * takes no reference: the Tx buffer's reference is the one the frame had
 * (counted in txrefs).  A failed mapping (fault txdma) is no mapping:
 * undoing it is an error.
 */
static dma_addr_t rxemu_tx_map(struct rxemu *e, struct page *page,
			       unsigned long offset, size_t size)
{
	struct rxemu_page *p = rxemu_page_find(e, compound_head(page));
	u32 half;

	if (!p || (p->state != RXEMU_PG_MAPPED && p->state != RXEMU_PG_PINNED)) {
		rxemu_err(e, "driver mapped page pfn %#lx for Tx, which is no live Rx page",
			  rxemu_pfn(page));
		return DMA_MAPPING_ERROR;
	}
	/* An injected txdma fault: no mapping, the frame must be dropped
	 * (rxemu_fault.c marks it, rxemu_resolve() excuses it).
	 */
	if (rxemu_fault_now(e, RXEMU_FAULT_TXDMA)) {
		half = ((page - p->page) * PAGE_SIZE + offset) /
		       rxemu_frame_sz(&e->cfg);
		rxemu_fault_frame_seq(e, p->half_seq[half & 1]);
		return DMA_MAPPING_ERROR;
	}
	p->txmaps++;
	e->tx_maps++;
	return page_to_phys(page) + offset;
}

static void rxemu_tx_unmap(struct rxemu *e, dma_addr_t addr)
{
	struct rxemu_page *p = rxemu_addr_find(e, addr);

	if (!p || !p->txmaps) {
		rxemu_err(e, "driver unmapped %pad for Tx, which has no Tx mapping",
			  &addr);
		return;
	}
	p->txmaps--;
	e->tx_unmaps++;
}

static dma_addr_t rxemu_refuse_map(struct rxemu *e)
{
	rxemu_err(e, "the page ledger cannot grow: mapping refused");
	return DMA_MAPPING_ERROR;
}

/* An injected DMA fault (rxemu_fault.c): the mapping fails.  The page
 * enters the ledger pinned, as if unmapped at once: the driver must free
 * it (ice_alloc_mapped_page() does, __free_pages()), and the checkpoint
 * then finds our pin its only reference, which proves it came back.
 */
static dma_addr_t rxemu_fault_map(struct rxemu *e, struct page *page)
{
	struct rxemu_page *p = rxemu_page_find(e, page);

	if (p) {
		rxemu_err(e, "driver mapped page pfn %#lx that the ledger has as %s",
			  rxemu_pfn(page), rxemu_state_name[p->state]);
		return DMA_MAPPING_ERROR;
	}
	p = kzalloc(sizeof(*p), GFP_ATOMIC);
	if (!p)
		return rxemu_refuse_map(e);
	p->page = page;
	p->dma = DMA_MAPPING_ERROR;
	p->state = RXEMU_PG_PINNED;
	p->dma_fault = true;
	p->slot = -1;
	get_page(page);
	hash_add(e->pages, &p->node, (unsigned long)page);
	return DMA_MAPPING_ERROR;
}

static dma_addr_t rxemu_map_page(struct device *dev, struct page *page,
				 unsigned long offset, size_t size,
				 enum dma_data_direction dir,
				 unsigned long attrs)
{
	struct rxemu *e = rxemu_cur;
	struct rxemu_page *p;

	if (!e)
		return DMA_MAPPING_ERROR;
	if (dir == DMA_TO_DEVICE)
		return rxemu_tx_map(e, page, offset, size);
	/* the AF_XDP umem (xsk_pool_dma_map()): the umem ledger's */
	if (dir == DMA_BIDIRECTIONAL)
		return rxemu_umem_map(e, page, offset);
	if (offset || dir != DMA_FROM_DEVICE || compound_head(page) != page)
		rxemu_err(e, "driver mapped page pfn %#lx offset %lu direction %d: not a whole Rx page",
			  rxemu_pfn(page), offset, dir);
	if (rxemu_fault_now(e, RXEMU_FAULT_DMA))
		return rxemu_fault_map(e, page);
	p = rxemu_page_find(e, page);
	if (p && p->state != RXEMU_PG_BROKEN) {
		rxemu_err(e, "driver mapped page pfn %#lx that the ledger has as %s",
			  rxemu_pfn(page), rxemu_state_name[p->state]);
		return p->dma;
	}
	if (!p) {
		p = kzalloc(sizeof(*p), GFP_ATOMIC);
		if (!p)
			return rxemu_refuse_map(e);
		p->page = page;
		hash_add(e->pages, &p->node, (unsigned long)page);
	}
	p->dma = page_to_phys(page) + offset;
	p->size = size;
	p->state = RXEMU_PG_MAPPED;
	p->pfmemalloc = page_is_pfmemalloc(page);
	p->posts = 0;
	/* mapped without a sync (ICE_RX_DMA_ATTR): the CPU still owns it */
	p->cpu_owned = attrs & DMA_ATTR_SKIP_CPU_SYNC ? ~0U : 0;
	p->slot = -1;
	e->mapped++;
	return p->dma;
}

static void rxemu_unmap_page(struct device *dev, dma_addr_t addr, size_t size,
			     enum dma_data_direction dir, unsigned long attrs)
{
	struct rxemu *e = rxemu_cur;
	struct rxemu_page *p;

	if (!e)
		return;
	if (dir == DMA_TO_DEVICE) {
		rxemu_tx_unmap(e, addr);
		return;
	}
	if (dir == DMA_BIDIRECTIONAL) {
		rxemu_umem_unmap(e, addr);
		return;
	}
	p = rxemu_addr_find(e, addr);
	if (!p || p->state != RXEMU_PG_MAPPED || p->dma != addr) {
		rxemu_err(e, "driver unmapped %pad, which is not a mapped Rx page",
			  &addr);
		return;
	}
	if (size != p->size)
		rxemu_err(e, "driver unmapped %pad with size %zu, mapped with %zu",
			  &addr, size, p->size);
	/* The pin: see the comment at the top of this file. */
	get_page(p->page);
	p->state = RXEMU_PG_PINNED;
	if (!e->teardown) {
		e->not_reused++;
		e->not_reused_pf += p->pfmemalloc;
	} else {
		e->cleaned++;
	}
}

#ifndef HAVE_DMA_MAP_OPS_MAP_PAGE
/*
 * Kernels whose DMA ops map physical addresses (probes/dma_map_ops_map_page.c):
 * the ledger keys on pages, so turn the address back into page and offset.
 * Unmapping is by DMA address on both.
 */
static dma_addr_t rxemu_map_phys(struct device *dev, phys_addr_t phys,
				 size_t size, enum dma_data_direction dir,
				 unsigned long attrs)
{
	return rxemu_map_page(dev, pfn_to_page(PHYS_PFN(phys)),
			      offset_in_page(phys), size, dir, attrs);
}
#endif

/*
 * Who owns each half of a page, as the DMA API has it (what dma-debug and
 * a non-coherent device or swiotlb need): the CPU from a sync for the CPU
 * (and from a mapping that skipped the sync), the device from a sync for
 * the device.  The hardware may only write into a half the device owns
 * (rxemu_hw_write()).
 */
static void rxemu_sync(struct rxemu *e, dma_addr_t addr, size_t size,
		       bool cpu)
{
	struct rxemu_page *p = rxemu_addr_find(e, addr);
	u32 half;

	if (!p || p->state != RXEMU_PG_MAPPED || addr < p->dma ||
	    addr + size > p->dma + p->size) {
		rxemu_err(e, "driver synced %pad+%zu for the %s outside a mapped Rx page",
			  &addr, size, cpu ? "CPU" : "device");
		return;
	}
	half = (addr - p->dma) / rxemu_frame_sz(&e->cfg);
	if (cpu)
		p->cpu_owned |= BIT(half);
	else
		p->cpu_owned &= ~BIT(half);
}

/*
 * A sync for the CPU inside a poll covers the descriptors written into
 * the buffer at ADDR that the poll has not consumed yet
 * (rxemu_check_synced() of rxemu_nic.c).
 */
static void rxemu_sync_for_cpu(struct device *dev, dma_addr_t addr, size_t size,
			       enum dma_data_direction dir)
{
	struct rxemu *e = rxemu_cur;
	u32 idx;

	if (!e)
		return;
	/* a umem chunk (zero-copy) is no page of the ledger */
	if (dir != DMA_BIDIRECTIONAL)
		rxemu_sync(e, addr, size, true);
	if (!e->in_poll)
		return;
	/*
	 * ethtool -S, or ethtool -G filling its copy, on another CPU now; not
	 * in a benchmark, whose builds must all run the same emulator code
	 * (the counters' read exists in ours only)
	 */
	if (!e->cfg.bench) {
		rxemu_counters_mid_poll(e);
		if (e->copy_state == RXEMU_COPY_TAKE)
			*e->copy = *e->ring;
		else if (e->copy_state == RXEMU_COPY_FILL)
			rxemu_fill_copy(e);
	}
	for (idx = e->poll_ntc; idx != e->hw_head; idx = (idx + 1) % e->ring->count) {
		if (e->hw_unsynced[idx] && e->hw_addr[idx] == addr &&
		    size >= e->hw_size[idx]) {
			e->hw_unsynced[idx] = false;
			break;
		}
	}
}

static void rxemu_sync_for_device(struct device *dev, dma_addr_t addr,
				  size_t size, enum dma_data_direction dir)
{
	if (rxemu_cur && dir != DMA_BIDIRECTIONAL)
		rxemu_sync(rxemu_cur, addr, size, false);
}

/* Coherent memory (the descriptor ring) is not part of the ledger. */
static void *rxemu_dma_alloc(struct device *dev, size_t size,
			     dma_addr_t *dma_handle, gfp_t gfp,
			     unsigned long attrs)
{
	void *va = alloc_pages_exact(size, gfp | __GFP_ZERO);

	if (va)
		*dma_handle = virt_to_phys(va);
	return va;
}

static void rxemu_dma_free(struct device *dev, size_t size, void *va,
			   dma_addr_t dma_handle, unsigned long attrs)
{
	free_pages_exact(va, size);
}

static const struct dma_map_ops rxemu_dma_ops = {
	.alloc = rxemu_dma_alloc,
	.free = rxemu_dma_free,
#ifdef HAVE_DMA_MAP_OPS_MAP_PAGE
	.map_page = rxemu_map_page,
	.unmap_page = rxemu_unmap_page,
#else
	.map_phys = rxemu_map_phys,
	.unmap_phys = rxemu_unmap_page,
#endif
	.sync_single_for_cpu = rxemu_sync_for_cpu,
	.sync_single_for_device = rxemu_sync_for_device,
};

/* --- the checkpoint --- */

/* One reference per page fragment of SKB: the head when it is a page
 * fragment (build_skb), and every frag.
 */
static void rxemu_count_skb(struct rxemu *e, struct sk_buff *skb)
{
	struct skb_shared_info *sh = skb_shinfo(skb);
	struct rxemu_page *p;
	int i;

	if (skb->head_frag) {
		p = rxemu_page_find(e, virt_to_head_page(skb->head));
		if (p)
			p->skbrefs++;
	}
	for (i = 0; i < sh->nr_frags; i++) {
		p = rxemu_page_find(e, compound_head(skb_frag_page(&sh->frags[i])));
		if (p)
			p->skbrefs++;
	}
	if (sh->frag_list)
		rxemu_err(e, "skb with a frag_list, which ice never builds");
}

static void rxemu_count_tx_ref(struct rxemu *e, u32 i, const void *data)
{
	struct rxemu_page *p = rxemu_page_find(e, virt_to_head_page(data));

	if (p)
		p->txrefs++;
	else
		rxemu_err(e, "XDP Tx buffer %u holds %p, in no page of the ledger",
			  i, data);
}

/* A page of the ledger, live or set apart (lost, leaked). */
static bool rxemu_known_page(struct rxemu *e, struct page *page)
{
	return rxemu_page_find(e, page) || rxemu_dead_find(e, page);
}

/*
 * The xdp_frame of a redirected frame on a Tx ring lives in the frame's
 * own half page.  A broken driver (a control, a mutant) can hand that
 * half back while the frame is in flight and the hardware write over it:
 * read it only while it still says what it was (its data in its half,
 * its frame size, its frags in pages of the ledger), so that the oracle
 * reports such a driver instead of following its garbage.  The pages are
 * looked up by address, never dereferenced first.
 */
static bool rxemu_xdpf_sane(struct rxemu *e, u32 i, struct xdp_frame *xdpf)
{
	u32 fsz = rxemu_frame_sz(&e->cfg);
	struct skb_shared_info *sh;
	bool ok;
	u32 j;

	ok = rxemu_known_page(e, virt_to_head_page(xdpf)) &&
	     xdpf->frame_sz == fsz && (u8 *)xdpf->data > (u8 *)xdpf &&
	     (u8 *)xdpf->data < (u8 *)xdpf + fsz;
	if (ok && xdp_frame_has_frags(xdpf)) {
		sh = xdp_get_shared_info_from_frame(xdpf);
		ok = sh->nr_frags <= MAX_SKB_FRAGS;
		for (j = 0; ok && j < sh->nr_frags; j++)
			ok = rxemu_known_page(e, skb_frag_page(&sh->frags[j]));
	}
	if (!ok)
		rxemu_err(e, "XDP Tx buffer %u holds an xdp_frame at %p that is no longer one: its half page went back to the ring while the frame was in flight",
			  i, xdpf);
	return ok;
}

/*
 * The page fragments Tx buffer I holds a reference to until the driver's
 * Tx clean (ice_clean_xdp_irq(), ice_clean_tx_ring()) frees it, sent or
 * not: an XDP_TX buffer its raw_buf; a redirected frame's head buffer its
 * xdp_frame's head and every frag.  Writes them to DATA (room for
 * 1 + MAX_SKB_FRAGS) and returns how many.
 */
static u32 rxemu_tx_buf_data(struct rxemu *e, u32 i, struct ice_tx_buf *b,
			     const u8 **data)
{
	struct skb_shared_info *sh;
	u32 n = 0, j;

	if (b->type == ICE_TX_BUF_XDP_TX)
		data[n++] = b->raw_buf;
	if (b->type != ICE_TX_BUF_XDP_XMIT || !rxemu_xdpf_sane(e, i, b->xdpf))
		return n;
	data[n++] = b->xdpf->data;
	if (!xdp_frame_has_frags(b->xdpf))
		return n;
	sh = xdp_get_shared_info_from_frame(b->xdpf);
	for (j = 0; j < sh->nr_frags; j++)
		data[n++] = skb_frag_address(&sh->frags[j]);
	return n;
}

/* One reference per page fragment the buffers of an XDP Tx ring hold. */
static void rxemu_count_tx(struct rxemu *e, struct ice_tx_ring *txr)
{
	const u8 *data[1 + MAX_SKB_FRAGS];
	u32 i, j, n;

	if (!txr || !txr->tx_buf)
		return;
	for (i = 0; i < txr->count; i++) {
		n = rxemu_tx_buf_data(e, i, &txr->tx_buf[i], data);
		for (j = 0; j < n; j++)
			rxemu_count_tx_ref(e, i, data[j]);
	}
}

/* The pages in the slots of RING: the ring, or ethtool -G's copy of it. */
static void rxemu_scan_slots(struct rxemu *e, struct ice_rx_ring *ring)
{
	struct rxemu_page *p;
	u32 i;

	for (i = 0; i < ring->count; i++) {
		struct ice_rx_buf *b = &ring->rx_buf[i];

		if (!b->page)
			continue;
		p = rxemu_page_find(e, b->page);
		if (!p) {
			p = rxemu_dead_find(e, b->page);
			if (!p || p->state != RXEMU_PG_LOST) {
				rxemu_err(e, "slot %u holds page pfn %#lx, which the driver never mapped",
					  i, rxemu_pfn(b->page));
				continue;
			}
			rxemu_err(e, "lost page pfn %#lx is back in slot %u",
				  rxemu_pfn(p->page), i);
			e->lost_seen--;
			hash_del(&p->node);
			hash_add(e->pages, &p->node, (unsigned long)p->page);
			p->state = RXEMU_PG_MAPPED;
			p->slot = -1;
		}
		if (p->slot >= 0) {
			rxemu_err(e, "page pfn %#lx sits in slots %d and %u",
				  rxemu_pfn(p->page), p->slot, i);
			continue;
		}
		if (p->state != RXEMU_PG_MAPPED) {
			rxemu_err(e, "slot %u holds page pfn %#lx, which the driver unmapped",
				  i, rxemu_pfn(p->page));
			continue;
		}
		p->slot = i;
		p->bias = b->pagecnt_bias;
		if (b->dma != p->dma)
			rxemu_err(e, "slot %u: dma %pad is not the mapping %pad of its page",
				  i, &b->dma, &p->dma);
	}
}

static void rxemu_scan_ring(struct rxemu *e, unsigned int flags)
{
	struct ice_rx_ring *ring = e->ring;
	u32 cnt = ring->count, i, nta = ring->next_to_alloc;
	struct rxemu_page *p;

	rxemu_scan_slots(e, ring);
	/* ethtool -G's copy, once set up: its own slots */
	if (e->copy_state >= RXEMU_COPY_FILL)
		rxemu_scan_slots(e, e->copy);

	/* the control ring never reuses: next_to_alloc means nothing there */
	if (nta >= cnt)
		rxemu_err(e, "next_to_alloc %u is outside the ring", nta);
	else if (ring->rx_buf[nta].page && !e->cfg.ctrl)
		rxemu_err(e, "the slot at next_to_alloc (%u) holds page pfn %#lx: the next reuse overwrites it",
			  nta, rxemu_pfn(ring->rx_buf[nta].page));

	/* The frame being gathered owns one reference per buffer with data.
	 * A zero-length buffer of it may hold one too: patches/product/0015
	 * takes one, so that every buffer of a frame holds one until the
	 * frame is released, and upstream does not.  Either is right while
	 * the frame is gathered; once it is released the identity is exact
	 * again, so a reference taken and never given back is still caught.
	 */
	if (ring->xdp.data) {
		for (i = ring->first_desc; i != ring->next_to_clean;
		     i = (i + 1) % cnt) {
			struct ice_rx_buf *b = &ring->rx_buf[i];

			if (!b->page)
				continue;
			p = rxemu_page_find(e, b->page);
			if (!p || p->slot != i)
				continue;
			if (e->hw_size[i])
				p->inflight++;
			else
				p->inflight_zero++;
		}
	}

	/* Descriptors refilled and not yet written back: each must point at
	 * the buffer of its own slot, or the hardware writes where the driver
	 * will not read.
	 */
	if (!(flags & RXEMU_CP_DESC))
		return;
	for (i = e->hw_head; i != ring->next_to_use; i = (i + 1) % cnt) {
		union ice_32b_rx_flex_desc *d = ICE_RX_DESC(ring, i);
		struct ice_rx_buf *b = &ring->rx_buf[i];
		dma_addr_t want = b->dma + b->page_offset;
		dma_addr_t got = le64_to_cpu(d->read.pkt_addr);

		if (!b->page || got != want) {
			rxemu_err(e, "descriptor %u given to the hardware points at %pad, its slot's buffer is at %pad (page pfn %#lx)",
				  i, &got, &want, rxemu_pfn(b->page));
			break;
		}
	}
}

/*
 * What ice_clean_rx_ring() promises to leave (teardown, reset, a pool
 * coming or going): no descriptor holds an address or a written-back
 * status the hardware or the next poll could take for its own, and no
 * slot keeps a page, a mapping, a bias or a mark of before (the buffers
 * of a zero-copy ring: no umem chunk).
 */
static void rxemu_check_cleaned(struct rxemu *e)
{
	struct ice_rx_ring *ring = e->ring;
	size_t bufs;
	void *left;

	if (!ring->rx_buf)
		return;
	left = memchr_inv(ring->desc, 0, ring->count * sizeof(union ice_32b_rx_flex_desc));
	if (left)
		rxemu_err(e, "descriptor %zu is not zeroed after ice_clean_rx_ring(): a stale address or status left in the ring",
			  (left - ring->desc) / sizeof(union ice_32b_rx_flex_desc));
	bufs = ring->count * (ring->xsk_pool ? sizeof(*ring->xdp_buf) : sizeof(*ring->rx_buf));
	left = memchr_inv(ring->rx_buf, 0, bufs);
	if (left)
		rxemu_err(e, "%s slot %zu is not cleared after ice_clean_rx_ring()",
			  ring->xsk_pool ? "zero-copy" : "buffer",
			  (left - (void *)ring->rx_buf) /
			  (ring->xsk_pool ? sizeof(*ring->xdp_buf) : sizeof(*ring->rx_buf)));
}

/*
 * Check every page of the ledger (see the top of this file).  FLAGS say
 * whether to check the ring (RXEMU_CP_RING) and the descriptors owned by the
 * hardware (RXEMU_CP_DESC).  Pages whose only remaining owner is our pin
 * are released here.
 */
static void rxemu_checkpoint(struct rxemu *e, unsigned int flags)
{
	struct hlist_node *tmp;
	struct rxemu_page *p;
	struct sk_buff *skb;
	int bkt;

	hash_for_each(e->pages, bkt, p, node) {
		p->slot = -1;
		p->bias = 0;
		p->inflight = 0;
		p->inflight_zero = 0;
		p->skbrefs = 0;
		p->txrefs = 0;
	}
	rxemu_count_tx(e, e->xtx.txr);
	rxemu_count_tx(e, e->rtx.txr);
	if ((flags & RXEMU_CP_RING) && e->ring->xsk_pool)
		rxemu_xsk_ledger(e);
	else if (flags & RXEMU_CP_RING)
		rxemu_scan_ring(e, flags);
	skb_queue_walk(&e->rxq, skb)
		rxemu_count_skb(e, skb);
	skb_queue_walk(&e->held, skb)
		rxemu_count_skb(e, skb);

	hash_for_each_safe(e->pages, bkt, tmp, p, node) {
		unsigned int owners;
		int cnt = page_count(p->page);

		switch (p->state) {
		case RXEMU_PG_MAPPED:
			if (p->slot < 0) {
				rxemu_bury(e, p, RXEMU_PG_LOST);
				rxemu_err(e, "page pfn %#lx lost: mapped, in no ring slot, never unmapped; its %d references will never be dropped",
					  rxemu_pfn(p->page), cnt);
				break;
			}
			owners = p->bias + p->inflight + p->skbrefs + p->txrefs;
			if (cnt < owners || cnt > owners + p->inflight_zero)
				rxemu_err(e, "page pfn %#lx in slot %d: refcount %d, owners %u (driver bias %u, frame being gathered %u, skbs %u, XDP Tx %u)",
					  rxemu_pfn(p->page), p->slot, cnt,
					  owners, p->bias, p->inflight,
					  p->skbrefs, p->txrefs);
			break;
		case RXEMU_PG_PINNED:
			owners = 1 + p->skbrefs + p->txrefs;
			if (cnt < owners) {
				rxemu_err(e, "unmapped page pfn %#lx: refcount %d, fewer than its owners %u (our pin, skbs %u, XDP Tx %u): it will be freed while in use",
					  rxemu_pfn(p->page), cnt, owners,
					  p->skbrefs, p->txrefs);
				p->state = RXEMU_PG_BROKEN;
				break;
			}
			if (p->skbrefs || p->txrefs)
				break;	/* an skb or a Tx buffer holds it: later */
			if (p->txmaps) {
				rxemu_err(e, "unmapped page pfn %#lx still has %u Tx mappings and no Tx buffer",
					  rxemu_pfn(p->page), p->txmaps);
				break;
			}
			if (cnt == 1) {
				/* We hold the last reference: freeing it
				 * proves the page went back.
				 */
				put_page(p->page);
				hash_del(&p->node);
				kfree(p);
				e->returned++;
				break;
			}
			if (p->dma_fault)
				rxemu_err(e, "page pfn %#lx, whose DMA mapping was made to fail, was not freed by the driver: refcount %d with no owner but our pin: %d references leaked",
					  rxemu_pfn(p->page), cnt, cnt - 1);
			else
				rxemu_err(e, "unmapped page pfn %#lx: refcount %d with no owner but our pin: %d references leaked",
					  rxemu_pfn(p->page), cnt, cnt - 1);
			e->orphan_refs += cnt - 1;
			put_page(p->page);
			rxemu_bury(e, p, RXEMU_PG_LEAKED);
			break;
		default:
			break;
		}
	}
}

/* After the teardown: count what did not come back, forget the ledger. */
static void rxemu_ledger_close(struct rxemu *e)
{
	struct hlist_node *tmp;
	struct rxemu_page *p;
	int bkt;

	hash_for_each_safe(e->pages, bkt, tmp, p, node) {
		/* only if an skb could not be freed: keep the pin */
		rxemu_err(e, "page pfn %#lx (%s) still referenced at the end",
			  rxemu_pfn(p->page), rxemu_state_name[p->state]);
		e->leaked++;
		hash_del(&p->node);
		kfree(p);
	}
	hash_for_each_safe(e->dead, bkt, tmp, p, node) {
		if (p->state == RXEMU_PG_LOST) {
			e->orphan_refs += page_count(p->page);
			e->lost++;
		}
		e->leaked++;
		hash_del(&p->node);
		kfree(p);
	}
}

#ifdef ICE_RXQ_PAGE_STATS_LEN
enum {
	RXEMU_CTR_ALLOC, RXEMU_CTR_REUSE, RXEMU_CTR_WAIVE, RXEMU_CTR_BUSY,
	RXEMU_CTR_STALE,
};

static const char * const rxemu_ctr_name[ICE_RXQ_PAGE_STATS_LEN] = {
	"page_alloc", "page_reuse", "page_waive", "page_busy", "page_stale",
};

/*
 * The driver's page counters, the way ethtool -S reads them: into memory
 * that holds garbage, as ethtool's buffer may (a value the driver does not
 * write shows: page_stale, say, far above the pages ever mapped).
 */
static void rxemu_read_counters(struct rxemu *e, u64 *v)
{
	memset(v, 0xa5, ICE_RXQ_PAGE_STATS_LEN * sizeof(*v));
	ice_fetch_rx_page_stats(e->ring->ring_stats, v);
}
#endif

/*
 * ethtool -S at any moment (patches/product/0003): every counter but
 * page_stale only grows, and page_stale, the pages the driver lost, is
 * what the ledger has found lost: never negative (wrapped), never a page
 * the ring still has.  Read between polls: after each poll's checkpoint,
 * a reset, a resize.  The driver publishes its counters once a poll, so a
 * read inside a poll (rxemu_counters_mid_poll()) must see what the poll
 * began with (RXEMU_CTR at the start of rxemu_poll()).
 */
static void rxemu_counters_between_polls(struct rxemu *e)
{
#ifdef ICE_RXQ_PAGE_STATS_LEN
	u64 v[ICE_RXQ_PAGE_STATS_LEN];
	int i;

	if (e->cfg.bench || !e->ring->ring_stats)
		return;
	rxemu_read_counters(e, v);
	for (i = 0; i < RXEMU_CTR_STALE; i++)
		if (v[i] < e->ctr_last[i])
			rxemu_err(e, "counter %s went back from %llu to %llu: ethtool -S must never see a counter decrease",
				  rxemu_ctr_name[i], e->ctr_last[i], v[i]);
	if (v[RXEMU_CTR_STALE] > e->mapped)
		rxemu_err(e, "counter page_stale is %llu, more than the %u pages ever mapped: negative, wrapped",
			  v[RXEMU_CTR_STALE], e->mapped);
	else if (v[RXEMU_CTR_STALE] != e->lost_seen)
		rxemu_err(e, "counter page_stale is %llu between polls, and the ledger has found %u pages lost",
			  v[RXEMU_CTR_STALE], e->lost_seen);
	memcpy(e->ctr_last, v, sizeof(v));
#endif
}

static void rxemu_counters_poll_start(struct rxemu *e)
{
#ifdef ICE_RXQ_PAGE_STATS_LEN
	e->ctr_poll_bad = false;
	if (!e->cfg.bench && e->ring->ring_stats)
		rxemu_read_counters(e, e->ctr_poll);
#endif
}

static void rxemu_counters_mid_poll(struct rxemu *e)
{
#ifdef ICE_RXQ_PAGE_STATS_LEN
	u64 v[ICE_RXQ_PAGE_STATS_LEN];
	int i;

	if (e->cfg.bench || e->ctr_poll_bad || !e->ring->ring_stats)
		return;
	rxemu_read_counters(e, v);
	for (i = 0; i < ICE_RXQ_PAGE_STATS_LEN; i++) {
		if (v[i] == e->ctr_poll[i])
			continue;
		rxemu_err(e, "counter %s read inside a poll is %llu, and %llu when the poll began: ethtool -S sees a poll half counted",
			  rxemu_ctr_name[i], v[i], e->ctr_poll[i]);
		e->ctr_poll_bad = true;
		return;
	}
#endif
}

/*
 * The driver's own Rx page counters (patches/product/0003, shown by ethtool -S)
 * against the ledger, once the ring is torn down: every allocation is one
 * mapping; every page released before the teardown is one unmap, every
 * page ice_clean_rx_ring() gives back (teardown, reset) one page_drain;
 * page_stale (derived once a poll) is the pages lost; and when the run
 * drained cleanly, every descriptor the driver consumed was put exactly
 * once (buf_put, of which page_reuse is what was not unmapped).
 * page_stale must be 0.  A tree without the counters (the
 * upstream build of the benchmark) has no ICE_RXQ_PAGE_STATS_LEN.
 */
static void rxemu_check_counters(struct rxemu *e)
{
#ifdef ICE_RXQ_PAGE_STATS_LEN
	u64 v[ICE_RXQ_PAGE_STATS_LEN], drain;

	if (!e->ring || !e->ring->ring_stats)
		return;
	rxemu_read_counters(e, v);
	drain = e->ring->ring_stats->rx_stats.page_drain;
	e->page_stale = v[RXEMU_CTR_STALE];
	pr_info("rxemu: #   counters: page_alloc=%llu page_reuse=%llu page_waive=%llu page_busy=%llu page_stale=%llu page_drain=%llu\n",
		v[0], v[1], v[2], v[3], v[4], drain);
	if (v[RXEMU_CTR_ALLOC] != e->mapped)
		rxemu_err(e, "counter page_alloc is %llu, the ledger saw %u pages mapped",
			  v[RXEMU_CTR_ALLOC], e->mapped);
	if (v[RXEMU_CTR_WAIVE] + v[RXEMU_CTR_BUSY] != e->not_reused)
		rxemu_err(e, "counters page_waive + page_busy are %llu, the ledger saw %u pages unmapped before the teardown",
			  v[RXEMU_CTR_WAIVE] + v[RXEMU_CTR_BUSY], e->not_reused);
	/* The VM has one NUMA node: a page is not reusable only when it came
	 * from the reserves, so the driver waives no other page, and lets
	 * go of one of the others only because it is in use (page_busy).
	 */
	if (v[RXEMU_CTR_WAIVE] > e->not_reused_pf)
		rxemu_err(e, "counter page_waive is %llu, but only %u of the pages unmapped before the teardown came from the reserves: a reusable page waived",
			  v[RXEMU_CTR_WAIVE], e->not_reused_pf);
	if (drain != e->cleaned)
		rxemu_err(e, "counter page_drain is %llu, the ledger saw %u pages unmapped by ice_clean_rx_ring()",
			  drain, e->cleaned);
	if (v[RXEMU_CTR_STALE] != e->lost)
		rxemu_err(e, "counter page_stale is %llu, the ledger lost %u pages",
			  v[RXEMU_CTR_STALE], e->lost);
	if (v[RXEMU_CTR_STALE])
		rxemu_err(e, "counter page_stale is %llu: a reused page overwrote a slot that held one, the multi-buffer leak",
			  v[RXEMU_CTR_STALE]);
	/* a zero-copy ring's buffers are umem chunks: no page counted */
	if (e->drained && !e->cfg.xsk_zc &&
	    v[RXEMU_CTR_REUSE] + v[RXEMU_CTR_WAIVE] + v[RXEMU_CTR_BUSY] !=
	    e->drv_abs - e->reset_gathered)
		rxemu_err(e, "counters: %llu buffers reused or released, the driver consumed %llu descriptors (%llu of them drained by a reset inside a frame)",
			  v[RXEMU_CTR_REUSE] + v[RXEMU_CTR_WAIVE] + v[RXEMU_CTR_BUSY],
			  e->drv_abs, e->reset_gathered);
#endif
}
