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
 * XDP_REDIRECT: when the program uses a devmap (ice_redirect), the run
 * gets a second ice netdev, registered and up, whose VSI has an XDP Tx
 * ring of its own and whose ndo_xdp_xmit() is the driver's ice_xdp_xmit()
 * (through rxemu_ndo_xdp_xmit(), which checks its contract); entry 0 of
 * the devmap points at it.  The kernel's own devmap code converts the
 * frame (xdp_convert_buff_to_frame()), queues it and hands the bulk to
 * ice_xdp_xmit() at the poll's xdp_do_flush(), or mid-poll when 16 are
 * queued; __ice_xmit_xdp_ring() then runs with frame == true (the
 * .ndo_xdp_xmit path of mainline too).  The target's Tx buffers own the
 * xdp_frame, so the ledger counts a reference for its head and every frag
 * until the driver's Tx clean returns it.  A cpumap (ice_redirect_cpu)
 * instead: CPU 0's entry, whose kthread turns the frames into skbs for the
 * stack (rxemu_cpumap_wait() in rxemu_nic.c waits for them).
 *
 * The emulated Tx side plays the hardware of each XDP Tx ring after every
 * poll: it reads the descriptors up to the tail the driver wrote, checks
 * that they carry exactly the bytes of the frame the Rx side wrote (and
 * that the scenario expected it sent on that ring), and writes DONE back
 * into the descriptors that ask for a report (RS).  Releasing stays the
 * driver's job: ice_clean_xdp_irq() when its ring runs short,
 * ice_clean_tx_ring() at the teardown.
 */

/* An XDP Tx ring as ice_prepare_xdp_rings() sets one up, played by Q. */
static int rxemu_xdp_ring(struct rxemu *e, struct rxemu_txq *q,
			  struct net_device *netdev, struct ice_vsi *vsi)
{
	struct ice_tx_ring *txr;

	q->dsize = kcalloc(e->cfg.ring, sizeof(*q->dsize), GFP_KERNEL);
	q->deop = kcalloc(e->cfg.ring, sizeof(*q->deop), GFP_KERNEL);
	txr = kzalloc(sizeof(*txr), GFP_KERNEL);
	if (!txr || !q->dsize || !q->deop) {
		kfree(txr);
		return -ENOMEM;
	}
	q->txr = txr;
	txr->ring_stats = kzalloc(sizeof(*txr->ring_stats), GFP_KERNEL);
	if (!txr->ring_stats)
		return -ENOMEM;
	txr->count = e->cfg.ring;
	txr->dev = e->dev;
	txr->netdev = netdev;
	txr->vsi = vsi;
	txr->tail = (u8 __iomem __force *)&q->tail_reg;
	spin_lock_init(&txr->tx_lock);
	ice_set_ring_xdp(txr);
	return ice_setup_tx_ring(txr);
}

/* The driver's own teardown frees the buffers still in flight. */
static void rxemu_xdp_ring_free(struct rxemu_txq *q)
{
	struct ice_tx_ring *txr = q->txr;

	kfree(q->dsize);
	kfree(q->deop);
	q->dsize = NULL;
	q->deop = NULL;
	if (!txr)
		return;
	if (txr->tx_buf)
		ice_free_tx_ring(txr);
	kfree(txr->ring_stats);
	kfree(txr);
	q->txr = NULL;
}

/* Frames and bytes in the descriptors FROM up to TO of Q's ring: what the
 * hardware recorded where it sent them, the descriptors themselves after.
 */
static void rxemu_txq_span(struct rxemu_txq *q, u32 from, u32 to,
			   u64 *frames, u64 *bytes)
{
	struct ice_tx_ring *txr = q->txr;
	bool sent = true;
	u32 i;

	*frames = 0;
	*bytes = 0;
	for (i = from; i != to; i = (i + 1) % txr->count) {
		u64 qw1 = le64_to_cpu(ICE_TX_DESC(txr, i)->cmd_type_offset_bsz);

		if (i == q->head)
			sent = false;
		if (sent) {
			*frames += q->deop[i];
			*bytes += q->dsize[i];
		} else {
			*frames += !!((qw1 & ICE_TXD_QW1_CMD_M) >>
				      ICE_TXD_QW1_CMD_S & ICE_TX_DESC_CMD_EOP);
			*bytes += (qw1 >> ICE_TXD_QW1_TX_BUF_SZ_S) & 0x3fff;
		}
	}
}

/*
 * The XDP ring's own accounting, after a poll and before the teardown:
 * the frames between next_to_clean and next_to_use are the ones in flight
 * (xdp_tx_active), and every other frame the driver posted (sent by the
 * hardware, or waiting behind a pause) was cleaned by ice_clean_xdp_irq(),
 * which counts it in the ring's packets and bytes.
 */
static void rxemu_txq_account(struct rxemu *e, struct rxemu_txq *q)
{
	struct ice_tx_ring *txr = q->txr;
	u64 live, live_bytes, unsent, unsent_bytes, done, done_bytes, busy;

	/* zero-copy: ice_clean_xdp_irq_zc() counts buffers in xdp_tx_active
	 * and no packets or bytes; the umem ledger places its buffers
	 */
	if (!txr || !txr->tx_buf || txr->xsk_pool)
		return;
	/* frames dropped for want of room: a count that only grows, and
	 * never beyond the frames the hardware wrote
	 */
	busy = txr->ring_stats->tx_stats.tx_busy;
	if (busy < q->busy_seen || busy > e->frames)
		rxemu_err(e, "XDP Tx ring (%s): tx_busy is %llu, was %llu, with %u frames written",
			  q->outcome == RXEMU_TX ? "XDP_TX" : "redirect target",
			  busy, q->busy_seen, e->frames);
	q->busy_seen = busy;
	if (q->head != txr->next_to_use &&
	    READ_ONCE(q->tail_reg) != txr->next_to_use)
		return;	/* posted, not yet handed to the hardware */
	rxemu_txq_span(q, txr->next_to_clean, txr->next_to_use, &live,
		       &live_bytes);
	rxemu_txq_span(q, q->head, txr->next_to_use, &unsent, &unsent_bytes);
	done = q->sent_frames + unsent - live;
	done_bytes = q->sent_bytes + unsent_bytes - live_bytes;
	if (txr->xdp_tx_active != live)
		rxemu_err(e, "XDP Tx ring (%s): xdp_tx_active is %u, %llu frames lie between next_to_clean %u and next_to_use %u",
			  q->outcome == RXEMU_TX ? "XDP_TX" : "redirect target",
			  txr->xdp_tx_active, live, txr->next_to_clean,
			  txr->next_to_use);
	if (txr->ring_stats->stats.pkts != done ||
	    txr->ring_stats->stats.bytes != done_bytes)
		rxemu_err(e, "XDP Tx ring (%s): counters say %llu packets, %llu bytes sent; the driver cleaned %llu frames, %llu bytes",
			  q->outcome == RXEMU_TX ? "XDP_TX" : "redirect target",
			  txr->ring_stats->stats.pkts,
			  txr->ring_stats->stats.bytes, done, done_bytes);
}

/* The pending frame whose buffer holds the head of XDPF. */
static struct rxemu_pending *rxemu_xdpf_frame(struct rxemu *e,
					      struct xdp_frame *xdpf)
{
	struct page *page = virt_to_head_page(xdpf->data);
	struct rxemu_page *p = rxemu_page_find(e, page);
	struct rxemu_pending *f = NULL;
	u32 half;

	if (p) {
		half = ((u8 *)xdpf->data - (u8 *)page_address(page)) /
		       rxemu_frame_sz(&e->cfg);
		f = rxemu_pending_find(e, p->half_seq[half & 1]);
	}
	if (!f)
		rxemu_err(e, "ndo_xdp_xmit() was given a frame at %p, in no frame the hardware wrote that is pending",
			  xdpf->data);
	return f;
}

/*
 * ndo_xdp_xmit() of the target: the driver's ice_xdp_xmit(), and its
 * contract checked.  It returns how many of the N frames it took, from the
 * first; the caller (devmap's bq_xmit_all()) frees the others, so they
 * must never be sent, and ice stops taking frames only when a Tx mapping
 * failed or its ring is full.
 */
static int rxemu_ndo_xdp_xmit(struct net_device *dev, int n,
			      struct xdp_frame **frames, u32 flags)
{
	struct rxemu *e = rxemu_cur;
	struct ice_tx_ring *txr = e->rtx.txr;
	unsigned int faults = e->injected[RXEMU_FAULT_TXDMA];
	u64 busy = txr->ring_stats->tx_stats.tx_busy;
	struct rxemu_pending *f;
	int sent, i;

	static const int refusal[] = {
		[RXEMU_TARGET_UP] = 0,
		[RXEMU_TARGET_DOWN] = -ENETDOWN,
		[RXEMU_TARGET_NOXDP] = -ENXIO,
		[RXEMU_TARGET_NOQUEUE] = -ENXIO,
	};
	int want = refusal[e->redir.state];

	e->redir.calls++;
	sent = ice_xdp_xmit(dev, n, frames, flags);
	if (want && sent != want)
		rxemu_err(e, "ice_xdp_xmit() returned %d for %d frames to a target %s, not %d",
			  sent, n, want == -ENETDOWN ? "down" : "without its XDP ring",
			  want);
	else if (!want && (sent < 0 || sent > n))
		rxemu_err(e, "ice_xdp_xmit() returned %d for %d frames", sent, n);
	if (sent > n)
		return sent;
	for (i = max(sent, 0); i < n; i++) {
		f = rxemu_xdpf_frame(e, frames[i]);
		if (f)
			f->refused = true;
		e->redir.refused++;
	}
	if (!want && sent < n && e->injected[RXEMU_FAULT_TXDMA] == faults &&
	    txr->ring_stats->tx_stats.tx_busy == busy)
		rxemu_err(e, "ice_xdp_xmit() took %d of %d frames, though no Tx mapping failed and its ring had room",
			  sent, n);
	return sent;
}

static netdev_tx_t rxemu_redir_start_xmit(struct sk_buff *skb,
					  struct net_device *dev)
{
	dev_kfree_skb_any(skb);
	return NETDEV_TX_OK;
}

static const struct net_device_ops rxemu_redir_ops = {
	.ndo_start_xmit = rxemu_redir_start_xmit,
	.ndo_xdp_xmit = rxemu_ndo_xdp_xmit,
};

/* The program's devmap, cpumap or xskmap, if any: entry 0 is the target. */
static struct bpf_map *rxemu_prog_redir_map(struct bpf_prog *prog)
{
	struct bpf_prog_aux *aux = prog->aux;
	struct bpf_map *map = NULL;
	u32 i;

	mutex_lock(&aux->used_maps_mutex);
	for (i = 0; i < aux->used_map_cnt && !map; i++)
		if (aux->used_maps[i]->map_type == BPF_MAP_TYPE_DEVMAP ||
		    aux->used_maps[i]->map_type == BPF_MAP_TYPE_CPUMAP ||
		    aux->used_maps[i]->map_type == BPF_MAP_TYPE_XSKMAP)
			map = aux->used_maps[i];
	mutex_unlock(&aux->used_maps_mutex);
	return map;
}

/*
 * Entry 0 of the map: a devmap's ifindex, a cpumap's queue size or an
 * xskmap's socket fd, or none (VAL 0).  As the bpf() syscall does it: a
 * devmap's or xskmap's update under rcu_read_lock(), a cpumap's without
 * (it creates the kthread).
 */
static int rxemu_redir_map_set(struct bpf_map *map, u32 val)
{
	bool rcu = map->map_type != BPF_MAP_TYPE_CPUMAP;
	u32 key = 0;
	int err;

	if (rcu)
		rcu_read_lock();
	if (val)
		err = map->ops->map_update_elem(map, &key, &val, BPF_ANY);
	else
		err = map->ops->map_delete_elem(map, &key);
	if (rcu)
		rcu_read_unlock();
	return err;
}

/*
 * A cpumap: frames go to CPU 0's kthread through a queue larger than the
 * ring, so that none is dropped for want of room; the kthread builds the
 * skbs (the kernel's __xdp_build_skb_from_frame()) and hands them to the
 * stack on the Rx netdev, where the run's rx_handler takes them.
 */
static int rxemu_cpumap_setup(struct rxemu *e)
{
	struct rxemu_redir *r = &e->redir;
	int err;

	r->cpumap = true;
	err = rxemu_redir_map_set(r->map, ICE_MAX_NUM_DESC);
	if (err)
		rxemu_err(e, "could not set up the cpumap's entry for CPU 0: %d",
			  err);
	return err;
}

static int rxemu_redir_setup(struct rxemu *e)
{
	struct rxemu_redir *r = &e->redir;
	struct ice_netdev_priv *np;
	struct net_device *dev;
	unsigned int i;
	int err;

	r->map = rxemu_prog_redir_map(e->prog);
	if (!r->map)
		return 0;
	if (r->map->value_size != sizeof(u32) || r->map->max_entries < 1) {
		rxemu_err(e, "the devmap, cpumap or xskmap of %s must hold 4-byte values (an ifindex, a queue size, a socket), entry 0 the target",
			  e->cfg.xdp);
		return -EINVAL;
	}
	if (r->map->map_type == BPF_MAP_TYPE_CPUMAP)
		return rxemu_cpumap_setup(e);
	if (r->map->map_type == BPF_MAP_TYPE_XSKMAP)
		return rxemu_xsk_setup(e);
	r->vsi = kzalloc(sizeof(*r->vsi), GFP_KERNEL);
	if (!r->vsi)
		return -ENOMEM;
	/* ice_xdp_xmit() takes the ring of the CPU it runs on; the runs
	 * are serialised, so every CPU may share the one ring
	 */
	r->vsi->xdp_rings = kcalloc(nr_cpu_ids, sizeof(*r->vsi->xdp_rings),
				    GFP_KERNEL);
	if (!r->vsi->xdp_rings)
		return -ENOMEM;
	dev = alloc_etherdev(sizeof(*np));
	if (!dev)
		return -ENOMEM;
	r->netdev = dev;
	r->vsi->type = ICE_VSI_PF;
	r->vsi->back = e->pf;
	r->vsi->netdev = dev;
	/* ice_is_xdp_ena_vsi(): XDP is on, its program is never run */
	r->vsi->xdp_prog = e->prog;
	err = rxemu_xdp_ring(e, &e->rtx, dev, r->vsi);
	if (err)
		return err;
	e->rtx.outcome = RXEMU_REDIRECT;
	r->vsi->num_xdp_txq = nr_cpu_ids;
	for (i = 0; i < nr_cpu_ids; i++)
		r->vsi->xdp_rings[i] = e->rtx.txr;

	np = netdev_priv(dev);
	np->vsi = r->vsi;
	dev->netdev_ops = &rxemu_redir_ops;
	/* any frame of a scenario fits (devmap checks the MTU) */
	dev->max_mtu = RXEMU_MAX_FRAME - ETH_HLEN;
	dev->mtu = dev->max_mtu;
	eth_hw_addr_random(dev);
	xdp_features_set_redirect_target(dev, true);
	err = register_netdev(dev);
	if (err)
		return err;
	r->registered = true;
	rtnl_lock();
	err = dev_open(dev, NULL);
	rtnl_unlock();
	if (err)
		return err;
	err = rxemu_redir_map_set(r->map, dev->ifindex);
	if (err)
		rxemu_err(e, "could not point the devmap at %s: %d", dev->name, err);
	return err;
}

static void rxemu_redir_teardown(struct rxemu *e)
{
	struct rxemu_redir *r = &e->redir;

	if (r->map)
		rxemu_redir_map_set(r->map, 0);
	if (r->xsk_on)
		rxemu_xsk_teardown(e);
	rxemu_xdp_ring_free(&e->rtx);
	if (r->registered)
		unregister_netdev(r->netdev);
	if (r->netdev)
		free_netdev(r->netdev);
	if (r->vsi)
		kfree(r->vsi->xdp_rings);
	kfree(r->vsi);
	memset(r, 0, sizeof(*r));
}

static int rxemu_xdp_setup(struct rxemu *e)
{
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

	err = rxemu_xdp_ring(e, &e->xtx, e->netdev, e->vsi);
	if (err)
		return err;
	e->xtx.outcome = RXEMU_TX;
	e->ring->xdp_ring = e->xtx.txr;
	/* more CPUs than XDP Tx rings: the driver locks the ring it shares
	 * (ice_prepare_xdp_rings()); the key is global, a run holds it once
	 */
	if (e->cfg.xdp_locking) {
		static_branch_inc(&ice_xdp_locking_key);
		e->xdp_locking = true;
	}
	err = rxemu_redir_setup(e);
	if (err)
		return err;
	WRITE_ONCE(e->ring->xdp_prog, prog);
	return 0;
}

/* Does an XDP Tx buffer of Q not yet freed hold half HALF of page P? */
static bool rxemu_txq_holds_half(struct rxemu *e, struct rxemu_txq *q,
				 struct rxemu_page *p, u32 half)
{
	struct ice_tx_ring *txr = q->txr;
	u32 fsz = rxemu_frame_sz(&e->cfg);
	u8 *base = page_address(p->page);
	const u8 *data[1 + MAX_SKB_FRAGS];
	u32 i, j, n;

	for (i = 0; txr && txr->tx_buf && i < txr->count; i++) {
		n = rxemu_tx_buf_data(e, i, &txr->tx_buf[i], data);
		for (j = 0; j < n; j++)
			if (virt_to_head_page(data[j]) == p->page &&
			    (data[j] - base) / fsz == half)
				return true;
	}
	return false;
}

static bool rxemu_tx_holds_half(struct rxemu *e, struct rxemu_page *p, u32 half)
{
	return rxemu_txq_holds_half(e, &e->xtx, p, half) ||
	       rxemu_txq_holds_half(e, &e->rtx, p, half);
}

/*
 * Check one Tx descriptor's buffer against the frame being sent.  The
 * frame's sequence number sits at bytes ETH_HLEN.. of the frame, which a
 * frame of small buffers (a 14-byte head, say) spreads over several
 * descriptors: the first RXEMU_HDR_LEN bytes are gathered before the
 * frame is looked up, then compared like the rest.  Returns false after an
 * error, so that the rest of the frame is skipped with no further noise.
 */
static bool rxemu_tx_desc(struct rxemu *e, struct rxemu_txq *q, const u8 *data,
			  u32 size, bool eop)
{
	const char *how = q->outcome == RXEMU_TX ? "XDP_TX" : "the redirect";
	struct rxemu_pending *f;
	__le32 le;

	if (q->off < RXEMU_HDR_LEN) {
		u32 n = min(size, RXEMU_HDR_LEN - q->off);

		memcpy(q->hdr + q->off, data, n);
		if (q->off + n < RXEMU_HDR_LEN) {
			q->off += n;
			if (eop)
				rxemu_err(e, "Tx descriptor %u ends a frame of %u bytes, shorter than its header",
					  q->head, q->off);
			return !eop;
		}
		memcpy(&le, q->hdr + ETH_HLEN, sizeof(le));
		q->seq = le32_to_cpu(le);
		f = rxemu_pending_find(e, q->seq);
		if (!f || f->outcome != q->outcome || f->delivered) {
			rxemu_err(e, "frame %u sent by %s: the scenario expects %s",
				  q->seq, how, !f ? "no such frame pending" :
				  f->delivered ? "it once" :
				  f->outcome == RXEMU_DROP ? "it dropped" :
				  f->outcome == RXEMU_PASS ? "it passed" :
				  "it sent the other way");
			return false;
		}
		/* the bytes of the descriptors before this one */
		if (q->off &&
		    rxemu_frame_cmp(e, q->seq, 0, q->hdr, q->off) >= 0) {
			rxemu_err(e, "frame %u: the Tx descriptors before %u carry bytes 0..%u, not those the hardware received",
				  q->seq, q->head, q->off);
			return false;
		}
	} else {
		f = rxemu_pending_find(e, q->seq);
		if (!f) {
			rxemu_err(e, "frame %u: no longer pending in the middle of its Tx",
				  q->seq);
			return false;
		}
	}
	if (q->off + size > f->want ||
	    rxemu_frame_cmp(e, q->seq, q->off, data, size) >= 0) {
		rxemu_err(e, "frame %u: Tx descriptor %u carries bytes %u..%u, not those the hardware received",
			  q->seq, q->head, q->off, q->off + size);
		return false;
	}
	q->off += size;
	if (!eop)
		return true;
	if (q->off != f->want)
		rxemu_err(e, "frame %u sent with %u bytes, %u expected",
			  q->seq, q->off, f->want);
	f->delivered = true;
	e->sent++;
	e->out_bytes += f->want;
	return true;
}

/* The hardware sends what the driver posted on Q up to the tail. */
static void rxemu_tx_hw(struct rxemu *e, struct rxemu_txq *q)
{
	struct ice_tx_ring *txr = q->txr;
	u32 tail = READ_ONCE(q->tail_reg);

	while (txr && !e->tx_stalled && q->head != tail) {
		struct ice_tx_desc *d = ICE_TX_DESC(txr, q->head);
		u64 qw1 = le64_to_cpu(d->cmd_type_offset_bsz);
		dma_addr_t addr = le64_to_cpu(d->buf_addr);
		/* buffer size: 14 bits from ICE_TXD_QW1_TX_BUF_SZ_S */
		u32 size = (qw1 >> ICE_TXD_QW1_TX_BUF_SZ_S) & 0x3fff;
		u32 cmd = (qw1 & ICE_TXD_QW1_CMD_M) >> ICE_TXD_QW1_CMD_S;
		bool eop = cmd & ICE_TX_DESC_CMD_EOP;
		struct rxemu_page *p = rxemu_addr_find(e, addr);
		/* an XDP frame's descriptor: data, EOP and RS at most, no
		 * offsets, no VLAN tag to insert
		 */
		u64 other = qw1 & ~(ICE_TXD_QW1_CMD_M |
				    (0x3fffULL << ICE_TXD_QW1_TX_BUF_SZ_S));

		if (other != ICE_TX_DESC_DTYPE_DATA ||
		    (cmd & ~(ICE_TX_DESC_CMD_EOP | ICE_TX_DESC_CMD_RS)))
			rxemu_err(e, "Tx descriptor %u is no plain data descriptor of an XDP frame: %#llx",
				  q->head, qw1);
		if (q->skip) {
			/* the rest of a frame already found wrong */
		} else if (txr->xsk_pool) {
			/* zero-copy XDP_TX: the umem chunk the frame came in
			 * (mapped both ways by the pool, rxemu_umem_map())
			 */
			q->skip = !rxemu_tx_desc(e, q, phys_to_virt(addr), size,
						 eop);
		} else if (!p || !p->txmaps) {
			rxemu_err(e, "Tx descriptor %u points at %pad, which is not mapped for Tx",
				  q->head, &addr);
			q->skip = true;
		} else {
			q->skip = !rxemu_tx_desc(e, q, phys_to_virt(addr), size,
						 eop);
		}
		if (eop) {
			q->off = 0;
			q->skip = false;
		}
		q->dsize[q->head] = size;
		q->deop[q->head] = eop;
		q->sent_frames += eop;
		q->sent_bytes += size;
		if (cmd & ICE_TX_DESC_CMD_RS)
			d->cmd_type_offset_bsz =
				cpu_to_le64(ICE_TX_DESC_DTYPE_DESC_DONE);
		q->head = (q->head + 1) % txr->count;
	}
}

/*
 * txstall on: the Tx hardware of both XDP rings sends nothing (a paused
 * link): descriptors wait, the driver can clean nothing, its rings fill
 * and frames beyond their room are dropped as busy.  The frames waiting
 * are resolved once it ends (rxemu_resolve()); the drain ends it.
 */
static void rxemu_txstall(struct rxemu *e, bool on)
{
	e->tx_stalled = on;
	if (on)
		return;
	rxemu_tx_hw(e, &e->xtx);
	rxemu_tx_hw(e, &e->rtx);
}

/*
 * target STATE: the redirect target's VSI as ice_xdp_xmit() will find it
 * (rxemu_ndo_xdp_xmit() checks what it answers): down, without XDP (the
 * program removed: no XDP rings), with fewer XDP rings than CPUs.
 */
static void rxemu_target_state(struct rxemu *e, u8 state)
{
	struct rxemu_redir *r = &e->redir;

	if (!r->vsi) {
		rxemu_err(e, "target: the run has no redirect target (a program with a devmap)");
		return;
	}
	r->state = state;
	if (state == RXEMU_TARGET_DOWN)
		set_bit(ICE_VSI_DOWN, r->vsi->state);
	else
		clear_bit(ICE_VSI_DOWN, r->vsi->state);
	WRITE_ONCE(r->vsi->xdp_prog, state == RXEMU_TARGET_NOXDP ? NULL : e->prog);
	r->vsi->num_xdp_txq = state == RXEMU_TARGET_NOQUEUE ? 0 : nr_cpu_ids;
}

static void rxemu_xdp_teardown(struct rxemu *e)
{
	if (e->ring && e->ring->xdp_prog)
		WRITE_ONCE(e->ring->xdp_prog, NULL);
	if (e->xdp_locking) {
		static_branch_dec(&ice_xdp_locking_key);
		e->xdp_locking = false;
	}
	if (e->xtx.txr || e->rtx.txr) {
		rxemu_txq_account(e, &e->xtx);
		rxemu_txq_account(e, &e->rtx);
		rxemu_xdp_ring_free(&e->xtx);
		/* zero-copy: its teardown gave the XDP_TX buffers back */
		rxemu_xsk_ledger(e);
		rxemu_redir_teardown(e);
		rxemu_checkpoint(e, RXEMU_CP_RING);
		if (e->tx_maps != e->tx_unmaps)
			rxemu_err(e, "%u Tx mappings, %u undone",
				  e->tx_maps, e->tx_unmaps);
	}
	if (e->ring)
		e->ring->xdp_ring = NULL;
	if (e->prog)
		bpf_prog_put(e->prog);
	e->prog = NULL;
}
