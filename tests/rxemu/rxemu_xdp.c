// SPDX-License-Identifier: GPL-2.0
/*
 * Rx ring emulator: XDP.  Included by ice_txrx_selftest.c.
 *
 * A scenario with "xdp PATH" runs the BPF program pinned at PATH (loaded
 * by tests/rxemu/xdp/xdp-load in the VM) as rx_ring->xdp_prog, and gives
 * the Rx ring an XDP Tx ring of the same size, set up as
 * ice_prepare_xdp_rings() does, with the driver's own ice_setup_tx_ring().
 * The driver sends XDP_TX frames on it with __ice_xmit_xdp_ring(), which
 * maps each buffer once more (the oracle's Tx mappings) and keeps the
 * frame's page reference in the Tx buffer.
 *
 * The emulated Tx side plays the hardware after every poll: it reads the
 * descriptors up to the tail the driver wrote, checks that they carry
 * exactly the bytes of the frame the Rx side wrote (and that the scenario
 * expected it sent), and writes DONE back into the descriptors that ask for
 * a report (RS).  Releasing stays the driver's job: ice_clean_xdp_irq()
 * when its ring runs short, ice_clean_tx_ring() at the teardown.
 */

static int rxemu_xdp_setup(struct rxemu *e)
{
	struct ice_tx_ring *txr;
	struct bpf_prog *prog;
	int err;

	if (!e->cfg.xdp[0])
		return 0;
	prog = bpf_prog_get_type_path(e->cfg.xdp, BPF_PROG_TYPE_XDP);
	if (IS_ERR(prog)) {
		rxemu_err(e, "no XDP program pinned at %s (%ld): did xdp-load run?",
			  e->cfg.xdp, PTR_ERR(prog));
		return PTR_ERR(prog);
	}
	e->prog = prog;

	txr = kzalloc(sizeof(*txr), GFP_KERNEL);
	if (!txr)
		return -ENOMEM;
	e->txr = txr;
	txr->ring_stats = kzalloc(sizeof(*txr->ring_stats), GFP_KERNEL);
	if (!txr->ring_stats)
		return -ENOMEM;
	txr->count = e->cfg.ring;
	txr->dev = e->dev;
	txr->netdev = e->netdev;
	txr->vsi = e->vsi;
	txr->tail = (u8 __iomem __force *)&e->tx_tail_reg;
	spin_lock_init(&txr->tx_lock);
	ice_set_ring_xdp(txr);
	err = ice_setup_tx_ring(txr);
	if (err)
		return err;
	e->ring->xdp_ring = txr;
	/* more CPUs than XDP Tx rings: the driver locks the ring it shares
	 * (ice_prepare_xdp_rings()); the key is global, a run holds it once
	 */
	if (e->cfg.xdp_locking) {
		static_branch_inc(&ice_xdp_locking_key);
		e->xdp_locking = true;
	}
	WRITE_ONCE(e->ring->xdp_prog, prog);
	return 0;
}

/* Does an XDP Tx buffer not yet freed hold half HALF of page P? */
static bool rxemu_tx_holds_half(struct rxemu *e, struct rxemu_page *p, u32 half)
{
	struct ice_tx_ring *txr = e->txr;
	u8 *base = page_address(p->page);
	u32 i;

	for (i = 0; txr && txr->tx_buf && i < txr->count; i++) {
		struct ice_tx_buf *b = &txr->tx_buf[i];

		if (b->type == ICE_TX_BUF_XDP_TX &&
		    virt_to_head_page(b->raw_buf) == p->page &&
		    ((u8 *)b->raw_buf - base) / rxemu_frame_sz(&e->cfg) == half)
			return true;
	}
	return false;
}

/*
 * Check one Tx descriptor's buffer against the frame being sent.  The
 * frame's sequence number sits at bytes ETH_HLEN.. of the frame, which a
 * frame of small buffers (a 14-byte head, say) spreads over several
 * descriptors: the first RXEMU_HDR_LEN bytes are gathered before the
 * frame is looked up, then compared like the rest.  Returns false after an
 * error, so that the rest of the frame is skipped with no further noise.
 */
static bool rxemu_tx_desc(struct rxemu *e, const u8 *data, u32 size, bool eop)
{
	struct rxemu_pending *f;
	__le32 le;

	if (e->tx_off < RXEMU_HDR_LEN) {
		u32 n = min(size, RXEMU_HDR_LEN - e->tx_off);

		memcpy(e->tx_hdr + e->tx_off, data, n);
		if (e->tx_off + n < RXEMU_HDR_LEN) {
			e->tx_off += n;
			if (eop)
				rxemu_err(e, "Tx descriptor %u ends a frame of %u bytes, shorter than its header",
					  e->tx_head, e->tx_off);
			return !eop;
		}
		memcpy(&le, e->tx_hdr + ETH_HLEN, sizeof(le));
		e->tx_seq = le32_to_cpu(le);
		f = rxemu_pending_find(e, e->tx_seq);
		if (!f || f->outcome != RXEMU_TX || f->delivered) {
			rxemu_err(e, "frame %u sent by XDP_TX: the scenario expects %s",
				  e->tx_seq, !f ? "no such frame pending" :
				  f->delivered ? "it once" : "it not sent");
			return false;
		}
		/* the bytes of the descriptors before this one */
		if (e->tx_off &&
		    rxemu_frame_cmp(e, e->tx_seq, 0, e->tx_hdr, e->tx_off) >= 0) {
			rxemu_err(e, "frame %u: the Tx descriptors before %u carry bytes 0..%u, not those the hardware received",
				  e->tx_seq, e->tx_head, e->tx_off);
			return false;
		}
	} else {
		f = rxemu_pending_find(e, e->tx_seq);
		if (!f) {
			rxemu_err(e, "frame %u: no longer pending in the middle of its Tx",
				  e->tx_seq);
			return false;
		}
	}
	if (e->tx_off + size > f->want ||
	    rxemu_frame_cmp(e, e->tx_seq, e->tx_off, data, size) >= 0) {
		rxemu_err(e, "frame %u: Tx descriptor %u carries bytes %u..%u, not those the hardware received",
			  e->tx_seq, e->tx_head, e->tx_off, e->tx_off + size);
		return false;
	}
	e->tx_off += size;
	if (!eop)
		return true;
	if (e->tx_off != f->want)
		rxemu_err(e, "frame %u sent with %u bytes, %u expected",
			  e->tx_seq, e->tx_off, f->want);
	f->delivered = true;
	e->sent++;
	e->out_bytes += f->want;
	return true;
}

/* The hardware sends what the driver posted up to the tail. */
static void rxemu_tx_hw(struct rxemu *e)
{
	struct ice_tx_ring *txr = e->txr;
	u32 tail = READ_ONCE(e->tx_tail_reg);

	while (txr && e->tx_head != tail) {
		struct ice_tx_desc *d = ICE_TX_DESC(txr, e->tx_head);
		u64 qw1 = le64_to_cpu(d->cmd_type_offset_bsz);
		dma_addr_t addr = le64_to_cpu(d->buf_addr);
		/* buffer size: 14 bits from ICE_TXD_QW1_TX_BUF_SZ_S */
		u32 size = (qw1 >> ICE_TXD_QW1_TX_BUF_SZ_S) & 0x3fff;
		u32 cmd = (qw1 & ICE_TXD_QW1_CMD_M) >> ICE_TXD_QW1_CMD_S;
		bool eop = cmd & ICE_TX_DESC_CMD_EOP;
		struct rxemu_page *p = rxemu_addr_find(e, addr);

		if (e->tx_skip) {
			/* the rest of a frame already found wrong */
		} else if (!p || !p->txmaps) {
			rxemu_err(e, "Tx descriptor %u points at %pad, which is not mapped for Tx",
				  e->tx_head, &addr);
			e->tx_skip = true;
		} else {
			e->tx_skip = !rxemu_tx_desc(e, phys_to_virt(addr), size, eop);
		}
		if (eop) {
			e->tx_off = 0;
			e->tx_skip = false;
		}
		if (cmd & ICE_TX_DESC_CMD_RS)
			d->cmd_type_offset_bsz =
				cpu_to_le64(ICE_TX_DESC_DTYPE_DESC_DONE);
		e->tx_head = (e->tx_head + 1) % txr->count;
	}
}

static void rxemu_xdp_teardown(struct rxemu *e)
{
	struct ice_tx_ring *txr = e->txr;

	if (e->ring && e->ring->xdp_prog)
		WRITE_ONCE(e->ring->xdp_prog, NULL);
	if (e->xdp_locking) {
		static_branch_dec(&ice_xdp_locking_key);
		e->xdp_locking = false;
	}
	if (txr) {
		/* the driver's own teardown frees the buffers still in flight */
		if (txr->tx_buf)
			ice_free_tx_ring(txr);
		rxemu_checkpoint(e, RXEMU_CP_RING);
		if (e->tx_maps != e->tx_unmaps)
			rxemu_err(e, "%u Tx mappings, %u undone",
				  e->tx_maps, e->tx_unmaps);
		kfree(txr->ring_stats);
		kfree(txr);
		e->txr = NULL;
	}
	if (e->ring)
		e->ring->xdp_ring = NULL;
	if (e->prog)
		bpf_prog_put(e->prog);
	e->prog = NULL;
}
