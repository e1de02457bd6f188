// SPDX-License-Identifier: GPL-2.0
/*
 * Rx ring emulator: the emulated NIC, the runs and the debugfs interface.
 * Included by ice_txrx_selftest.c.
 *
 * Set-up (rxemu_setup()) follows ice_vsi_cfg_rxq(): a registered platform
 * device with a 64-bit DMA mask and the oracle's DMA ops is ring->dev, a
 * netdev from alloc_etherdev_mqs() (registered only for an AF_XDP socket,
 * rxemu_xsk.c) is ring->netdev, a zeroed ice_vsi of type ICE_VSI_PF
 * with a zeroed ice_pf, a q_vector whose NAPI is added and enabled,
 * ring->tail pointing at an ordinary u32, the driver's
 * own ice_setup_rx_ring(), xdp_rxq_info registered with MEM_TYPE_PAGE_SHARED,
 * xdp_init_buff() with half a page, and the driver's ice_alloc_rx_bufs()
 * filling the ring.
 *
 * The "hardware" writes frames back the way E810 does: it takes the buffer
 * address from the descriptor the driver posted, copies the frame's bytes
 * there, and writes a flex descriptor (RXDID 2, ptype 1, pkt_len,
 * status_error0 = DD, + EOF on the last buffer, + RXE if asked).  It only
 * uses descriptors below the tail the driver wrote; when it runs out it
 * raises an "interrupt" (a poll), like a real NIC waiting for buffers.
 *
 * A poll is what ice_napi_poll() does for one Rx ring: napi_schedule_prep(),
 * the driver's ice_clean_rx_irq() with bottom halves disabled, then
 * napi_complete_done(), which hands the batched skbs to the stack.  The
 * netdev has an rx_handler that keeps every skb, so the emulator decides
 * when the stack lets go of the pages (option hold).
 */

struct rxemu_cb {
	u32 seq;
	u16 valid;
	u16 kthread;	/* built by the cpumap's kthread, not by the driver */
};

#define RXEMU_CB(skb) ((struct rxemu_cb *)(skb)->cb)

static const u8 rxemu_hdr[ETH_HLEN] = {
	0x02, 0x00, 0x00, 0x00, 0x00, 0x01,	/* destination */
	0x02, 0x00, 0x00, 0x00, 0x00, 0x02,	/* source */
	RXEMU_ETHERTYPE >> 8, RXEMU_ETHERTYPE & 0xff,
};

/* Byte OFF.. of frame SEQ: header, sequence number, then a pattern whose
 * phase depends on SEQ, so bytes of another frame or another offset differ.
 */
static const u8 *rxemu_frame_src(struct rxemu *e, u32 seq, u32 off, u8 *hdr)
{
	if (off < RXEMU_HDR_LEN) {
		__le32 le = cpu_to_le32(seq);

		memcpy(hdr, rxemu_hdr, ETH_HLEN);
		memcpy(hdr + ETH_HLEN, &le, sizeof(le));
		return hdr + off;
	}
	return e->pattern + (seq * 7919u + off) % RXEMU_PATTERN;
}

static void rxemu_frame_bytes(struct rxemu *e, u32 seq, u32 off, u8 *dst,
			      u32 len)
{
	u8 hdr[RXEMU_HDR_LEN];

	while (len) {
		u32 n = off < RXEMU_HDR_LEN ? min(len, RXEMU_HDR_LEN - off) : len;

		memcpy(dst, rxemu_frame_src(e, seq, off, hdr), n);
		dst += n;
		off += n;
		len -= n;
	}
}

/* -1 if SRC holds bytes OFF..OFF+LEN of frame SEQ, else the bad offset. */
static long rxemu_frame_cmp(struct rxemu *e, u32 seq, u32 off, const u8 *src,
			    u32 len)
{
	u8 hdr[RXEMU_HDR_LEN];

	while (len) {
		u32 n = off < RXEMU_HDR_LEN ? min(len, RXEMU_HDR_LEN - off) : len;

		if (memcmp(src, rxemu_frame_src(e, seq, off, hdr), n))
			return off;
		src += n;
		off += n;
		len -= n;
	}
	return -1;
}

/* Compare the whole frame carried by SKB (mac header already pulled). */
static long rxemu_skb_cmp(struct rxemu *e, struct sk_buff *skb, u32 seq)
{
	struct skb_shared_info *sh = skb_shinfo(skb);
	u32 off = ETH_HLEN;
	long bad;
	int i;

	bad = rxemu_frame_cmp(e, seq, 0, skb_mac_header(skb), ETH_HLEN);
	if (bad >= 0)
		return bad;
	bad = rxemu_frame_cmp(e, seq, off, skb->data, skb_headlen(skb));
	if (bad >= 0)
		return bad;
	off += skb_headlen(skb);
	for (i = 0; i < sh->nr_frags; i++) {
		const skb_frag_t *f = &sh->frags[i];

		bad = rxemu_frame_cmp(e, seq, off, skb_frag_address(f),
				      skb_frag_size(f));
		if (bad >= 0)
			return bad;
		off += skb_frag_size(f);
	}
	return -1;
}

/* --- frames written back and not yet resolved --- */

static struct rxemu_pending *rxemu_pending_find(struct rxemu *e, u32 seq)
{
	struct rxemu_pending *first;
	u32 d;

	if (!e->pend_n)
		return NULL;
	first = &e->pend[e->pend_head];
	d = seq - first->seq;
	if (d >= e->pend_n)
		return NULL;
	return &e->pend[(e->pend_head + d) % e->pend_cap];
}

/* Frames whose last descriptor the driver consumed are resolved: delivered,
 * or dropped, as the scenario says.
 */
/* XDP_TX that found no room on the Tx ring drops the frame and counts it
 * (tx_busy): each such drop excuses one frame the scenario wanted sent,
 * which the oracle then counts as dropped; so does a frame whose Tx
 * mapping was made to fail (txdma_fault, that frame only), and a frame
 * the redirect target's ndo_xdp_xmit() did not take for such a reason
 * (refused: rxemu_xdp.c checks the reason); any other unsent frame is an
 * error.
 */
static bool rxemu_tx_busy(struct rxemu_txq *q)
{
	u64 busy = q->txr ? q->txr->ring_stats->tx_stats.tx_busy : 0;

	if (busy <= q->busy)
		return false;
	q->busy++;
	return true;
}

/* A frame that waits on a paused Tx ring (txstall): resolved later. */
static bool rxemu_tx_waits(const struct rxemu *e, const struct rxemu_pending *f)
{
	return e->tx_stalled && !f->delivered && !f->txdma_fault &&
	       !f->refused && (f->outcome == RXEMU_TX ||
			       (f->outcome == RXEMU_REDIRECT && !e->redir.cpumap));
}

static void rxemu_resolve(struct rxemu *e, bool all)
{
	while (e->pend_n) {
		struct rxemu_pending *f = &e->pend[e->pend_head];

		if (!all && (f->end > e->drv_abs || rxemu_tx_waits(e, f) ||
			     rxemu_xsk_waits(e, f)))
			break;
		if (f->delivered && f->txdma_fault)
			rxemu_err(e, "frame %u (line %d) was sent, though one of its Tx mappings failed",
				  f->seq, f->line);
		if (f->delivered && f->refused)
			rxemu_err(e, "frame %u (line %d) was sent, though ndo_xdp_xmit() said it did not take it (its caller frees it)",
				  f->seq, f->line);
		if (!f->delivered) {
			if (f->skb_fault) {
				e->fault_drops++;	/* rxemu_fault.c */
			} else if (f->txdma_fault && f->outcome != RXEMU_PASS) {
				/* its own excuse only: rxemu_fault.c */
				e->txdma_drops++;
				e->dropped++;
				/* XDP_TX failed (an xdp_exception); a redirect
				 * target's refusal is no failure of the Rx path
				 */
				e->tx_failed += f->outcome == RXEMU_TX;
			} else if (f->outcome == RXEMU_PASS) {
				rxemu_err(e, "frame %u (line %d, %u bytes) was not delivered",
					  f->seq, f->line, f->len);
			} else if (f->outcome == RXEMU_TX && !rxemu_tx_busy(&e->xtx)) {
				rxemu_err(e, "frame %u (line %d, %u bytes) was not sent by XDP_TX",
					  f->seq, f->line, f->len);
			} else if (f->outcome == RXEMU_REDIRECT && !f->refused &&
				   !rxemu_xsk_dropped(e)) {
				rxemu_err(e, "frame %u (line %d, %u bytes) was not %s",
					  f->seq, f->line, f->len, e->redir.cpumap ?
					  "delivered through the cpumap" :
					  e->redir.xsk_on ?
					  "received by the AF_XDP socket" :
					  "sent by the redirect target");
			} else {
				/* a frame meant for XDP_TX here: tx_busy */
				e->tx_failed += f->outcome == RXEMU_TX;
				e->redirect_untraced += f->redirect_untraced;
				e->dropped++;
			}
		}
		e->pend_head = (e->pend_head + 1) % e->pend_cap;
		e->pend_n--;
	}
}

/* Does SKB hold a page from the memory reserves (head or frag)? */
static bool rxemu_skb_pfmemalloc(struct sk_buff *skb)
{
	int i;

	if (skb->head_frag && page_is_pfmemalloc(virt_to_head_page(skb->head)))
		return true;
	for (i = 0; i < skb_shinfo(skb)->nr_frags; i++)
		if (page_is_pfmemalloc(skb_frag_page(&skb_shinfo(skb)->frags[i])))
			return true;
	return false;
}

static void rxemu_check_skb(struct rxemu *e, struct sk_buff *skb)
{
	bool kthread = RXEMU_CB(skb)->kthread;
	struct rxemu_pending *f;
	bool want_skb, redirected;
	__le32 le;
	u32 seq;
	long bad;

	RXEMU_CB(skb)->valid = 0;
	if (!skb_mac_header_was_set(skb) ||
	    skb->data - skb_mac_header(skb) != ETH_HLEN ||
	    skb->len < RXEMU_HDR_LEN - ETH_HLEN ||
	    memcmp(skb_mac_header(skb), rxemu_hdr, ETH_HLEN) ||
	    skb_copy_bits(skb, 0, &le, sizeof(le))) {
		rxemu_err(e, "an skb of %u bytes that is no frame of the emulator reached the stack",
			  skb->len);
		return;
	}
	seq = le32_to_cpu(le);
	f = rxemu_pending_find(e, seq);
	if (!f) {
		rxemu_err(e, "an skb carries frame %u, which is not pending (delivered twice, or already resolved)",
			  seq);
		return;
	}
	if (skb->pfmemalloc && !rxemu_skb_pfmemalloc(skb))
		rxemu_err(e, "frame %u reached the stack marked pfmemalloc with no page from the memory reserves: the stack drops it for every socket not in memory reclaim",
			  seq);
	else if (!skb->pfmemalloc && rxemu_skb_pfmemalloc(skb))
		rxemu_err(e, "frame %u reached the stack on a page from the memory reserves, but its skb is not marked pfmemalloc",
			  seq);
	/* the cpumap builds its skbs without the Rx queue (the kernel's
	 * __xdp_build_skb_from_frame() says so): not the driver's to record;
	 * nor does 6.12's ice_construct_skb_zc() record it (zero-copy
	 * XDP_PASS; mainline's xdp_build_skb_from_zc() does): a gap of
	 * upstream's, not of the buffers this emulator accounts for
	 */
	if (!kthread && !e->redir.xsk.zc &&
	    (!skb_rx_queue_recorded(skb) || skb_get_rx_queue(skb) != RXEMU_QUEUE))
		rxemu_err(e, "frame %u reached the stack without its Rx queue %u recorded (skb_record_rx_queue())",
			  seq, RXEMU_QUEUE);
	if (f->delivered) {
		rxemu_err(e, "frame %u delivered twice", seq);
		return;
	}
	f->delivered = true;
	if (f->skb_fault)
		rxemu_err(e, "frame %u (line %d) was delivered, though its skb allocation was made to fail",
			  seq, f->line);
	if (e->any_delivered && seq <= e->last_seq)
		rxemu_err(e, "frame %u delivered after frame %u", seq, e->last_seq);
	e->any_delivered = true;
	e->last_seq = seq;
	want_skb = f->outcome == RXEMU_PASS ||
		   (f->outcome == RXEMU_REDIRECT && e->redir.cpumap);
	if (!want_skb) {
		rxemu_err(e, "frame %u (line %d) was delivered; the scenario expects it %s",
			  seq, f->line, f->outcome == RXEMU_DROP ? "dropped" : "sent");
		return;
	}
	redirected = f->outcome == RXEMU_REDIRECT;
	if (kthread != redirected) {
		rxemu_err(e, "frame %u (line %d) reached the stack %s",
			  seq, f->line, kthread ?
			  "through the cpumap, though the scenario passes it" :
			  "from the driver's poll, though the program redirected it to the cpumap");
		return;
	}
	if (skb->len + ETH_HLEN != f->want) {
		rxemu_err(e, "frame %u (line %d): %u bytes delivered, %u expected (%u written)",
			  seq, f->line, skb->len + ETH_HLEN, f->want, f->len);
		return;
	}
	/* vlan N: the stripped tag rides in the skb (ice_receive_skb());
	 * the cpumap's skbs are built from frames, which carry none
	 */
	if (!kthread && (skb_vlan_tag_present(skb) ?
			 skb_vlan_tag_get(skb) != e->cfg.vlan ||
			 skb->vlan_proto != htons(ETH_P_8021Q) : !!e->cfg.vlan))
		rxemu_err(e, "frame %u (line %d): the skb carries VLAN tag %#x (protocol %#x), the hardware stripped %#x",
			  seq, f->line,
			  skb_vlan_tag_present(skb) ? skb_vlan_tag_get(skb) : 0,
			  ntohs(skb->vlan_proto), e->cfg.vlan);
	/* the program's metadata travels in front of the skb's data */
	if (!kthread && e->cfg.xdp_meta) {
		u32 meta = 0;

		if (skb_metadata_len(skb) == sizeof(meta))
			memcpy(&meta, skb_metadata_end(skb) - sizeof(meta), sizeof(meta));
		if (meta != RXEMU_XDP_META_MAGIC)
			rxemu_err(e, "frame %u (line %d): the skb carries %u bytes of metadata, not the program's word",
				  seq, f->line, skb_metadata_len(skb));
	}
	/* legacy-rx: ice_construct_skb() copies a first buffer of
	 * ICE_RX_HDR_SIZE bytes or less whole into the head, so that the
	 * buffer is reused at once (its page half is not handed to the stack)
	 */
	if (!kthread && !e->cfg.build_skb && f->first <= ICE_RX_HDR_SIZE &&
	    skb_headlen(skb) + ETH_HLEN != f->first)
		rxemu_err(e, "frame %u (line %d): its first buffer of %u bytes is not whole in the skb head (%u bytes there)",
			  seq, f->line, f->first, skb_headlen(skb) + ETH_HLEN);
	bad = rxemu_skb_cmp(e, skb, seq);
	if (bad >= 0) {
		rxemu_err(e, "frame %u (line %d): byte %ld differs from what the hardware wrote",
			  seq, f->line, bad);
		return;
	}
	RXEMU_CB(skb)->seq = seq;
	RXEMU_CB(skb)->valid = 1;
	e->delivered++;
	e->out_bytes += f->want;
}

static void rxemu_take_skbs(struct rxemu *e)
{
	struct sk_buff *skb;

	while ((skb = skb_dequeue(&e->rxq))) {
		rxemu_check_skb(e, skb);
		__skb_queue_tail(&e->held, skb);
	}
}

/* Let the stack free all but the KEEP most recent skbs.  Their bytes are
 * compared once more first: a change means the hardware was given a buffer
 * that an skb still owned.
 */
static void rxemu_release(struct rxemu *e, u32 keep)
{
	struct sk_buff *skb;

	while (skb_queue_len(&e->held) > keep) {
		skb = __skb_dequeue(&e->held);
		if (RXEMU_CB(skb)->valid && rxemu_skb_cmp(e, skb, RXEMU_CB(skb)->seq) >= 0)
			rxemu_err(e, "frame %u changed while an skb held it: the hardware got a buffer the stack still owned",
				  RXEMU_CB(skb)->seq);
		consume_skb(skb);
	}
}

static rx_handler_result_t rxemu_rx_handler(struct sk_buff **pskb)
{
	struct sk_buff *skb = *pskb;
	struct rxemu *e = rcu_dereference(skb->dev->rx_handler_data);

	/* the cpumap's kthread runs beside the run: the queue's lock */
	RXEMU_CB(skb)->kthread = current != e->task;
	skb_queue_tail(&e->rxq, skb);
	return RX_HANDLER_CONSUMED;
}

/* Never scheduled: polls are driven by rxemu_poll(). */
static int rxemu_napi_poll(struct napi_struct *napi, int budget)
{
	napi_complete_done(napi, 0);
	return 0;
}

/* --- polls --- */

/*
 * Every buffer the driver consumed in a poll (descriptors FROM up to TO)
 * that the hardware wrote data into must have been synced for the CPU
 * before the driver read it: with swiotlb bounce buffers (every
 * confidential VM, hosts without an IOMMU and memory the device cannot
 * reach) or a non-coherent device the bytes are not in the page until
 * dma_sync_single_range_for_cpu().  The emulated hardware writes into the
 * page itself, so only this check shows a missing sync.
 */
static void rxemu_check_synced(struct rxemu *e, u32 from, u32 to)
{
	u32 idx;

	for (idx = from; idx != to; idx = (idx + 1) % e->ring->count) {
		if (!e->hw_unsynced[idx])
			continue;
		e->hw_unsynced[idx] = false;
		rxemu_err(e, "descriptor %u: the driver consumed %u bytes the hardware wrote at %pad without syncing them for the CPU (dma_sync_single_range_for_cpu()): with swiotlb or a non-coherent device it reads stale data",
			  idx, e->hw_size[idx], &e->hw_addr[idx]);
	}
}

/*
 * NAPI's contract: ice_clean_rx_irq() returns the frames it completed,
 * or its whole budget when a refill failed (so that NAPI polls again;
 * checked for a zero-copy ring, whose failed refill leaves slots empty).
 * More than the frames that ended in the poll, without a failed refill,
 * makes NAPI poll a ring that has no work, for ever.
 */
static void rxemu_check_done(struct rxemu *e, int done, u32 budget, u32 from,
			     unsigned int refill)
{
	u32 idx, frames = 0;

	for (idx = from; idx != e->ring->next_to_clean; idx = (idx + 1) % e->ring->count)
		frames += e->hw_eof[idx];
	/* a zero-copy ring the fill ring left short returns its budget */
	if (e->ring->xsk_pool && (u32)done == budget &&
	    ICE_RX_DESC_UNUSED(e->ring))
		return;
	/* And must: more than a quarter of its slots empty after the poll is
	 * a refill that fell short (ice_clean_rx_irq_zc() refills above a
	 * quarter), and a socket without need_wakeup never wakes the driver
	 * when the fill ring has buffers again; only NAPI polling on does.
	 */
	if (e->ring->xsk_pool && !xsk_uses_need_wakeup(e->ring->xsk_pool) &&
	    ICE_RX_DESC_UNUSED(e->ring) > ICE_RING_QUARTER(e->ring)) {
		if ((u32)done != budget)
			rxemu_err(e, "ice_clean_rx_irq_zc() returned %d with budget %u while %u slots stayed empty (the fill ring ran short): without need_wakeup nothing polls the ring again",
				  done, budget, ICE_RX_DESC_UNUSED(e->ring));
		return;
	}
	if (done < 0 || (u32)done > budget ||
	    ((u32)done > frames && rxemu_refill_faults(e) == refill))
		rxemu_err(e, "ice_clean_rx_irq() returned %d with budget %u, after %u frames and no failed refill: NAPI would poll again without work",
			  done, budget, frames);
}

/*
 * The cpumap's kthread (CPU 0's, woken by the poll's flush) turns the
 * frames redirected to it into skbs beside the run: wait until every
 * frame the driver consumed and redirected there has reached the stack,
 * so that the ledger sees no reference in the cpumap's queue.  It takes
 * a tick or two; the limit is five seconds and at least 200 naps, so that
 * a VM whose host stalls it (jiffies then jump on: a loaded CI machine)
 * still gives the kthread its turns.  A frame still missing then is
 * reported by rxemu_resolve(), and the run waits no more (a driver that
 * loses such frames would make every later poll wait the limit).
 */
static void rxemu_cpumap_wait(struct rxemu *e)
{
	unsigned long until = jiffies + 5 * HZ;
	unsigned int naps = 0;
	u32 i;

	if (e->redir.late)
		return;
	do {
		rxemu_take_skbs(e);
		for (i = 0; i < e->pend_n; i++) {
			struct rxemu_pending *f =
				&e->pend[(e->pend_head + i) % e->pend_cap];

			if (f->end <= e->drv_abs &&
			    f->outcome == RXEMU_REDIRECT && !f->delivered)
				break;
		}
		if (i == e->pend_n)
			return;
		schedule_timeout_uninterruptible(1);
	} while (++naps < 200 || time_before(jiffies, until));
	e->redir.late = true;
}

static void rxemu_poll(struct rxemu *e, u32 budget)
{
	struct ice_rx_ring *ring = e->ring;
	struct napi_struct *napi = &e->qv->napi;
	u32 ntc = ring->next_to_clean;
	u16 ntu = ring->next_to_use;
	unsigned int refill = rxemu_refill_faults(e);
#ifdef HAVE_BPF_NET_CONTEXT
	struct bpf_net_context bpf_net_ctx, *prev_ctx;
#endif
	u64 t0;
	int done;

	if (e->stalled || rxemu_xsk_tx_clean(e))
		return;
	local_bh_disable();
	if (!napi_schedule_prep(napi)) {
		local_bh_enable();
		rxemu_err(e, "NAPI could not be scheduled");
		return;
	}
#ifdef HAVE_BPF_NET_CONTEXT
	/* what net_rx_action() sets for a poll: XDP_REDIRECT's state */
	prev_ctx = bpf_net_ctx_set(&bpf_net_ctx);
#endif
	e->poll_ntc = ntc;
	rxemu_counters_poll_start(e);
	e->in_poll = true;
	t0 = ktime_get_ns();
	if (ring->xsk_pool)
		done = ice_clean_rx_irq_zc(ring, ring->xsk_pool, budget);
	else
		done = ice_clean_rx_irq(ring, budget);
	e->bench_ns += ktime_get_ns() - t0;
	e->in_poll = false;
	napi_complete_done(napi, done);
#ifdef HAVE_BPF_NET_CONTEXT
	bpf_net_ctx_clear(prev_ctx);
#endif
	local_bh_enable();
	rxemu_tx_hw(e, &e->xtx);
	rxemu_tx_hw(e, &e->rtx);
	rxemu_txq_account(e, &e->xtx);
	rxemu_txq_account(e, &e->rtx);
	/* the control ring's data is never read, so never synced */
	if (!e->cfg.ctrl)
		rxemu_check_synced(e, ntc, ring->next_to_clean);
	rxemu_check_done(e, done, budget, ntc, refill);

	e->polls++;
	/* ice_clean_rx_irq() ends by refilling every slot it can: when no
	 * page allocation or mapping failed, the ring is full again
	 */
	if (ring->xsk_pool)
		rxemu_xsk_check_refill(e, ntu);
	else if (rxemu_refill_faults(e) == refill && ICE_RX_DESC_UNUSED(ring))
		rxemu_err(e, "%u descriptors left unposted after a poll in which no page allocation or mapping failed: the ring does not refill",
			  (u32)ICE_RX_DESC_UNUSED(ring));
	if (ring->xsk_pool ? ring->first_desc != ring->next_to_clean :
	    !!ring->xdp.data)
		e->midframe++;
	e->drv_abs += (ring->next_to_clean + ring->count - ntc) % ring->count;
	rxemu_take_skbs(e);
	rxemu_xsk_check_skb_freed(e);
	if (e->redir.cpumap)
		rxemu_cpumap_wait(e);
	if (e->redir.xsk_on)
		rxemu_xsk_take(e);
	rxemu_resolve(e, false);
	rxemu_release(e, e->cfg.hold);
	/* a benchmark checks the ledger at the teardown only */
	if (!e->cfg.bench)
		rxemu_checkpoint(e, RXEMU_CP_RING | RXEMU_CP_DESC);
	rxemu_counters_between_polls(e);
}

/* --- the emulated hardware --- */

static bool rxemu_hw_room(struct rxemu *e)
{
	return e->hw_head != READ_ONCE(e->tail_reg);
}

/*
 * Poll until the driver gives the hardware a descriptor.  When a poll
 * leaves none because the driver's refill hit an injected page or mapping
 * fault, the hardware does what E810 does without a descriptor: a frame
 * that has not begun (FIRST) is dropped at the MAC (-EAGAIN; E810 counts
 * it in the VSI's rx_discards, ethtool rx_dropped), one that has begun
 * waits in the packet buffer while NAPI polls again (the driver returns
 * its full budget after a failed refill).  Without such a fault, a ring
 * that makes no progress is a stall: an error.
 */
static int rxemu_wait_room(struct rxemu *e, bool first)
{
	int idle = 0, starved = 0;

	while (!rxemu_hw_room(e)) {
		u64 before = e->drv_abs;
		u32 tail = READ_ONCE(e->tail_reg);
		u16 ntu = e->ring->next_to_use;
		unsigned int refill = rxemu_refill_faults(e);

		rxemu_poll(e, e->cfg.budget);
		if (rxemu_hw_room(e))
			break;
		/* an empty fill ring starves a zero-copy ring as a failed
		 * page allocation does
		 */
		if (rxemu_refill_faults(e) != refill || rxemu_xsk_fill_empty(e)) {
			if (first)
				return -EAGAIN;
			if (++starved < 1000)
				continue;
			rxemu_err(e, "a frame begun waits for descriptor %u: the driver's refill failed in 1000 polls in a row (injected faults, or a fill ring user space never refills)",
				  e->hw_head);
			e->stalled = true;
			return -EIO;
		}
		if (e->drv_abs != before || READ_ONCE(e->tail_reg) != tail ||
		    e->ring->next_to_use != ntu)
			idle = 0;
		else if (++idle == 3)
			goto stalled;
	}
	return 0;

stalled:
	rxemu_err(e, "ring stalled: the hardware needs descriptor %u, tail is %u, next_to_clean %u",
		  e->hw_head, READ_ONCE(e->tail_reg), e->ring->next_to_clean);
	e->stalled = true;
	return -EIO;
}

/* Does a held skb reference half HALF of page P?  Returns the frame it
 * carries, -2 for an skb that is no frame of ours, -1 if none.
 */
static long rxemu_held_half(struct rxemu *e, struct rxemu_page *p, u32 half)
{
	u32 fsz = rxemu_frame_sz(&e->cfg);
	u8 *base = page_address(p->page);
	struct sk_buff *skb;
	int i;

	skb_queue_walk(&e->held, skb) {
		struct skb_shared_info *sh = skb_shinfo(skb);
		bool hit = skb->head_frag &&
			   virt_to_head_page(skb->head) == p->page &&
			   (skb->head - base) / fsz == half;

		for (i = 0; i < sh->nr_frags && !hit; i++) {
			const skb_frag_t *f = &sh->frags[i];
			struct page *fp = skb_frag_page(f);

			hit = compound_head(fp) == p->page &&
			      ((fp - p->page) * PAGE_SIZE + skb_frag_off(f)) / fsz == half;
		}
		if (hit)
			return RXEMU_CB(skb)->valid ? RXEMU_CB(skb)->seq : -2;
	}
	return -1;
}

static void rxemu_hw_write(struct rxemu *e, u32 seq, u32 off, u32 size,
			   bool eof, bool rxe)
{
	struct ice_rx_ring *ring = e->ring;
	union ice_32b_rx_flex_desc *d = ICE_RX_DESC(ring, e->hw_head);
	dma_addr_t addr = le64_to_cpu(d->read.pkt_addr);
	u16 st0 = BIT(ICE_RX_FLEX_DESC_STATUS0_DD_S);
	struct rxemu_page *p = rxemu_addr_find(e, addr);

	if (ring->xsk_pool) {
		/* zero-copy: a umem chunk, never a page of the ledger */
		rxemu_xsk_hw_write(e, e->hw_head, addr, seq, off, size);
	} else if (!p || p->state != RXEMU_PG_MAPPED || addr < p->dma ||
		   addr + rxemu_dbuf(&e->cfg) > p->dma + p->size) {
		rxemu_err(e, "descriptor %u points at %pad, not at a buffer in a mapped Rx page: no data written",
			  e->hw_head, &addr);
	} else {
		/* a page from the reserves goes back after its one use */
		if (p->pfmemalloc && p->posts++)
			rxemu_err(e, "descriptor %u hands the hardware page pfn %#lx a second time, though it came from the memory reserves (pfmemalloc): such a page must not be reused",
				  e->hw_head, rxemu_pfn(p->page));
		if (p->cpu_owned & BIT((addr - p->dma) / rxemu_frame_sz(&e->cfg)))
			rxemu_err(e, "descriptor %u hands the hardware %pad, which the CPU owns: not synced for the device (dma_sync_single_range_for_device()) since the driver last read it or mapped it",
				  e->hw_head, &addr);
		if (size)
			rxemu_frame_bytes(e, seq, off, phys_to_virt(addr), size);
		p->half_seq[((addr - p->dma) / rxemu_frame_sz(&e->cfg)) & 1] = seq;
	}

	/* p->skbrefs is from the last checkpoint, which saw every held skb */
	if (p && p->state == RXEMU_PG_MAPPED && p->skbrefs) {
		u32 half = (addr - p->dma) / rxemu_frame_sz(&e->cfg);
		long f = rxemu_held_half(e, p, half);

		if (f != -1)
			rxemu_err(e, "descriptor %u hands the hardware half %u of page pfn %#lx, which the skb of frame %ld still holds: the driver recycled a buffer the stack owns",
				  e->hw_head, half, rxemu_pfn(p->page), f);
	}

	/* p->txrefs too: an XDP Tx frame not yet freed owns its half */
	if (p && p->state == RXEMU_PG_MAPPED && p->txrefs &&
	    rxemu_tx_holds_half(e, p, (addr - p->dma) / rxemu_frame_sz(&e->cfg)))
		rxemu_err(e, "descriptor %u hands the hardware half %u of page pfn %#lx, which an XDP Tx buffer still holds: the driver recycled a buffer in flight",
			  e->hw_head, (u32)((addr - p->dma) / rxemu_frame_sz(&e->cfg)),
			  rxemu_pfn(p->page));

	e->hw_size[e->hw_head] = size;
	e->hw_bytes += size;
	e->hw_addr[e->hw_head] = addr;
	e->hw_unsynced[e->hw_head] = size;
	e->hw_eof[e->hw_head] = eof;
	memset(d, 0, sizeof(*d));
	d->wb.rxdid = ICE_RXDID_FLEX_NIC;
	d->wb.ptype_flex_flags0 = cpu_to_le16(1 & ICE_RX_FLEX_DESC_PTYPE_M);
	d->wb.pkt_len = cpu_to_le16(size & ICE_RX_FLX_DESC_PKT_LEN_M);
	if (eof)
		st0 |= BIT(ICE_RX_FLEX_DESC_STATUS0_EOF_S);
	if (eof && rxe)
		st0 |= BIT(ICE_RX_FLEX_DESC_STATUS0_RXE_S);
	/* vlan N: the tag stripped from the frame, in its last descriptor */
	if (eof && e->cfg.vlan) {
		st0 |= BIT(ICE_RX_FLEX_DESC_STATUS0_L2TAG1P_S);
		d->wb.l2tag1 = cpu_to_le16(e->cfg.vlan);
	}
	dma_wmb();
	WRITE_ONCE(d->wb.status_error0, cpu_to_le16(st0));
	e->hw_head = (e->hw_head + 1) % ring->count;
	e->hw_abs++;
}

/*
 * What the kernel makes of a frame the program redirects to the devmap:
 * before the xdp_features of 6.3 (probes/xdp_features.c) the core itself
 * refuses a multi-buffer frame (xdp_do_redirect(): -EOPNOTSUPP for any map
 * but a cpumap, read in Debian's 6.1.192; 6.12 asks the target's
 * NETDEV_XDP_ACT_NDO_XMIT_SG instead), and the driver drops it.  A frame
 * the program cut to its head is a single buffer by then.
 */
static u8 rxemu_redirect_outcome(const struct rxemu *e,
				 const struct rxemu_step *st)
{
	bool frags = false;
	u32 i;

	for (i = 1; i < st->nbufs; i++)
		frags |= st->size[i] != 0;
#ifndef HAVE_XSK_MULTI_BUFFER
	/* zero-copy before 6.6: patches/compat/0011 drops a frame of several
	 * buffers before the program runs (it cannot cut it either)
	 */
	if (frags && e->cfg.xsk_zc)
		return RXEMU_DROP;
#endif
#ifndef HAVE_XDP_FEATURES
	/* the cpumap takes them: it builds skbs with frags */
	if (frags && !st->trim && !e->redir.cpumap)
		return RXEMU_DROP;
#endif
	return RXEMU_REDIRECT;
}

/*
 * Before 6.3 that refusal returns before xdp_do_redirect()'s own trace
 * point, xdp_redirect_err, which rxemu_trace.c counts the failures by: a
 * multi-buffer frame the program redirects to a devmap or an xskmap is
 * counted apart.  A devmap program redirects every frame, also those a
 * legacy-rx ring then drops (outcome drop); zero-copy before 6.6 drops
 * such a frame before the program (patches/compat/0011).
 */
static bool rxemu_redirect_untraced(const struct rxemu *e,
				    const struct rxemu_step *st)
{
#ifndef HAVE_XDP_FEATURES
	bool devmap = e->redir.map && !e->redir.cpumap && !e->redir.xsk_on;
	u32 i;

#ifndef HAVE_XSK_MULTI_BUFFER
	if (e->cfg.xsk_zc)
		return false;
#endif
	if (st->trim || e->redir.cpumap ||
	    (st->outcome != RXEMU_REDIRECT && !devmap))
		return false;
	for (i = 1; i < st->nbufs; i++)
		if (st->size[i])
			return true;
#endif
	return false;
}

static int rxemu_write_frame(struct rxemu *e, const struct rxemu_step *st)
{
	u32 nwrite = st->cut ? st->cut : st->nbufs;
	struct rxemu_pending *f;
	u32 i, off = 0, len = 0;

	for (i = 0; i < st->nbufs; i++)
		len += st->size[i];
	if (!rxemu_hw_room(e)) {
		int err = rxemu_wait_room(e, true);

		if (err == -EAGAIN) {
			/* no descriptor: dropped at the MAC, never seen */
			e->frames++;
			e->nodesc++;
			return 0;
		}
		if (err)
			return err;
	}
	if (e->pend_n == e->pend_cap) {
		rxemu_err(e, "%u frames pending: more than 3 rings' worth wait on a paused Tx ring (txstall) or the emulator has a bug",
			  e->pend_n);
		return -EIO;
	}
	f = &e->pend[(e->pend_head + e->pend_n++) % e->pend_cap];
	f->seq = e->seq++;
	f->len = len;
	f->want = st->trim ? st->size[0] : len;
	f->first = st->size[0];
	f->start = e->hw_abs;
	f->slot = e->hw_head;
	f->end = e->hw_abs + nwrite;
	f->line = st->line;
	f->redirect_untraced = rxemu_redirect_untraced(e, st);
	f->outcome = st->outcome == RXEMU_REDIRECT ?
		     rxemu_redirect_outcome(e, st) : st->outcome;
#ifndef HAVE_XSK_MULTI_BUFFER
	/* zero-copy before 6.6: patches/compat/0011 drops a frame of several
	 * buffers whatever the program would make of it (pass included)
	 */
	for (i = 1; e->cfg.xsk_zc && i < st->nbufs; i++)
		if (st->size[i])
			f->outcome = RXEMU_DROP;
#endif
	f->delivered = false;
	f->skb_fault = false;
	f->txdma_fault = false;
	f->refused = false;
	e->frames++;
	cond_resched();
	if (e->hw_head + st->nbufs > e->ring->count)
		e->wraps++;
	for (i = 0; i < nwrite; i++) {
		if (rxemu_wait_room(e, false))
			return -EIO;
		rxemu_hw_write(e, f->seq, off, st->size[i], i + 1 == st->nbufs,
			       st->rxe);
		off += st->size[i];
		if (st->split && i + 1 == st->split)
			rxemu_poll(e, e->cfg.budget);
	}
	/* cut=K: the rest never comes; the ring is torn down inside it */
	if (st->cut)
		rxemu_poll(e, e->cfg.budget);
	if (++e->since_irq >= e->cfg.batch) {
		e->since_irq = 0;
		rxemu_poll(e, e->cfg.budget);
	}
	return 0;
}

/* Poll until the driver has consumed every descriptor written back. */
static void rxemu_drain(struct rxemu *e)
{
	int idle = 0;

	while (e->drv_abs != e->hw_abs && !e->stalled) {
		u64 before = e->drv_abs;

		rxemu_poll(e, e->cfg.budget);
		if (e->drv_abs != before) {
			idle = 0;
		} else if (++idle == 3) {
			rxemu_err(e, "the driver stopped at next_to_clean %u with %llu descriptors written back and not consumed",
				  e->ring->next_to_clean, e->hw_abs - e->drv_abs);
			break;
		}
	}
	rxemu_resolve(e, true);
}

/* --- set-up and teardown of the ring --- */

/*
 * What ice_vsi_cfg_rxq() does to the ring before it fills it: the
 * xdp_rxq_info of a PF VSI's ring registered (unless it says registered
 * already: the copy ethtool -G swapped in still does), and the ring's
 * xdp_buff set up.
 */
static int rxemu_cfg_rxq(struct rxemu *e)
{
	struct ice_rx_ring *ring = e->ring;
	u32 frame_sz = rxemu_frame_sz(&e->cfg);
	int err;

	if (!e->cfg.ctrl && !xdp_rxq_info_is_reg(&ring->xdp_rxq)) {
		err = __xdp_rxq_info_reg(&ring->xdp_rxq, e->netdev, ring->q_index,
					 e->qv->napi.napi_id, frame_sz);
		if (err)
			return err;
		err = xdp_rxq_info_reg_mem_model(&ring->xdp_rxq,
						 MEM_TYPE_PAGE_SHARED, NULL);
		if (err)
			return err;
	}
	xdp_init_buff(&ring->xdp, frame_sz, &ring->xdp_rxq);
	ring->xdp.data = NULL;
	ring->xdp_ext.pkt_ctx = &ring->pkt_ctx;
	return 0;
}

/*
 * The queue comes up again after a reset or a resize: the hardware starts
 * over at descriptor 0 (ice_vsi_cfg_rxq() writes tail 0) and the ring is
 * filled as ice_vsi_cfg_rxq() does.
 */
static void rxemu_queue_up(struct rxemu *e)
{
	e->hw_head = 0;
	WRITE_ONCE(e->tail_reg, 0);
	ice_alloc_rx_bufs(e->ring, ICE_RX_DESC_UNUSED(e->ring));
	rxemu_checkpoint(e, RXEMU_CP_RING | RXEMU_CP_DESC);
	rxemu_counters_between_polls(e);
}

/*
 * A queue reset that keeps the ring (ice_qp_dis() and ice_qp_ena() when an
 * AF_XDP pool comes or goes on a queue pair, a reconfiguration between
 * ice_down() and ice_up()): the frames written back so far are consumed,
 * ice_clean_rx_ring() gives every buffer back, the hardware starts over
 * at descriptor 0 (ice_vsi_cfg_rxq() writes tail 0), and the ring is
 * filled again as ice_vsi_cfg_rxq() does.  Then traffic goes on: what
 * ice_clean_rx_ring() leaves in the ring and its indexes is used again.
 * The pages it gives back are released, like a teardown's, not by the
 * Rx path (the counters count them as page_drain).
 */
static void rxemu_reset(struct rxemu *e)
{
	struct ice_rx_ring *ring = e->ring;

	rxemu_drain(e);
	rxemu_checkpoint(e, RXEMU_CP_RING | RXEMU_CP_DESC);
	/* a frame half gathered (cut=): its buffers are drained, not put */
	e->reset_gathered += (ring->next_to_clean + ring->count - ring->first_desc) % ring->count;
	e->teardown = true;
	ice_clean_rx_ring(ring);
	e->teardown = false;
	rxemu_check_cleaned(e);
	rxemu_checkpoint(e, RXEMU_CP_RING);
	rxemu_queue_up(e);
}

/*
 * ethtool -G under traffic (ice_set_ringparam()), while NAPI runs on the
 * ring: it copies the ring, ring_stats pointer and all (here at each sync
 * of the next poll, so the copy is of the ring in the middle of a poll),
 * sets the copy up (ice_setup_rx_ring(), process context, after that
 * poll) and fills it (ice_alloc_rx_bufs(); inside the poll after, at its
 * first sync, rxemu_fill_copy()).  A poll that reads no buffer leaves it
 * to after the poll.  Then ice_down(): the frames written back so far are
 * consumed (as a reset), ice_free_rx_ring() empties the ring and the copy
 * takes its place, next_to_use, next_to_clean and next_to_alloc 0, with
 * the real tail; ice_up(): ice_vsi_cfg_rxq() fills it, taking the copy's
 * pages where they are.  The ledger counts the copy's slots while it
 * waits (rxemu_scan_slots()).
 */
static void rxemu_resize(struct rxemu *e, u32 count)
{
	struct ice_rx_ring *ring = e->ring, *copy;
	struct rxemu_pending *pend;
	bool *unsynced, *eof;
	dma_addr_t *addr;
	u16 *size;
	int err;

	copy = kzalloc(sizeof(*ring), GFP_KERNEL);
	size = kvcalloc(count, sizeof(*size), GFP_KERNEL);
	addr = kvcalloc(count, sizeof(*addr), GFP_KERNEL);
	unsynced = kvcalloc(count, sizeof(*unsynced), GFP_KERNEL);
	eof = kvcalloc(count, sizeof(*eof), GFP_KERNEL);
	pend = kvcalloc(RXEMU_PEND_CAP(count), sizeof(*pend), GFP_KERNEL);
	if (!copy || !size || !addr || !unsynced || !eof || !pend) {
		rxemu_err(e, "resize: out of memory");
		goto out;
	}
	e->copy = copy;
	e->copy_state = RXEMU_COPY_TAKE;
	rxemu_poll(e, e->cfg.budget);
	if (!copy->count)
		*copy = *ring;
	e->copy_state = RXEMU_COPY_NONE;
	copy->count = count;
	copy->desc = NULL;
	copy->rx_buf = NULL;
	copy->tail = (u8 __iomem __force *)&e->copy_tail;
	err = ice_setup_rx_ring(copy);
	if (err) {
		rxemu_err(e, "resize: ice_setup_rx_ring() of the copy failed: %d", err);
		goto out;
	}
	e->copy_state = RXEMU_COPY_FILL;
	rxemu_poll(e, e->cfg.budget);
	if (e->copy_state == RXEMU_COPY_FILL)
		rxemu_fill_copy(e);

	/* ice_down(), the copy in the ring's place, ice_up() */
	rxemu_drain(e);
	rxemu_checkpoint(e, RXEMU_CP_RING | RXEMU_CP_DESC);
	if (e->pend_n) {
		rxemu_err(e, "resize: emulator bug: %u frames still pending", e->pend_n);
		goto out;
	}
	e->reset_gathered += (ring->next_to_clean + ring->count - ring->first_desc) % ring->count;
	e->teardown = true;
	ice_free_rx_ring(ring);
	e->teardown = false;
	copy->tail = ring->tail;
	copy->next_to_use = 0;
	copy->next_to_clean = 0;
	copy->next_to_alloc = 0;
	*ring = *copy;
	e->copy = NULL;
	e->copy_state = RXEMU_COPY_NONE;
	swap(e->hw_size, size);
	swap(e->hw_addr, addr);
	swap(e->hw_unsynced, unsynced);
	swap(e->hw_eof, eof);
	swap(e->pend, pend);
	e->pend_cap = RXEMU_PEND_CAP(count);
	e->pend_head = 0;
	err = rxemu_cfg_rxq(e);
	if (err)
		rxemu_err(e, "resize: xdp_rxq_info registration failed: %d", err);
	rxemu_queue_up(e);
out:
	if (e->copy && e->copy->rx_buf) {
		/* never swapped in: the driver frees it */
		e->teardown = true;
		ice_free_rx_ring(e->copy);
		e->teardown = false;
	}
	e->copy = NULL;
	e->copy_state = RXEMU_COPY_NONE;
	kfree(copy);
	kvfree(size);
	kvfree(addr);
	kvfree(unsynced);
	kvfree(eof);
	kvfree(pend);
}

/*
 * The fill of ethtool -G's copy while NAPI runs on the ring (inside a
 * poll): the copy shares the ring's ring_stats, so the fill must not write
 * them.  Two CPUs adding to one counter lose counts (a non-atomic
 * increment), and a page_alloc one short leaves page_stale at 2^64 - 1 for
 * good; and the pages the copy holds are not lost pages.  Any change to
 * the ring's counters across the fill is an error.
 */
static void rxemu_fill_copy(struct rxemu *e)
{
	struct ice_rxq_stats before = e->ring->ring_stats->rx_stats;

	e->copy_state = RXEMU_COPY_DONE;
	ice_alloc_rx_bufs(e->copy, ICE_RX_DESC_UNUSED(e->copy));
	if (memcmp(&before, &e->ring->ring_stats->rx_stats, sizeof(before)))
		rxemu_err(e, "resize: filling the copy of the ring (ice_set_ringparam()) while NAPI runs on the ring changed the ring's counters, which the copy shares: two CPUs' increments of one counter lose counts");
}

/*
 * Option bias N: every page just posted is made to look as if it had
 * been reused USHRT_MAX - N times already, its references given up one a
 * use (the driver's pagecnt_bias and the page's count lowered alike), so
 * that a short run reaches what only a long one does: the bias running
 * out and ice_can_reuse_rx_page() restocking it.
 */
static void rxemu_age_pages(struct rxemu *e, u32 bias)
{
	struct ice_rx_ring *ring = e->ring;
	u32 i;

	for (i = 0; i < ring->count; i++) {
		struct ice_rx_buf *b = &ring->rx_buf[i];

		if (!b->page || b->pagecnt_bias <= bias)
			continue;
		page_ref_sub(b->page, b->pagecnt_bias - bias);
		b->pagecnt_bias = bias;
	}
}

static int rxemu_setup(struct rxemu *e)
{
	const struct rxemu_cfg *cfg = &e->cfg;
	struct ice_rx_ring *ring;
	struct rxemu_rng r = { .s = 1 };
	bool filled;
	int err, i;

	e->pattern = kvmalloc(2 * RXEMU_PATTERN, GFP_KERNEL);
	e->hw_size = kvcalloc(cfg->ring, sizeof(*e->hw_size), GFP_KERNEL);
	e->hw_addr = kvcalloc(cfg->ring, sizeof(*e->hw_addr), GFP_KERNEL);
	e->hw_unsynced = kvcalloc(cfg->ring, sizeof(*e->hw_unsynced), GFP_KERNEL);
	e->hw_eof = kvcalloc(cfg->ring, sizeof(*e->hw_eof), GFP_KERNEL);
	e->pend_cap = RXEMU_PEND_CAP(cfg->ring);
	e->pend = kvcalloc(e->pend_cap, sizeof(*e->pend), GFP_KERNEL);
	e->pf = kvzalloc(sizeof(*e->pf), GFP_KERNEL);
	e->vsi = kzalloc(sizeof(*e->vsi), GFP_KERNEL);
	e->qv = kzalloc(sizeof(*e->qv), GFP_KERNEL);
	e->ring = kzalloc(sizeof(*e->ring), GFP_KERNEL);
	if (!e->pattern || !e->hw_size || !e->hw_addr || !e->hw_unsynced || !e->hw_eof ||
	    !e->pend || !e->pf || !e->vsi ||
	    !e->qv || !e->ring)
		return -ENOMEM;
	ring = e->ring;
	/* vlan N: the netdev strips 802.1Q tags (ice_vsi_cfg_rxq()'s part) */
	if (cfg->vlan)
		ring->vlan_proto = htons(ETH_P_8021Q);
	ring->ring_stats = kzalloc(sizeof(*ring->ring_stats), GFP_KERNEL);
	if (!ring->ring_stats)
		return -ENOMEM;
	u64_stats_init(&ring->ring_stats->syncp);
	/* the VSI's rings: ice_clean_rx_ring() publishes for these only */
	e->vsi->rx_rings = kcalloc(RXEMU_QUEUE + 1, sizeof(*e->vsi->rx_rings),
				   GFP_KERNEL);
	if (!e->vsi->rx_rings)
		return -ENOMEM;
	e->vsi->rx_rings[RXEMU_QUEUE] = ring;
	for (i = 0; i < RXEMU_PATTERN; i += sizeof(u64)) {
		u64 v = rxemu_rand(&r);

		memcpy(e->pattern + i, &v, sizeof(v));
	}
	memcpy(e->pattern + RXEMU_PATTERN, e->pattern, RXEMU_PATTERN);

	e->pdev = platform_device_register_simple("ice_rxemu", PLATFORM_DEVID_NONE,
						  NULL, 0);
	if (IS_ERR(e->pdev)) {
		err = PTR_ERR(e->pdev);
		e->pdev = NULL;
		return err;
	}
	e->dev = &e->pdev->dev;
	/* The ops first: setting the mask decides (6.11 and later,
	 * dma_setup_need_sync()) whether the device's syncs reach its ops at
	 * all, and a coherent dma-direct device's do not.  This device needs
	 * them, like any behind swiotlb (rxemu_check_synced()).
	 */
	set_dma_ops(e->dev, &rxemu_dma_ops);
	err = dma_coerce_mask_and_coherent(e->dev, DMA_BIT_MASK(64));
	if (err)
		return err;

	/* queues up to RXEMU_QUEUE's, for an AF_XDP socket to bind to it */
	e->netdev = alloc_etherdev_mqs(0, RXEMU_QUEUE + 1, RXEMU_QUEUE + 1);
	if (!e->netdev)
		return -ENOMEM;
	e->vsi->type = cfg->ctrl ? ICE_VSI_CTRL : ICE_VSI_PF;
	e->vsi->back = e->pf;
	e->vsi->netdev = e->netdev;
	e->qv->vsi = e->vsi;
	netif_napi_add(e->netdev, &e->qv->napi, rxemu_napi_poll);
	e->napi_added = true;
	napi_enable(&e->qv->napi);

	ring->count = cfg->ring;
	/* not 0, so that an skb whose queue was not recorded shows */
	ring->q_index = RXEMU_QUEUE;
	ring->dev = e->dev;
	ring->netdev = e->netdev;
	ring->vsi = e->vsi;
	ring->q_vector = e->qv;
	ring->tail = (u8 __iomem __force *)&e->tail_reg;
	ring->rx_buf_len = cfg->rx_buf_len;
	ring->max_frame = ICE_AQ_SET_MAC_FRAME_SIZE_MAX;
	if (cfg->build_skb)
		ice_set_ring_build_skb_ena(ring);
	else
		ice_clear_ring_build_skb_ena(ring);
	ring->rx_offset = cfg->build_skb ? ICE_SKB_PAD : 0;
	e->qv->rx.rx_ring = ring;

	err = ice_setup_rx_ring(ring);
	if (err)
		return err;
	/* as ice_vsi_cfg_rxq(): a PF VSI's ring only (ctrl on below) */
	err = rxemu_cfg_rxq(e);
	if (err)
		return err;

	rtnl_lock();
	err = netdev_rx_handler_register(e->netdev, rxemu_rx_handler, e);
	rtnl_unlock();
	if (err)
		return err;
	e->rx_handler = true;

	err = rxemu_xdp_setup(e);
	if (err)
		return err;
	/*
	 * ctrl on: the ring of the control VSI, which has no netdev (Flow
	 * Director programming status): ice_clean_rx_irq() only steps over
	 * its descriptors and the buffers stay where they are.  Its VF is
	 * NULL, so no FDIR handler runs.
	 */
	if (ring->xsk_pool) {
		filled = ice_alloc_rx_bufs_zc(ring, ring->xsk_pool,
					      ICE_RX_DESC_UNUSED(ring));
		rxemu_xsk_check_setup(e, filled);
	} else {
		ice_alloc_rx_bufs(ring, ICE_RX_DESC_UNUSED(ring));
	}
	if (cfg->xsk_zc && !ring->xsk_pool) {
		rxemu_err(e, "xsk_mode zc: the AF_XDP socket bound, but no pool came to the ring (the program has no xskmap?)");
		return -EINVAL;
	}
	if (cfg->ctrl)
		ring->netdev = NULL;
	if (cfg->bias)
		rxemu_age_pages(e, cfg->bias);
	return 0;
}

/*
 * The ring's packet and byte counters (ice_update_rx_ring_stats(), what
 * ip -s link and ethtool -S show): every frame delivered or sent by
 * XDP_TX is counted, and nothing more than the frames and bytes the
 * hardware wrote (a dropped frame is counted by XDP's verdict, not by a
 * failed skb or an RXE drop, so only the bounds are exact).
 */
static void rxemu_check_ring_stats(struct rxemu *e)
{
	const struct ice_q_stats *q;

	if (!e->ring || !e->ring->ring_stats)
		return;
	q = &e->ring->ring_stats->stats;
	if (q->pkts < e->delivered + e->sent || q->pkts > e->frames)
		rxemu_err(e, "ring counter pkts is %llu: %u frames delivered or sent, %u written",
			  q->pkts, e->delivered + e->sent, e->frames);
	if (q->bytes < e->out_bytes || q->bytes > e->hw_bytes)
		rxemu_err(e, "ring counter bytes is %llu: %llu delivered or sent, %llu written",
			  q->bytes, e->out_bytes, e->hw_bytes);
}

static void rxemu_teardown(struct rxemu *e)
{
	struct ice_rx_ring *ring = e->ring;

	strscpy(e->where, "teardown", sizeof(e->where));
	e->teardown = true;
	rxemu_trace_check(e);
	if (e->rx_handler) {
		rxemu_take_skbs(e);
		rxemu_release(e, 0);
	}
	rxemu_xsk_zc_teardown(e);
	rxemu_xdp_teardown(e);
	if (ring && ring->rx_buf) {
		rxemu_checkpoint(e, RXEMU_CP_RING | RXEMU_CP_DESC);
		/* the driver's own teardown: in-flight frame, then every slot */
		ice_clean_rx_ring(ring);
		strscpy(e->where, "after ice_clean_rx_ring", sizeof(e->where));
		rxemu_check_cleaned(e);
		rxemu_checkpoint(e, RXEMU_CP_RING);
	}
	if (ring && ring->dev) {
		ice_free_rx_ring(ring);
		/* Freed twice, as the driver may (a VSI released after its
		 * open failed): the second finds no buffers and must do
		 * nothing (make mutants: ice_clean_rx_ring()'s guard).
		 */
		ice_free_rx_ring(ring);
	}
	rxemu_ledger_close(e);
	rxemu_check_ring_stats(e);
	/* reuse all: no skb held, no fault, so every page can be kept */
	if (e->cfg.reuse_all && e->not_reused)
		rxemu_err(e, "%u pages unmapped before the teardown where every page can be reused (reuse all): the driver let go of pages it could keep",
			  e->not_reused);
	rxemu_check_counters(e);
	rxemu_check_fault_counters(e);
	rxemu_check_fault_plans(e);
	if (e->rx_handler) {
		rtnl_lock();
		netdev_rx_handler_unregister(e->netdev);
		rtnl_unlock();
	}
	if (e->napi_added) {
		napi_disable(&e->qv->napi);
		netif_napi_del(&e->qv->napi);
	}
	/* unbinds the AF_XDP socket (the kernel's xsk_notifier()) */
	if (e->registered)
		unregister_netdev(e->netdev);
	if (e->netdev)
		free_netdev(e->netdev);
	if (e->pdev) {
		set_dma_ops(e->dev, NULL);
		platform_device_unregister(e->pdev);
	}
	if (ring)
		kfree(ring->ring_stats);
	kfree(ring);
	kfree(e->qv);
	if (e->vsi)
		kfree(e->vsi->rx_rings);
	kfree(e->vsi);
	kvfree(e->pf);
	kvfree(e->pend);
	kvfree(e->hw_size);
	kvfree(e->hw_addr);
	kvfree(e->hw_unsynced);
	kvfree(e->hw_eof);
	kvfree(e->pattern);
}

/* --- a run --- */

/* Random frames; the first failure is reported with what replays it, and
 * the run goes on so that leaks add up.
 */
static void rxemu_fuzz(struct rxemu *e)
{
	const struct rxemu_cfg *cfg = &e->cfg;
	bool release, reported = false;
	struct rxemu_step st;
	u32 k, budget;
	int i;

	e->rng.s = cfg->fuzz_seed;
	for (k = 0; k < cfg->fuzz_frames && !e->stalled; k++) {
		unsigned int before = e->errors;

		rxemu_fuzz_frame(&e->rng, cfg, &st, &budget, &release);
		rxemu_format_step(&st, e->fuzz_last[k % 4], sizeof(e->fuzz_last[0]));
		snprintf(e->where, sizeof(e->where), "fuzz frame %u", k);
		if (rxemu_write_frame(e, &st))
			break;
		if (budget)
			rxemu_poll(e, budget);
		if (release) {
			rxemu_release(e, 0);
			rxemu_checkpoint(e, RXEMU_CP_RING | RXEMU_CP_DESC);
		}
		if (e->errors == before || reported)
			continue;
		reported = true;
		pr_info("rxemu: #   fuzz: first failure at frame %u of seed %llu; replay with the options of this run and 'fuzz %llu %u'; its last frames:\n",
			k, cfg->fuzz_seed, cfg->fuzz_seed, k + 1);
		for (i = 3; i >= 0; i--)
			if (k >= i)
				pr_info("rxemu: #     %s\n", e->fuzz_last[(k - i) % 4]);
	}
}

static void rxemu_run(const struct rxemu_scenario *scn, char *res, size_t rlen)
{
	const struct rxemu_cfg *cfg = &scn->cfg;
	unsigned int s, r;
	struct rxemu *e;
	ktime_t t0;
	int err;

	e = kvzalloc(sizeof(*e), GFP_KERNEL);
	if (!e) {
		snprintf(res, rlen, "not ok - %s (out of memory)", cfg->name);
		pr_info("rxemu: %s\n", res);
		return;
	}
	e->cfg = *cfg;
	e->task = current;
	hash_init(e->pages);
	hash_init(e->dead);
	skb_queue_head_init(&e->rxq);
	skb_queue_head_init(&e->held);
	pr_info("rxemu: # run %s: ring %u, rx_buf_len %u, build_skb %s, budget %u, batch %u, hold %u, fuzz %u frames, MAX_SKB_FRAGS %d, xdp %s%s\n",
		cfg->name, cfg->ring, cfg->rx_buf_len,
		cfg->build_skb ? "on" : "off", cfg->budget, cfg->batch,
		cfg->hold, cfg->fuzz_frames, (int)MAX_SKB_FRAGS,
		cfg->xdp[0] ? cfg->xdp : "none", cfg->bench ? ", bench" : "");
	t0 = ktime_get();
	rxemu_cur = e;
	strscpy(e->where, "set-up", sizeof(e->where));
	err = rxemu_setup(e);
	if (err) {
		rxemu_err(e, "ring set-up failed: %d", err);
		goto out;
	}
	rxemu_checkpoint(e, RXEMU_CP_RING | RXEMU_CP_DESC);
	rxemu_trace_start(e);
	/* faults from the first frame on, replayed from the fuzz seed */
	e->fault_rng.s = cfg->fuzz_seed ^ 0x6661756c74ULL;
	rxemu_fault_arm(e, true);
	for (s = 0; s < scn->nsteps && !e->stalled; s++) {
		const struct rxemu_step *st = &scn->steps[s];

		switch (st->kind) {
		case RXEMU_STEP_FRAME:
			for (r = 0; r < st->repeat && !e->stalled; r++) {
				snprintf(e->where, sizeof(e->where),
					 "line %d, frame %u", st->line, e->seq);
				if (rxemu_write_frame(e, st))
					break;
			}
			break;
		case RXEMU_STEP_POLL:
			snprintf(e->where, sizeof(e->where), "line %d, poll",
				 st->line);
			rxemu_poll(e, st->budget ? st->budget : cfg->budget);
			break;
		case RXEMU_STEP_RELEASE:
			snprintf(e->where, sizeof(e->where), "line %d, release",
				 st->line);
			rxemu_release(e, 0);
			rxemu_checkpoint(e, RXEMU_CP_RING | RXEMU_CP_DESC);
			break;
		case RXEMU_STEP_RESET:
			snprintf(e->where, sizeof(e->where), "line %d, reset",
				 st->line);
			rxemu_reset(e);
			break;
		case RXEMU_STEP_RESIZE:
			snprintf(e->where, sizeof(e->where), "line %d, resize %u",
				 st->line, st->count);
			rxemu_resize(e, st->count);
			break;
		case RXEMU_STEP_TXSTALL:
			snprintf(e->where, sizeof(e->where), "line %d, txstall %s",
				 st->line, st->on ? "on" : "off");
			rxemu_txstall(e, st->on);
			break;
		case RXEMU_STEP_XSKREAD:
			snprintf(e->where, sizeof(e->where), "line %d, xsk_read %s",
				 st->line, st->on ? "on" : "off");
			rxemu_xsk_read(e, st->on);
			break;
		case RXEMU_STEP_TARGET:
			snprintf(e->where, sizeof(e->where), "line %d, target",
				 st->line);
			rxemu_target_state(e, st->count);
			break;
		case RXEMU_STEP_FAULTS:
			snprintf(e->where, sizeof(e->where), "line %d, faults %s",
				 st->line, st->on ? "on" : "off");
			rxemu_fault_arm(e, st->on);
			/* the interrupt of a NIC that got no descriptor: the
			 * ring must refill (rxemu_poll() checks it)
			 */
			if (!st->on)
				rxemu_poll(e, cfg->budget);
			break;
		}
	}
	if (cfg->fuzz_frames && !e->stalled)
		rxemu_fuzz(e);
	strscpy(e->where, "drain", sizeof(e->where));
	rxemu_fault_arm(e, false);
	rxemu_txstall(e, false);
	if (e->redir.xsk_on)
		rxemu_xsk_read(e, true);
	rxemu_drain(e);
	e->drained = !e->stalled && e->drv_abs == e->hw_abs &&
		     !e->ring->xdp.data;
out:
	rxemu_teardown(e);
	rxemu_cur = NULL;
	snprintf(res, rlen,
		 "%s - %s frames=%u delivered=%u sent=%u dropped=%u faults=%u/%u/%u/%u nodesc=%u fault_drops=%u polls=%u midframe=%u wraps=%u pages=%u not_reused=%u returned=%u leaked=%u orphan_refs=%lu page_stale=%llu errors=%u ms=%lld rx_ns_per_frame=%llu.%03llu",
		 !e->errors && !e->leaked ? "ok" : "not ok", cfg->name,
		 e->frames, e->delivered, e->sent, e->dropped,
		 e->injected[RXEMU_FAULT_PAGE], e->injected[RXEMU_FAULT_DMA],
		 e->injected[RXEMU_FAULT_SKB], e->injected[RXEMU_FAULT_TXDMA],
		 e->nodesc, e->fault_drops,
		 e->polls,
		 e->midframe,
		 e->wraps, e->mapped, e->not_reused, e->returned, e->leaked,
		 e->orphan_refs, e->page_stale, e->errors,
		 ktime_ms_delta(ktime_get(), t0),
		 div_u64(e->bench_ns, max(e->frames, 1u)),
		 div_u64(e->bench_ns * 1000, max(e->frames, 1u)) % 1000);
	pr_info("rxemu: %s\n", res);
	kvfree(e);
}

/* --- debugfs: write a scenario to "run", read the last "result" --- */

static DEFINE_MUTEX(rxemu_lock);
static struct dentry *rxemu_dir;
static char rxemu_result[512] = "no run yet";

struct rxemu_text {
	char *buf;
	size_t len;
	bool too_big;
};

static void rxemu_run_text(char *text)
{
	struct rxemu_scenario scn;
	char err[200];

	mutex_lock(&rxemu_lock);
	if (rxemu_parse(text, &scn, err, sizeof(err))) {
		snprintf(rxemu_result, sizeof(rxemu_result),
			 "not ok - %s (scenario error: %s)", scn.cfg.name, err);
		pr_info("rxemu: %s\n", rxemu_result);
	} else {
		rxemu_run(&scn, rxemu_result, sizeof(rxemu_result));
	}
	rxemu_free_scenario(&scn);
	mutex_unlock(&rxemu_lock);
}

static int rxemu_run_open(struct inode *inode, struct file *file)
{
	struct rxemu_text *t = kzalloc(sizeof(*t), GFP_KERNEL);

	if (!t)
		return -ENOMEM;
	t->buf = kvmalloc(RXEMU_MAX_TEXT + 1, GFP_KERNEL);
	if (!t->buf) {
		kfree(t);
		return -ENOMEM;
	}
	file->private_data = t;
	return nonseekable_open(inode, file);
}

static ssize_t rxemu_run_write(struct file *file, const char __user *ubuf,
			       size_t count, loff_t *ppos)
{
	struct rxemu_text *t = file->private_data;

	if (count > RXEMU_MAX_TEXT - t->len) {
		t->too_big = true;
		return -EFBIG;
	}
	if (copy_from_user(t->buf + t->len, ubuf, count))
		return -EFAULT;
	t->len += count;
	return count;
}

/* The run happens when the writer closes the file. */
static int rxemu_run_release(struct inode *inode, struct file *file)
{
	struct rxemu_text *t = file->private_data;

	if (t->too_big) {
		mutex_lock(&rxemu_lock);
		snprintf(rxemu_result, sizeof(rxemu_result),
			 "not ok - (scenario error: more than %d bytes)",
			 RXEMU_MAX_TEXT);
		pr_info("rxemu: %s\n", rxemu_result);
		mutex_unlock(&rxemu_lock);
	} else if (file->f_mode & FMODE_WRITE) {
		t->buf[t->len] = '\0';
		rxemu_run_text(t->buf);
	}
	kvfree(t->buf);
	kfree(t);
	return 0;
}

static ssize_t rxemu_result_read(struct file *file, char __user *ubuf,
				 size_t count, loff_t *ppos)
{
	char buf[sizeof(rxemu_result) + 1];
	int n;

	mutex_lock(&rxemu_lock);
	n = scnprintf(buf, sizeof(buf), "%s\n", rxemu_result);
	mutex_unlock(&rxemu_lock);
	return simple_read_from_buffer(ubuf, count, ppos, buf, n);
}

static const struct file_operations rxemu_run_fops = {
	.owner = THIS_MODULE,
	.open = rxemu_run_open,
	.write = rxemu_run_write,
	.release = rxemu_run_release,
};

static const struct file_operations rxemu_result_fops = {
	.owner = THIS_MODULE,
	.read = rxemu_result_read,
};

/* --- module parameter rxemu: 1 creates /sys/kernel/debug/ice_rxemu --- */

static bool rxemu_on;

static int rxemu_param_set(const char *val, const struct kernel_param *kp)
{
	bool on;

	if (kstrtobool(val, &on))
		return -EINVAL;
	mutex_lock(&rxemu_lock);
	if (on && !rxemu_dir) {
		struct dentry *d = debugfs_create_dir("ice_rxemu", NULL);

		if (IS_ERR(d)) {
			mutex_unlock(&rxemu_lock);
			return PTR_ERR(d);
		}
		debugfs_create_file("run", 0200, d, NULL, &rxemu_run_fops);
		debugfs_create_file("result", 0444, d, NULL, &rxemu_result_fops);
		rxemu_dir = d;
		pr_info("rxemu: Rx ring emulator ready: write a scenario to /sys/kernel/debug/ice_rxemu/run\n");
	} else if (!on && rxemu_dir) {
		debugfs_remove_recursive(rxemu_dir);
		rxemu_dir = NULL;
	}
	rxemu_on = on;
	mutex_unlock(&rxemu_lock);
	return 0;
}

/* Called when the module goes away (module_destroy_params()). */
static void rxemu_param_free(void *arg)
{
	debugfs_remove_recursive(rxemu_dir);
	rxemu_dir = NULL;
}

static const struct kernel_param_ops rxemu_param_ops = {
	.set = rxemu_param_set,
	.get = param_get_bool,
	.free = rxemu_param_free,
};

module_param_cb(rxemu, &rxemu_param_ops, &rxemu_on, 0644);
MODULE_PARM_DESC(rxemu, "SELFTEST build only: 1 creates /sys/kernel/debug/ice_rxemu, the Rx ring emulator");
MODULE_INFO(rxemu, "Rx ring emulator built in: a test build, not for production");
