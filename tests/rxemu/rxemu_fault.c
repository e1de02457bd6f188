// SPDX-License-Identifier: GPL-2.0
/*
 * Rx ring emulator: fault injection.  Included by ice_txrx_selftest.c.
 *
 * The scenario's "fault" options say which calls fail: the Nth calls of a
 * kind, every Nth, or each with a chance (seeded by the fuzz seed, so that
 * a run replays).  Calls are counted while the fault window is open: from
 * the first frame (the ring set-up fills the ring without faults) until a
 * "faults off" line or the end of the frames; the drain and the teardown
 * run without faults.
 *
 *  - page: dev_alloc_pages() returns NULL (rxemu_fault.h renames it);
 *  - dma: the oracle's map_page returns DMA_MAPPING_ERROR for an Rx page,
 *    after pinning it (rxemu_oracle.c): the driver must free it, and the
 *    checkpoint proves it did as for any unmapped page;
 *  - skb: napi_build_skb() or napi_alloc_skb() returns NULL; the frame being
 *    gathered (the one at first_desc) is marked, so the oracle expects it
 *    dropped and its buffers released, and accepts no skb for it;
 *  - txdma: the oracle's map_page returns DMA_MAPPING_ERROR for a
 *    DMA_TO_DEVICE mapping (__ice_xmit_xdp_ring(), for XDP_TX or for the
 *    redirect target's ndo_xdp_xmit()); the frame whose buffer it is (the
 *    hardware wrote it into that half page) is marked: the driver must
 *    drop it (ICE_XDP_CONSUMED, or ndo_xdp_xmit() not taking it), undo the
 *    mappings of its buffers already mapped and no other, and give its
 *    references back.  Each such fault excuses exactly that one unsent
 *    frame (rxemu_resolve()).
 *
 * What the oracle then requires: page and DMA faults add up to the driver's
 * alloc_page_failed, skb faults to its alloc_buf_failed (a txdma fault is
 * counted by no driver counter: the frames it excused must equal it); after every poll
 * in which no page or mapping failed, the ring is posted full again
 * (ICE_RX_DESC_UNUSED() is 0: the ring refills once allocation works);
 * a frame the NIC found no descriptor for is dropped at the MAC only when
 * the driver's last refill hit an injected fault (rxemu_nic.c); every
 * other invariant of the ledger holds throughout.
 */

static bool rxemu_has_faults(const struct rxemu_cfg *cfg)
{
	int k;

	for (k = 0; k < RXEMU_NR_FAULTS; k++)
		if (cfg->fault[k].mode != RXEMU_FM_NONE)
			return true;
	return false;
}

static void rxemu_fault_arm(struct rxemu *e, bool on)
{
	e->faults_armed = on && rxemu_has_faults(&e->cfg);
}

/* Does this call of KIND fail?  Counts the call and the fault. */
static bool rxemu_fault_now(struct rxemu *e, enum rxemu_fault_kind kind)
{
	const struct rxemu_fault_plan *fp = &e->cfg.fault[kind];
	bool fail = false;
	u32 call;

	if (!e->faults_armed || fp->mode == RXEMU_FM_NONE)
		return false;
	call = ++e->fault_calls[kind];
	switch (fp->mode) {
	case RXEMU_FM_AT:
		if (e->fault_next[kind] < fp->nat &&
		    fp->at[e->fault_next[kind]] == call) {
			e->fault_next[kind]++;
			fail = true;
		}
		break;
	case RXEMU_FM_EVERY:
		fail = call % fp->n == 0;
		break;
	case RXEMU_FM_RANDOM:
		fail = rxemu_below(&e->fault_rng, 1000) < fp->n;
		break;
	}
	if (fail)
		e->injected[kind]++;
	return fail;
}

/* The hooks' test, inline: outside a fault window (make bench) it costs a
 * few instructions per allocation, and no call.
 */
static inline bool rxemu_fault_hit(struct rxemu *e, enum rxemu_fault_kind kind)
{
	return e && unlikely(e->faults_armed) && rxemu_fault_now(e, kind);
}

/* Page and mapping faults: those that keep the driver from refilling. */
static unsigned int rxemu_refill_faults(const struct rxemu *e)
{
	/* a zero-copy ring's page faults are ice_construct_skb_zc()'s */
	return (e->cfg.xsk_zc ? 0 : e->injected[RXEMU_FAULT_PAGE]) +
	       e->injected[RXEMU_FAULT_DMA];
}

/* Faults that drop the frame being built: skb, and a zero-copy frag page. */
static unsigned int rxemu_frame_faults(const struct rxemu *e)
{
	return e->injected[RXEMU_FAULT_SKB] +
	       (e->cfg.xsk_zc ? e->injected[RXEMU_FAULT_PAGE] : 0);
}

static struct page *rxemu_dev_alloc_pages(unsigned int order)
{
	struct rxemu *e = rxemu_cur;

	struct page *page;

	if (rxemu_fault_hit(e, RXEMU_FAULT_PAGE))
		return NULL;
	page = rxemu_real_dev_alloc_pages(order);
	/* pfmemalloc N: every Nth page as if it came from the memory reserves */
	if (page && e && e->cfg.pfmemalloc_every &&
	    ++e->page_allocs % e->cfg.pfmemalloc_every == 0)
		set_page_pfmemalloc(page);
	return page;
}

/* The skb of the frame that starts at first_desc fails: mark the frame. */
static void rxemu_fault_frame(struct rxemu *e, enum rxemu_fault_kind kind)
{
	u32 fd = e->ring->first_desc, i;

	for (i = 0; i < e->pend_n; i++) {
		struct rxemu_pending *f = &e->pend[(e->pend_head + i) % e->pend_cap];

		/* pending frames span less than the ring: one can match */
		if (f->slot != fd)
			continue;
		f->skb_fault = true;
		return;
	}
	rxemu_err(e, "the driver allocated an skb for first_desc %u, where no frame the hardware wrote starts",
		  fd);
}

/*
 * A Tx mapping of frame SEQ fails (XDP_TX maps the frame it is on, the
 * redirect target the frames of a bulk, later in the poll): mark it.
 */
static void rxemu_fault_frame_seq(struct rxemu *e, u32 seq)
{
	struct rxemu_pending *f = rxemu_pending_find(e, seq);

	if (!f) {
		rxemu_err(e, "the driver mapped a buffer of frame %u for Tx, which is not pending",
			  seq);
		return;
	}
	/* the first failed mapping ends the frame's Tx */
	if (f->txdma_fault)
		rxemu_err(e, "frame %u: the driver mapped it for Tx again after a failed Tx mapping",
			  f->seq);
	f->txdma_fault = true;
}

static struct sk_buff *rxemu_napi_build_skb(void *data, unsigned int frag_size)
{
	struct rxemu *e = rxemu_cur;

	if (rxemu_fault_hit(e, RXEMU_FAULT_SKB)) {
		rxemu_fault_frame(e, RXEMU_FAULT_SKB);
		return NULL;
	}
	return rxemu_real_napi_build_skb(data, frag_size);
}

static struct sk_buff *rxemu_napi_alloc_skb(struct napi_struct *napi,
					    unsigned int length)
{
	struct rxemu *e = rxemu_cur;

	if (rxemu_fault_hit(e, RXEMU_FAULT_SKB)) {
		rxemu_fault_frame(e, RXEMU_FAULT_SKB);
		return NULL;
	}
	return rxemu_real_napi_alloc_skb(napi, length);
}

/*
 * The same hook for ice_xsk.c's napi_alloc_skb() (ice_construct_skb_zc():
 * a zero-copy frame passed to the stack), renamed in its own translation
 * unit by ice_xsk_selftest.c: a failed call marks the frame that starts at
 * first_desc, which must then be dropped and its umem frames given back.
 */
struct sk_buff *rxemu_xsk_napi_alloc_skb(struct napi_struct *napi,
					 unsigned int length);
struct sk_buff *rxemu_xsk_napi_alloc_skb(struct napi_struct *napi,
					 unsigned int length)
{
	struct sk_buff *skb = rxemu_napi_alloc_skb(napi, length);

	if (rxemu_cur)
		rxemu_cur->xsk_skb = skb;	/* for a frag page that fails */
	return skb;
}

/*
 * After the poll in which a frag page of ice_construct_skb_zc() failed
 * (its skbs taken from the stack): the skb it had built for the frame
 * must have been freed, so the reference the hook took is the only one
 * left.  A second is the driver's, leaked; an skb the run took from the
 * stack is one the driver freed and delivered all the same, alive only
 * through the hook's reference, which the run's queue now owns.
 */
static void rxemu_xsk_check_skb_freed(struct rxemu *e)
{
	struct sk_buff *skb = e->xsk_skb_held, *p;

	if (!skb)
		return;
	e->xsk_skb_held = NULL;
	skb_queue_walk(&e->held, p) {
		if (p == skb) {
			rxemu_err(e, "ice_construct_skb_zc() freed the skb of a frame whose frag page failed, and delivered it");
			return;
		}
	}
	if (refcount_read(&skb->users) != 1)
		rxemu_err(e, "ice_construct_skb_zc() did not free the skb of a frame whose frag page failed: %u references besides the emulator's",
			  refcount_read(&skb->users) - 1);
	consume_skb(skb);
}

/*
 * The page ice_construct_skb_zc() copies each frag of a zero-copy frame
 * into (its dev_alloc_page(), renamed by ice_xsk_selftest.c): "fault
 * page" on a zero-copy ring, which allocates no other page.  The frame
 * is then dropped as for a failed skb (the frame at first_desc is marked;
 * alloc_buf_failed counts it), and the skb already built for it is held
 * for rxemu_xsk_check_skb_freed(), after the poll (the first of a poll:
 * fault-page-xsk-zc.scn polls every frame).
 */
struct page *rxemu_xsk_dev_alloc_page(void);
struct page *rxemu_xsk_dev_alloc_page(void)
{
	struct rxemu *e = rxemu_cur;

	if (!rxemu_fault_hit(e, RXEMU_FAULT_PAGE))
		return rxemu_real_dev_alloc_pages(0);
	rxemu_fault_frame(e, RXEMU_FAULT_PAGE);
	/* the first failure of a poll: its skbs are taken after the poll */
	if (e->xsk_skb && !e->xsk_skb_held)
		e->xsk_skb_held = skb_get(e->xsk_skb);
	return NULL;
}

/* ice_construct_skb() gave up a frame (rxemu_fault.h): counted by the
 * driver in alloc_buf_failed.
 */
static void rxemu_dev_kfree_skb(struct sk_buff *skb)
{
	if (rxemu_cur)
		rxemu_cur->skb_refused++;
	consume_skb(skb);
}

/*
 * A fault plan that does not fire proves nothing, and a scenario that
 * passes with it says more than it tested.  At the teardown, for each
 * kind the scenario names: the fault window must have seen a call of that
 * kind; an "at" plan must have reached its every call; an "every" or
 * "random" plan must have injected a fault.  A fuzz scenario's random
 * plan is exempt only while its expected number of faults (calls x
 * per mille / 1000) is below 20: a short fuzz may draw none by chance,
 * and says so; from 20 on, none at all (probability below e^-20) means
 * the injection is broken.  README.txt, "Faults that land", says how to
 * write a plan whose faults land.
 */
static void rxemu_check_fault_plans(struct rxemu *e)
{
	const struct rxemu_fault_plan *fp;
	const char *name;
	u32 calls;
	int k;

	for (k = 0; k < RXEMU_NR_FAULTS; k++) {
		fp = &e->cfg.fault[k];
		name = rxemu_fault_name[k];
		calls = e->fault_calls[k];
		if (fp->mode == RXEMU_FM_NONE)
			continue;
#ifndef HAVE_XSK_MULTI_BUFFER
		/* before 6.6 patches/compat/0011 drops every zero-copy
		 * frame with frags: ice_construct_skb_zc() copies no page
		 */
		if (k == RXEMU_FAULT_PAGE && e->cfg.xsk_zc)
			continue;
#endif
		if (!calls) {
			rxemu_err(e, "fault %s: the fault window saw no %s call, so the plan tested nothing (README.txt, \"Faults that land\")",
				  name, name);
			continue;
		}
		if (fp->mode == RXEMU_FM_AT) {
			if (e->fault_next[k] < fp->nat)
				rxemu_err(e, "fault %s at: call %u never came (the fault window saw %u %s calls; %u of the %u planned faults injected; README.txt, \"Faults that land\")",
					  name, fp->at[e->fault_next[k]], calls,
					  name, e->injected[k], fp->nat);
			continue;
		}
		if (e->injected[k])
			continue;
		if (fp->mode == RXEMU_FM_RANDOM && e->cfg.fuzz_frames &&
		    (u64)calls * fp->n < 20 * 1000) {
			pr_info("rxemu: #   fault %s random %u: no fault in %u calls of this short fuzz (%u.%u expected): not judged below 20\n",
				name, fp->n, calls, calls * fp->n / 1000,
				calls * fp->n % 1000 / 100);
			continue;
		}
		rxemu_err(e, "fault %s %s %u: no fault injected in %u %s calls of the fault window (README.txt, \"Faults that land\")",
			  name, fp->mode == RXEMU_FM_EVERY ? "every" : "random",
			  fp->n, calls, name);
	}
}

/*
 * The driver's failure counters against the faults injected, at the
 * teardown: every failed page allocation and mapping is one
 * alloc_page_failed, every failed skb one alloc_buf_failed, as is every
 * frame ice_construct_skb() gave up (too many frags, max-frags-construct).  A fault the
 * driver did not see, or a failure it counts twice, shows here.
 */
static void rxemu_check_fault_counters(struct rxemu *e)
{
	const struct ice_rxq_stats *s;
	unsigned int refill = rxemu_refill_faults(e);

	if (!e->ring || !e->ring->ring_stats)
		return;
	s = &e->ring->ring_stats->rx_stats;
	if (rxemu_has_faults(&e->cfg))
		pr_info("rxemu: #   faults: page %u dma %u skb %u txdma %u injected (calls %u %u %u %u); alloc_page_failed=%llu alloc_buf_failed=%llu; frames dropped at the MAC (no descriptor) %u, lost to skb faults %u, to txdma faults %u\n",
			e->injected[RXEMU_FAULT_PAGE], e->injected[RXEMU_FAULT_DMA],
			e->injected[RXEMU_FAULT_SKB],
			e->injected[RXEMU_FAULT_TXDMA],
			e->fault_calls[RXEMU_FAULT_PAGE],
			e->fault_calls[RXEMU_FAULT_DMA],
			e->fault_calls[RXEMU_FAULT_SKB],
			e->fault_calls[RXEMU_FAULT_TXDMA],
			s->alloc_page_failed, s->alloc_buf_failed, e->nodesc,
			e->fault_drops, e->txdma_drops);
	if (s->alloc_page_failed != refill)
		rxemu_err(e, "counter alloc_page_failed is %llu, %u page allocations and DMA mappings were made to fail (page %u, dma %u)",
			  s->alloc_page_failed, refill,
			  e->injected[RXEMU_FAULT_PAGE],
			  e->injected[RXEMU_FAULT_DMA]);
	if (s->alloc_buf_failed != rxemu_frame_faults(e) + e->skb_refused)
		rxemu_err(e, "counter alloc_buf_failed is %llu, %u skb allocations (and zero-copy frag pages) were made to fail and ice_construct_skb() gave up %u frames",
			  s->alloc_buf_failed, rxemu_frame_faults(e),
			  e->skb_refused);
	if (e->fault_drops != rxemu_frame_faults(e))
		rxemu_err(e, "%u frames lost to skb faults, %u skb allocations (and zero-copy frag pages) were made to fail",
			  e->fault_drops, rxemu_frame_faults(e));
	/* one unsent XDP Tx frame excused per failed Tx mapping, no more */
	if (e->txdma_drops != e->injected[RXEMU_FAULT_TXDMA])
		rxemu_err(e, "%u XDP Tx frames excused for txdma faults, %u Tx mappings were made to fail",
			  e->txdma_drops, e->injected[RXEMU_FAULT_TXDMA]);
}
