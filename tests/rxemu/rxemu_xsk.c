// SPDX-License-Identifier: GPL-2.0
/*
 * Rx ring emulator: XDP_REDIRECT to an xskmap, an AF_XDP socket in copy
 * mode.  Included by ice_txrx_selftest.c.
 *
 * A program with an xskmap (ice_redirect_xsk) makes the run create an
 * AF_XDP socket through the kernel's own code (sock_create(PF_XDP), its
 * setsockopt(), getsockopt(), mmap() and bind()), bound in copy mode to
 * the emulated queue of the Rx netdev, which the run registers for it;
 * entry 0 of the xskmap points at it.  Its umem and its rings live in the
 * address space of the process that wrote the scenario (the run goes on
 * when that process closes the file, in its own context): the harness is
 * the AF_XDP program, reading the Rx ring and refilling the fill ring
 * through the same user mappings an application uses.  A process of its
 * own cannot be: the Rx netdev to bind to exists only during the run.
 *
 * xsk_rcv() copies each frame redirected there into umem frames taken
 * from the fill ring (several, with XDP_USE_SG, for a multi-buffer frame)
 * and returns the driver's pages at once (xdp_return_buff()); the poll's
 * flush publishes the Rx ring.  After every poll the harness gathers each
 * frame from its descriptors and checks it, bytes and order, like an skb
 * of the stack; a frame the socket could not take (an empty fill ring,
 * a full Rx ring) is excused only by the socket's own drop counters, and
 * the driver must then release its buffers as for a failed redirect.
 *
 * xsk_mode zc binds the socket in zero-copy mode instead: the kernel hands
 * the socket's buffer pool to the Rx netdev (ndo_bpf XDP_SETUP_XSK_POOL),
 * and the harness does to the emulated ring what ice_xsk_pool_setup()
 * does to a stopped queue pair (the umem DMA-mapped, the ring's buffer
 * array made one of xdp_buff pointers, the pool and its frame size on the
 * ring); the driver then fills the ring from the fill ring
 * (ice_alloc_rx_bufs_zc()), the hardware writes into umem chunks, and
 * ice_clean_rx_irq_zc() hands them to the socket.  The umem ledger
 * (rxemu_xsk_ledger()) places every chunk at each checkpoint: on the fill
 * ring, in a ring slot the driver owns, in the pool's free list, on the Rx
 * ring, kept by user space; a chunk in none is lost, a chunk in two was
 * handed out twice.
 */

/* Zero-copy needs the pool; the driver's own ndo_bpf would stop and
 * restart a queue pair through the admin queue, which no hardware answers
 * here, so the harness does the ring's part of it (rxemu_xsk_pool_enable()).
 */
static int rxemu_xsk_ndo_bpf(struct net_device *dev, struct netdev_bpf *bpf);

static int rxemu_xsk_wakeup(struct net_device *dev, u32 queue_id, u32 flags)
{
	return 0;	/* polls are driven by the run */
}

/* the Rx netdev, registered for the socket to bind to; never up, it
 * sends nothing (the redirect target's drop of an skb, rxemu_xdp.c)
 */
static const struct net_device_ops rxemu_rxdev_ops = {
	.ndo_start_xmit = rxemu_redir_start_xmit,
	.ndo_bpf = rxemu_xsk_ndo_bpf,
	.ndo_xsk_wakeup = rxemu_xsk_wakeup,
};

static struct xdp_sock *rxemu_xs(struct rxemu_xsk *x)
{
	return container_of(x->sock->sk, struct xdp_sock, sk);
}

static int rxemu_xsk_sockopt(struct rxemu *e, int name, void *val,
			     unsigned int len)
{
	struct rxemu_xsk *x = &e->redir.xsk;
	int err;

	err = x->sock->ops->setsockopt(x->sock, SOL_XDP, name,
				       KERNEL_SOCKPTR(val), len);
	if (err)
		rxemu_err(e, "AF_XDP setsockopt(%d) failed: %d", name, err);
	return err;
}

/*
 * XDP_MMAP_OFFSETS, through the socket's own getsockopt(), whose buffers
 * are user memory: the scratch page after the umem.  Where AF_XDP answers
 * through getsockopt_iter instead (7.2), its getsockopt() is NULL, and
 * do_sock_getsockopt() (compat/probes/do_sock_getsockopt.c) takes kernel
 * buffers; 6.12's version of it refuses them (WARN_ONCE) for any level but
 * SOL_SOCKET, so it is the second choice.
 */
static int rxemu_xsk_offsets(struct rxemu *e)
{
	struct rxemu_xsk *x = &e->redir.xsk;
	unsigned long scratch = x->umem + x->umem_len;
	int len = sizeof(x->off);
	int err;

	if (x->sock->ops->getsockopt) {
		if (put_user(len, (int __user *)(scratch + sizeof(x->off))))
			return -EFAULT;
		err = x->sock->ops->getsockopt(x->sock, SOL_XDP,
					       XDP_MMAP_OFFSETS,
					       (char __user *)scratch,
					       (int __user *)(scratch + sizeof(x->off)));
		if (!err && copy_from_user(&x->off, (void __user *)scratch,
					   sizeof(x->off)))
			err = -EFAULT;
	} else {
#ifdef HAVE_DO_SOCK_GETSOCKOPT
		err = do_sock_getsockopt(x->sock, false, SOL_XDP,
					 XDP_MMAP_OFFSETS,
					 KERNEL_SOCKPTR(&x->off),
					 KERNEL_SOCKPTR(&len));
#else
		err = -EOPNOTSUPP;
#endif
	}
	if (err)
		rxemu_err(e, "AF_XDP getsockopt(XDP_MMAP_OFFSETS) failed: %d",
			  err);
	return err;
}

static unsigned long rxemu_xsk_mmap(struct rxemu *e, size_t len, u64 pgoff)
{
	struct rxemu_xsk *x = &e->redir.xsk;
	unsigned long addr;

	addr = vm_mmap(x->sock->file, 0, len, PROT_READ | PROT_WRITE,
		       MAP_SHARED | MAP_POPULATE, pgoff);
	if (IS_ERR_VALUE(addr)) {
		rxemu_err(e, "mmap of the AF_XDP ring at %#llx failed: %ld",
			  pgoff, (long)addr);
		return 0;
	}
	return addr;
}

/* Give the fill ring umem frame ADDR (its chunk), as user space does. */
static int rxemu_xsk_fill(struct rxemu_xsk *x, u64 addr)
{
	u64 __user *ring = (u64 __user *)(x->fq_map + x->off.fr.desc);

	addr &= ~(u64)(RXEMU_XSK_FRAME - 1);
	if (put_user(addr, ring + (x->fq_prod & (RXEMU_XSK_RING - 1))))
		return -EFAULT;
	x->fq_prod++;
	return 0;
}

static int rxemu_xsk_fill_publish(struct rxemu_xsk *x)
{
	smp_wmb();	/* the addresses before the producer */
	return put_user(x->fq_prod, (u32 __user *)(x->fq_map + x->off.fr.producer));
}

/*
 * What user space leaves in its umem is its own, and a driver reads of a
 * buffer only what the hardware or itself wrote there: 0xff in every byte
 * (nr_frags 255 in a skb_shared_info read without XDP_FLAGS_HAS_FRAGS),
 * not the zeros of a fresh mapping that would make such a read look right.
 */
static int rxemu_xsk_poison(struct rxemu_xsk *x)
{
	size_t off, n;
	void *page;
	int err = 0;

	page = (void *)__get_free_page(GFP_KERNEL);
	if (!page)
		return -ENOMEM;
	memset(page, 0xff, PAGE_SIZE);
	for (off = 0; off < x->umem_len && !err; off += n) {
		n = min_t(size_t, PAGE_SIZE, x->umem_len - off);
		if (copy_to_user((void __user *)(x->umem + off), page, n))
			err = -EFAULT;
	}
	free_page((unsigned long)page);
	return err;
}

static int rxemu_xsk_setup(struct rxemu *e)
{
	struct rxemu_xsk *x = &e->redir.xsk;
	u32 frames = e->cfg.xsk_frames, ring = RXEMU_XSK_RING, i;
	u32 rx_ring = e->cfg.xsk_rx_ring;
	struct xdp_umem_reg mr = {};
	struct sockaddr_xdp sxdp = {};
	struct file *file;
	int err;

	x->fd = -1;
	e->redir.xsk_on = true;
	if (!current->mm) {
		rxemu_err(e, "an xskmap scenario maps its socket's umem into the process that wrote it, and this one has no address space left (it closed the file at its exit): write the scenario with a process that closes the file itself, as tests/rxemu/run-vm does");
		return -EINVAL;
	}
	x->buf = kmalloc(RXEMU_MAX_FRAME, GFP_KERNEL);
	if (!x->buf)
		return -ENOMEM;

	e->netdev->netdev_ops = &rxemu_rxdev_ops;
	if (e->cfg.xsk_zc) {
		x->zc = true;
		x->places = kvcalloc(frames, sizeof(*x->places), GFP_KERNEL);
		x->lost = kvcalloc(frames, sizeof(*x->lost), GFP_KERNEL);
		x->kept = kvcalloc(frames, sizeof(*x->kept), GFP_KERNEL);
		if (!x->places || !x->lost || !x->kept)
			return -ENOMEM;
#ifdef HAVE_XDP_FEATURES
		/* what xp_assign_dev() asks of a zero-copy netdev */
		e->netdev->xdp_features |= NETDEV_XDP_ACT_BASIC |
					   NETDEV_XDP_ACT_REDIRECT |
					   NETDEV_XDP_ACT_XSK_ZEROCOPY;
#endif
#ifdef HAVE_XDP_ZC_MAX_SEGS
		/* as ice_set_netdev_features(): multi-buffer zero-copy */
		e->netdev->xdp_zc_max_segs = ICE_MAX_BUF_TXD;
#endif
	}
	err = register_netdev(e->netdev);
	if (err) {
		rxemu_err(e, "could not register the Rx netdev for the AF_XDP socket: %d",
			  err);
		return err;
	}
	e->registered = true;

	err = sock_create(PF_XDP, SOCK_RAW, 0, &x->sock);
	if (err) {
		rxemu_err(e, "no AF_XDP socket (CONFIG_XDP_SOCKETS?): %d", err);
		x->sock = NULL;
		return err;
	}
	file = sock_alloc_file(x->sock, O_RDWR, NULL);
	if (IS_ERR(file)) {
		x->sock = NULL;		/* released by sock_alloc_file() */
		return PTR_ERR(file);
	}
	x->fd = get_unused_fd_flags(O_CLOEXEC);
	if (x->fd < 0) {
		err = x->fd;
		x->sock = NULL;
		fput(file);
		return err;
	}
	/* the file table owns the file now: the xskmap takes an fd */
	fd_install(x->fd, file);

	x->umem_len = (size_t)frames * RXEMU_XSK_FRAME;
	x->umem = vm_mmap(NULL, 0, x->umem_len + PAGE_SIZE,
			  PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, 0);
	if (IS_ERR_VALUE(x->umem)) {
		err = (long)x->umem;
		x->umem = 0;
		rxemu_err(e, "no memory in the writer's address space for the umem: %d",
			  err);
		return err;
	}
	err = rxemu_xsk_poison(x);
	if (err) {
		rxemu_err(e, "could not write the umem from user space: %d", err);
		return err;
	}
	mr.addr = x->umem;
	mr.len = x->umem_len;
	mr.chunk_size = RXEMU_XSK_FRAME;
	err = rxemu_xsk_sockopt(e, XDP_UMEM_REG, &mr, sizeof(mr)) ?:
	      rxemu_xsk_sockopt(e, XDP_UMEM_FILL_RING, &ring, sizeof(ring)) ?:
	      rxemu_xsk_sockopt(e, XDP_UMEM_COMPLETION_RING, &ring, sizeof(ring)) ?:
	      rxemu_xsk_sockopt(e, XDP_RX_RING, &rx_ring, sizeof(rx_ring)) ?:
	      rxemu_xsk_offsets(e);
	if (err)
		return err;
	x->rx_mask = rx_ring - 1;
	x->rx_len = x->off.rx.desc + rx_ring * sizeof(struct xdp_desc);
	x->rx_map = rxemu_xsk_mmap(e, x->rx_len, XDP_PGOFF_RX_RING);
	x->fq_len = x->off.fr.desc + ring * sizeof(u64);
	x->fq_map = rxemu_xsk_mmap(e, x->fq_len, XDP_UMEM_PGOFF_FILL_RING);
	if (!x->rx_map || !x->fq_map)
		return -ENOMEM;
	for (i = 0; i < frames; i++)
		if (rxemu_xsk_fill(x, (u64)i * RXEMU_XSK_FRAME))
			return -EFAULT;
	if (rxemu_xsk_fill_publish(x))
		return -EFAULT;

	sxdp.sxdp_family = AF_XDP;
	sxdp.sxdp_ifindex = e->netdev->ifindex;
	sxdp.sxdp_queue_id = RXEMU_QUEUE;
	sxdp.sxdp_flags = x->zc ? XDP_ZEROCOPY : XDP_COPY;
#ifdef XDP_USE_SG
	/* 6.6 and later: a multi-buffer frame over several umem frames */
	sxdp.sxdp_flags |= XDP_USE_SG;
#endif
	/*
	 * xsk_need_wakeup on: as libxdp's default.  A zero-copy driver
	 * then treats a full Rx ring (-ENOBUFS from xdp_do_redirect()) as
	 * a reason to stop the poll (ice: ICE_XDP_EXIT) rather than a drop
	 * it frees itself: whether the buffer comes back then depends on
	 * the kernel's AF_XDP core (xdp-xsk-zc-rx-full.scn).
	 */
	if (e->cfg.xsk_need_wakeup)
		sxdp.sxdp_flags |= XDP_USE_NEED_WAKEUP;
	/* (void *): struct sockaddr before 6.19, sockaddr_unsized after */
	err = kernel_bind(x->sock, (void *)&sxdp, sizeof(sxdp));
	if (err) {
		rxemu_err(e, "could not bind the AF_XDP socket to %s queue %u in %s mode: %d",
			  e->netdev->name, RXEMU_QUEUE,
			  x->zc ? "zero-copy" : "copy", err);
		return err;
	}
	err = rxemu_redir_map_set(e->redir.map, x->fd);
	if (err)
		rxemu_err(e, "could not put the AF_XDP socket into the xskmap: %d",
			  err);
	return err;
}

/* A whole frame gathered in x->buf: what the socket received. */
static void rxemu_xsk_frame(struct rxemu *e)
{
	struct rxemu_xsk *x = &e->redir.xsk;
	struct rxemu_pending *f;
	__le32 le;
	u32 seq;

	if (x->len < RXEMU_HDR_LEN) {
		rxemu_err(e, "the AF_XDP socket received %u bytes, no frame of the emulator",
			  x->len);
		return;
	}
	memcpy(&le, x->buf + ETH_HLEN, sizeof(le));
	seq = le32_to_cpu(le);
	f = rxemu_pending_find(e, seq);
	if (!f || f->outcome != RXEMU_REDIRECT || f->delivered) {
		rxemu_err(e, "frame %u reached the AF_XDP socket: the scenario expects %s",
			  seq, !f ? "no such frame pending" :
			  f->delivered ? "it once" :
			  f->outcome == RXEMU_DROP ? "it dropped" :
			  f->outcome == RXEMU_PASS ? "it passed" :
			  "it sent by XDP_TX");
		return;
	}
	if (e->any_delivered && seq <= e->last_seq)
		rxemu_err(e, "frame %u reached the AF_XDP socket after frame %u",
			  seq, e->last_seq);
	e->any_delivered = true;
	e->last_seq = seq;
	f->delivered = true;
	if (x->len != f->want) {
		rxemu_err(e, "frame %u (line %d): %u bytes in the AF_XDP socket, %u expected (%u written)",
			  seq, f->line, x->len, f->want, f->len);
		return;
	}
	if (rxemu_frame_cmp(e, seq, 0, x->buf, x->len) >= 0) {
		rxemu_err(e, "frame %u (line %d): the AF_XDP socket holds bytes that differ from what the hardware wrote",
			  seq, f->line);
		return;
	}
	e->sent++;
	e->out_bytes += f->want;
}

/*
 * After a poll: consume the Rx ring as an AF_XDP program does, and give
 * the frames back to the fill ring unless the scenario keeps them
 * (xsk_keep on: the fill ring runs dry).
 */
static void rxemu_xsk_take(struct rxemu *e)
{
	struct rxemu_xsk *x = &e->redir.xsk;
	struct xdp_desc __user *ring;
	struct xdp_desc d;
	u32 prod;

	if (!x->rx_map || x->read_off)
		return;
	ring = (struct xdp_desc __user *)(x->rx_map + x->off.rx.desc);
	if (get_user(prod, (u32 __user *)(x->rx_map + x->off.rx.producer)))
		goto fault;
	smp_rmb();	/* the producer before the descriptors */
	while (x->rx_cons != prod) {
		if (copy_from_user(&d, ring + (x->rx_cons & x->rx_mask),
				   sizeof(d)))
			goto fault;
		x->rx_cons++;
		if (d.addr + d.len > x->umem_len ||
		    x->len + d.len > RXEMU_MAX_FRAME) {
			rxemu_err(e, "AF_XDP Rx descriptor %#llx+%u: outside the umem, or a frame longer than any written",
				  d.addr, d.len);
			x->len = 0;
			continue;
		}
		if (copy_from_user(x->buf + x->len,
				   (void __user *)(x->umem + d.addr), d.len))
			goto fault;
		x->len += d.len;
#ifdef XDP_PKT_CONTD
		if (d.options & XDP_PKT_CONTD)
			goto refill;
#endif
		rxemu_xsk_frame(e);
		x->len = 0;
#ifdef XDP_PKT_CONTD
refill:
#endif
		if (e->cfg.xsk_keep) {
			if (x->kept && x->nkept < e->cfg.xsk_frames)
				x->kept[x->nkept++] = d.addr;
		} else if (rxemu_xsk_fill(x, d.addr)) {
			goto fault;
		}
	}
	smp_mb();	/* the descriptors read before they are given back */
	if (put_user(x->rx_cons, (u32 __user *)(x->rx_map + x->off.rx.consumer)) ||
	    rxemu_xsk_fill_publish(x))
		goto fault;
	return;
fault:
	rxemu_err(e, "the AF_XDP rings in the writer's address space could not be read or written");
}

/*
 * xsk_read off: user space stops reading the Rx ring, which fills, and
 * the socket refuses the frames after (rx_queue_full); on: it reads again,
 * at once (a poll), so that the frames waiting there are checked.
 */
static void rxemu_xsk_read(struct rxemu *e, bool on)
{
	struct rxemu_xsk *x = &e->redir.xsk;
	bool was_off = x->read_off;

	if (!e->redir.xsk_on) {
		rxemu_err(e, "xsk_read takes an XDP program with an xskmap");
		return;
	}
	x->read_off = !on;
	if (on && was_off)
		rxemu_poll(e, e->cfg.budget);
}

/* A redirected frame read by nobody yet (xsk_read off): resolved later. */
static bool rxemu_xsk_waits(const struct rxemu *e,
			    const struct rxemu_pending *f)
{
	return e->redir.xsk_on && e->redir.xsk.read_off && !f->delivered &&
	       f->outcome == RXEMU_REDIRECT;
}

/*
 * A redirected frame that never reached the socket: excused once for each
 * frame the socket itself counts as dropped (no umem frame on the fill
 * ring, a full Rx ring, a frame too long for it).
 */
static bool rxemu_xsk_dropped(struct rxemu *e)
{
	struct rxemu_xsk *x = &e->redir.xsk;
	struct xdp_sock *xs;
	u64 drops;

	if (!e->redir.xsk_on || !x->sock)
		return false;
	xs = rxemu_xs(x);
	drops = READ_ONCE(xs->rx_dropped) + READ_ONCE(xs->rx_queue_full);
	if (drops <= x->drops_seen)
		return false;
	x->drops_seen++;
	return true;
}

/*
 * Out of the xskmap, the mappings undone and the fd closed: the socket is
 * released when the writer returns to user space, unbound by then (the
 * Rx netdev's unregistration, rxemu_teardown()).
 */
static void rxemu_xsk_teardown(struct rxemu *e)
{
	struct rxemu_xsk *x = &e->redir.xsk;

	if (x->rx_map)
		vm_munmap(x->rx_map, x->rx_len);
	if (x->fq_map)
		vm_munmap(x->fq_map, x->fq_len);
	if (x->umem)
		vm_munmap(x->umem, x->umem_len + PAGE_SIZE);
	if (x->fd >= 0)
		close_fd(x->fd);
	kfree(x->buf);
	kvfree(x->places);
	kvfree(x->lost);
	kvfree(x->kept);
	memset(x, 0, sizeof(*x));
	x->fd = -1;
}

/* --- zero-copy --- */

/*
 * The pool comes to the ring, as ice_xsk_pool_setup() with the queue pair
 * stopped (ice_qp_dis(), ice_realloc_rx_xdp_bufs(), ice_xsk_pool_enable(),
 * ice_vsi_cfg_rxq(), ice_qp_ena()): the bind happens in the set-up, before
 * the ring holds any buffer, and rxemu_setup() then fills it.
 */
static int rxemu_xsk_pool_enable(struct rxemu *e, struct xsk_buff_pool *pool)
{
	struct ice_rx_ring *ring = e->ring;
	struct xdp_buff **sw;
	int err;

	if (ICE_RX_DESC_UNUSED(ring) != ring->count - 1) {
		rxemu_err(e, "the pool came to a ring that holds buffers: emulator bug");
		return -EBUSY;
	}
	err = xsk_pool_dma_map(pool, e->dev, ICE_RX_DMA_ATTR);
	if (err) {
		rxemu_err(e, "xsk_pool_dma_map() of the umem failed: %d", err);
		return err;
	}
	sw = kcalloc(ring->count, sizeof(*sw), GFP_KERNEL);
	if (!sw) {
		xsk_pool_dma_unmap(pool, ICE_RX_DMA_ATTR);
		return -ENOMEM;
	}
	kfree(ring->rx_buf);
	ring->xdp_buf = sw;
	ring->xsk_pool = pool;
	ring->rx_buf_len = xsk_pool_get_rx_frame_size(pool);
	if (ring->rx_buf_len < e->cfg.rx_buf_len)
		rxemu_err(e, "the umem's Rx frame is %u bytes, smaller than the scenario's buffers (%u)",
			  ring->rx_buf_len, e->cfg.rx_buf_len);
	xdp_rxq_info_unreg_mem_model(&ring->xdp_rxq);
	err = xdp_rxq_info_reg_mem_model(&ring->xdp_rxq,
					 MEM_TYPE_XSK_BUFF_POOL, NULL);
	if (err) {
		rxemu_err(e, "the zero-copy memory model did not register: %d", err);
		return err;
	}
	xsk_pool_set_rxq_info(pool, &ring->xdp_rxq);
	/* as ice_qp_ena() through ice_tx_xsk_pool(): the XDP ring of the
	 * queue pair sends and cleans in zero-copy mode
	 */
	if (ring->xdp_ring)
		WRITE_ONCE(ring->xdp_ring->xsk_pool, pool);
	e->redir.xsk.pool = pool;
	return 0;
}

/* The pool leaves (the socket unbound): its umem mappings go. */
static int rxemu_xsk_pool_disable(struct rxemu *e)
{
	struct xsk_buff_pool *pool = xsk_get_pool_from_qid(e->netdev, RXEMU_QUEUE);

	if (!pool)
		return -EINVAL;
	xsk_pool_dma_unmap(pool, ICE_RX_DMA_ATTR);
	if (e->umem_maps)
		rxemu_err(e, "%u umem pages still mapped after xsk_pool_dma_unmap()",
			  e->umem_maps);
	return 0;
}

static int rxemu_xsk_ndo_bpf(struct net_device *dev, struct netdev_bpf *bpf)
{
	struct rxemu *e = rxemu_cur;

	if (!e || bpf->command != XDP_SETUP_XSK_POOL)
		return -EOPNOTSUPP;
	if (bpf->xsk.queue_id != RXEMU_QUEUE)
		return -EINVAL;
	return bpf->xsk.pool ? rxemu_xsk_pool_enable(e, bpf->xsk.pool) :
			       rxemu_xsk_pool_disable(e);
}

/* The umem's pages, mapped for both directions by the pool: no ledger's
 * page (the Rx path maps for the device only), so no other check.
 */
static dma_addr_t rxemu_umem_map(struct rxemu *e, struct page *page,
				 unsigned long offset)
{
	if (!e->cfg.xsk_zc) {
		rxemu_err(e, "page pfn %#lx mapped for both directions, which only an AF_XDP umem is",
			  rxemu_pfn(page));
		return DMA_MAPPING_ERROR;
	}
	e->umem_maps++;
	return page_to_phys(page) + offset;
}

static void rxemu_umem_unmap(struct rxemu *e, dma_addr_t addr)
{
	if (!e->umem_maps) {
		rxemu_err(e, "%pad unmapped for both directions, where no umem page is mapped",
			  &addr);
		return;
	}
	e->umem_maps--;
}

/* The umem chunk under an xdp_buff of the pool (aligned mode). */
static u64 rxemu_xsk_chunk(struct rxemu_xsk *x, struct xdp_buff *xdp)
{
	u64 a = (u8 *)xdp->data_hard_start - (u8 *)x->pool->addrs;

	return (a - x->pool->headroom) & ~(u64)(RXEMU_XSK_FRAME - 1);
}

/*
 * The hardware writes into the buffer of descriptor SLOT: it must be the
 * chunk of that slot's xdp_buff, as ice_fill_rx_descs() put it there.
 */
static void rxemu_xsk_hw_write(struct rxemu *e, u32 slot, dma_addr_t addr,
			       u32 seq, u32 off, u32 size)
{
	struct xdp_buff *xdp = e->ring->xdp_buf[slot];

	if (!xdp || xsk_buff_xdp_get_dma(xdp) != addr) {
		rxemu_err(e, "descriptor %u points at %pad, not at the umem chunk of its slot (%s): no data written",
			  slot, &addr, xdp ? "another address" : "none");
		return;
	}
	if (size)
		rxemu_frame_bytes(e, seq, off, phys_to_virt(addr), size);
}

enum {
	RXEMU_UM_FILL = 1,	/* on the fill ring, not taken by the kernel */
	RXEMU_UM_RING,		/* in a slot of the ring the driver owns */
	RXEMU_UM_RX,		/* on the Rx ring, not read by user space */
	RXEMU_UM_KEPT,		/* read, kept by user space (xsk_keep on) */
	RXEMU_UM_FREE,		/* on the pool's free list */
	RXEMU_UM_FRAG,		/* a frag of the frame being gathered */
	RXEMU_UM_TX,		/* sent by XDP_TX, not yet completed */
};

static const char * const rxemu_um_name[] = {
	[RXEMU_UM_FILL] = "the fill ring",
	[RXEMU_UM_RING] = "a ring slot",
	[RXEMU_UM_RX] = "the Rx ring",
	[RXEMU_UM_KEPT] = "user space's hands",
	[RXEMU_UM_FREE] = "the pool's free list",
	[RXEMU_UM_FRAG] = "the pool's xskb_list (a frag of the frame being gathered)",
	[RXEMU_UM_TX] = "the XDP Tx ring (XDP_TX, not completed)",
};

/* Chunk ADDR is in PLACE; returns 1 when it was in none before. */
static u32 rxemu_xsk_place(struct rxemu *e, u64 addr, u8 place)
{
	struct rxemu_xsk *x = &e->redir.xsk;
	u64 i = addr / RXEMU_XSK_FRAME;

	if (addr >= x->umem_len) {
		rxemu_err(e, "umem address %#llx in %s is outside the umem",
			  addr, rxemu_um_name[place]);
		return 0;
	}
	if (x->places[i]) {
		rxemu_err(e, "umem frame %#llx is in %s and in %s: handed out twice",
			  addr, rxemu_um_name[x->places[i]], rxemu_um_name[place]);
		return 0;
	}
	x->places[i] = place;
	return 1;
}

/*
 * What the pool took from the fill ring: the consumer user space sees is
 * published only when the pool next asks for more, so the kernel's own
 * count is read, from the head of its private struct xsk_queue
 * (net/xdp/xsk_queue.h, the same four words from 5.10 to 7.3), checked
 * against what the harness made the ring.
 */
struct rxemu_xsk_queue_head {
	u32 ring_mask;
	u32 nentries;
	u32 cached_prod;
	u32 cached_cons;
};

static int rxemu_xsk_fq_taken(struct rxemu *e, u32 *cons)
{
	struct rxemu_xsk *x = &e->redir.xsk;
	const struct rxemu_xsk_queue_head *q;

	if (!x->pool || !x->pool->fq)
		return -ENOENT;
	q = (const struct rxemu_xsk_queue_head *)x->pool->fq;
	if (q->ring_mask != RXEMU_XSK_RING - 1 || q->nentries != RXEMU_XSK_RING) {
		rxemu_err(e, "the pool's fill queue reads as %u entries (mask %#x), not the %u made: struct xsk_queue is not laid out as rxemu_xsk.c reads it",
			  q->nentries, q->ring_mask, RXEMU_XSK_RING);
		return -EINVAL;
	}
	*cons = READ_ONCE(q->cached_cons);
	return 0;
}

/*
 * The struct xdp_buff_xsk that list node NODE of the pool's list links,
 * without naming the member: the free list's node is free_list_node in
 * 6.1 and in 6.6 to 6.12 as released, the frags' (xskb_list) is
 * xskb_list_node from 6.6; mainline v6.13 (b692bf9a7543, "xsk: Get rid of
 * xdp_buff_xsk::xskb_list_node") made both one list_node, which later
 * 6.12.y has too (6.12.95's and 6.12.118's headers; inferred to have come
 * with the backport of 60abb0ac11dc, "xsk: Fix fragment node deletion to
 * prevent buffer leak") and 7.2 and 7.3.  Every xdp_buff_xsk of an aligned
 * pool is an element of pool->heads, so the node must lie inside that
 * array, at one offset in its element for the whole list (*OFF, found on
 * the first node): a node outside it (poisoned by list_del(), or not a
 * buffer of this pool) is an error and ends the walk before it is
 * followed.
 */
static struct xdp_buff_xsk *rxemu_xsk_node(struct xsk_buff_pool *pool,
					   const struct list_head *node,
					   size_t *off)
{
	const size_t sz = sizeof(struct xdp_buff_xsk);
	uintptr_t base = (uintptr_t)pool->heads, p = (uintptr_t)node;

	if (p < base || p - base >= (size_t)pool->heads_cnt * sz ||
	    (*off != SIZE_MAX && (p - base) % sz != *off))
		return NULL;
	*off = (p - base) % sz;
	return &pool->heads[(p - base) / sz];
}

/*
 * Walk the pool's list HEAD and place each buffer's chunk in PLACE; with
 * SLOTS, each must also be the buffer of one of the ring slots from
 * first_desc + 1 to next_to_clean that the hardware wrote data into (the
 * frags of the frame being gathered).  Returns the buffers walked, at
 * most LIMIT + 1 (a longer list is a loop: the walk stops there).
 */
static u32 rxemu_xsk_walk(struct rxemu *e, struct list_head *head, u8 place,
			  u32 limit, bool slots, u32 *placed)
{
	struct rxemu_xsk *x = &e->redir.xsk;
	struct ice_rx_ring *ring = e->ring;
	size_t off = SIZE_MAX;
	struct list_head *node;
	u32 n = 0, i;

	for (node = READ_ONCE(head->next); node != head; node = READ_ONCE(node->next)) {
		struct xdp_buff_xsk *xskb = rxemu_xsk_node(x->pool, node, &off);

		if (++n > limit) {
			rxemu_err(e, "%s holds more than %u buffers: a loop, or a buffer on it twice",
				  rxemu_um_name[place], limit);
			break;
		}
		if (!xskb) {
			rxemu_err(e, "%s links %p, no buffer of the pool (poisoned or foreign): walk stopped",
				  rxemu_um_name[place], node);
			break;
		}
		*placed += rxemu_xsk_place(e, rxemu_xsk_chunk(x, &xskb->xdp), place);
		if (!slots)
			continue;
		for (i = (ring->first_desc + 1) % ring->count;
		     i != ring->next_to_clean; i = (i + 1) % ring->count)
			if (e->hw_size[i] && ring->xdp_buf[i] == &xskb->xdp)
				break;
		if (ring->first_desc == ring->next_to_clean ||
		    i == ring->next_to_clean)
			rxemu_err(e, "umem frame %#llx is on the pool's xskb_list, and no frag of the frame being gathered (first_desc %u, next_to_clean %u)",
				  rxemu_xsk_chunk(x, &xskb->xdp), ring->first_desc,
				  ring->next_to_clean);
	}
	return n;
}

/*
 * Every umem chunk in exactly one place, each place read by address: the
 * fill ring, the ring's slots, the frags of the frame being gathered (the
 * pool's xskb_list), the pool's free list, the Rx ring, user space.  A
 * chunk in two places was handed out twice; a chunk in none is lost, and
 * named once (x->lost).  The free list's length must be its count
 * (free_list_cnt, what the pool allocates by).  No count stands in for an
 * address: a chunk both on the free list and in a slot cannot balance one
 * lost elsewhere.
 */
static void rxemu_xsk_ledger(struct rxemu *e)
{
	struct rxemu_xsk *x = &e->redir.xsk;
	struct ice_rx_ring *ring = e->ring;
	struct ice_tx_ring *txr = e->xtx.txr;
	u32 i, prod, cons, placed = 0, n, frames = e->cfg.xsk_frames;
	u32 lost = 0;
#ifdef HAVE_XSK_MULTI_BUFFER
	u32 frags = 0;
#endif
	u64 a;

	if (!x->zc || !x->pool || !x->places)
		return;
	memset(x->places, 0, frames * sizeof(*x->places));
	/*
	 * The frame being gathered: its first buffer, and its frags, the
	 * buffers after it with data, which 6.6 and later link to the pool's
	 * xskb_list (walked below); before, 0011's shim frees each at once,
	 * and a zero-length buffer goes back to the pool
	 * (patches/product/0019).
	 */
	if (ring->first_desc != ring->next_to_clean) {
		struct xdp_buff *first = ring->xdp_buf[ring->first_desc];

		if (first)
			placed += rxemu_xsk_place(e, rxemu_xsk_chunk(x, first),
						  RXEMU_UM_RING);
		else
			rxemu_err(e, "ring slot %u, the first of the frame being gathered, has no buffer",
				  ring->first_desc);
#ifdef HAVE_XSK_MULTI_BUFFER
		for (i = (ring->first_desc + 1) % ring->count;
		     i != ring->next_to_clean; i = (i + 1) % ring->count)
			frags += e->hw_size[i] && ring->xdp_buf[i];
#endif
	}
#ifdef HAVE_XSK_MULTI_BUFFER
	n = rxemu_xsk_walk(e, &x->pool->xskb_list, RXEMU_UM_FRAG, frames,
			   true, &placed);
	if (n != frags)
		rxemu_err(e, "the pool's xskb_list holds %u buffers, the frame being gathered %u frags",
			  n, frags);
#endif
	/* the slots posted to the hardware, written back or not */
	for (i = ring->next_to_clean; i != ring->next_to_use; i = (i + 1) % ring->count) {
		if (!ring->xdp_buf[i]) {
			rxemu_err(e, "ring slot %u, which the driver owns, has no buffer",
				  i);
			continue;
		}
		placed += rxemu_xsk_place(e, rxemu_xsk_chunk(x, ring->xdp_buf[i]),
					  RXEMU_UM_RING);
	}
	/* zero-copy XDP_TX: each buffer of a frame in flight, head and
	 * frags, until ice_clean_xdp_irq_zc() frees it
	 */
	for (i = txr ? txr->next_to_clean : 0;
	     txr && txr->tx_buf && i != txr->next_to_use; i = (i + 1) % txr->count)
		if (txr->tx_buf[i].type == ICE_TX_BUF_XSK_TX)
			placed += rxemu_xsk_place(e, rxemu_xsk_chunk(x, txr->tx_buf[i].xdp),
						  RXEMU_UM_TX);
	for (i = 0; i < x->nkept; i++)
		placed += rxemu_xsk_place(e, x->kept[i] & ~(u64)(RXEMU_XSK_FRAME - 1),
					  RXEMU_UM_KEPT);
	if (get_user(prod, (u32 __user *)(x->rx_map + x->off.rx.producer)))
		goto fault;
	for (i = x->rx_cons; i != prod; i++) {
		struct xdp_desc __user *d = (struct xdp_desc __user *)
			(x->rx_map + x->off.rx.desc) + (i & x->rx_mask);

		if (get_user(a, &d->addr))
			goto fault;
		placed += rxemu_xsk_place(e, a & ~(u64)(RXEMU_XSK_FRAME - 1),
					  RXEMU_UM_RX);
	}
	if (rxemu_xsk_fq_taken(e, &cons))
		return;
	for (i = cons; i != x->fq_prod; i++) {
		u64 __user *q = (u64 __user *)(x->fq_map + x->off.fr.desc);

		if (get_user(a, q + (i & (RXEMU_XSK_RING - 1))))
			goto fault;
		placed += rxemu_xsk_place(e, a, RXEMU_UM_FILL);
	}
	n = rxemu_xsk_walk(e, &x->pool->free_list, RXEMU_UM_FREE, frames,
			   false, &placed);
	if (n != READ_ONCE(x->pool->free_list_cnt))
		rxemu_err(e, "the pool's free list holds %u buffers, its count says %u",
			  n, READ_ONCE(x->pool->free_list_cnt));
	for (i = 0; i < frames; i++) {
		if (x->places[i]) {
			x->lost[i] = 0;	/* found again: reported if lost again */
			continue;
		}
		lost++;
		if (x->lost[i])
			continue;
		x->lost[i] = 1;
		rxemu_err(e, "umem frame %#llx lost: in no ring, no slot, not in the pool's free list or xskb_list, not held by user space (%u umem frames placed)",
			  (u64)i * RXEMU_XSK_FRAME, placed);
	}
	e->umem_lost = lost;
	return;
fault:
	rxemu_err(e, "the AF_XDP rings in the writer's address space could not be read");
}

/*
 * Zero-copy XDP_TX: ice_napi_poll() gives each Tx ring of the vector,
 * the XDP ring with its pool included, to ice_xmit_zc() before the Rx
 * ring; it first completes what the hardware sent
 * (ice_clean_xdp_irq_zc(): xsk_buff_free() of every buffer of an XDP_TX
 * frame), while the Rx ring may be inside a frame whose frags are on the
 * pool's xskb_list.  The ledger then checks that the clean left that
 * frame alone.  A chunk lost or handed out twice there stops the run
 * (returns true): the poll would go on to use it (a NULL frag from
 * xsk_buff_get_frag() when the frame is sent by XDP_TX).
 */
static bool rxemu_xsk_tx_clean(struct rxemu *e)
{
	struct ice_rx_ring *ring = e->ring;
	u32 errors = e->errors;

	if (!ring->xsk_pool || !e->xtx.txr || !e->xtx.txr->xsk_pool)
		return false;
	ice_xmit_zc(e->xtx.txr, ring->xsk_pool);
	rxemu_xsk_ledger(e);
	if (e->errors == errors)
		return false;
	rxemu_err(e, "after the XDP Tx clean of a poll (ice_xmit_zc()), before its Rx clean: the run stops, the driver would use the chunks it lost");
	e->stalled = true;
	return true;
}

/* Zero-copy: no umem frame left on the fill ring for the driver. */
static bool rxemu_xsk_fill_empty(struct rxemu *e)
{
	struct rxemu_xsk *x = &e->redir.xsk;
	u32 cons;

	if (!x->zc || rxemu_xsk_fq_taken(e, &cons))
		return false;
	return cons == x->fq_prod;
}

/*
 * ice_clean_rx_irq_zc() refills when more than a quarter of the ring is
 * empty, from what the fill ring has: a ring left emptier than that, to
 * which the poll posted nothing while the fill ring could have filled it,
 * does not refill.  (Not "filled it whole": where the device needs DMA
 * syncs, 6.1's pool hands out one buffer per xsk_buff_alloc_batch(), and
 * the ring fills a buffer a poll.)
 */
/*
 * need_wakeup (xsk_need_wakeup on): user space wakes the driver (sendto(),
 * poll()) only when the fill ring's flag says so.  A ring left short after
 * a poll (more than a quarter of its slots empty: the refill failed) or
 * empty must set it, or nothing polls the ring again; a ring full again
 * (its refill cannot have failed) must clear it, or every poll costs user
 * space a system call, unless the socket refused a frame in that poll
 * (its rx_queue_full counter moved): the refusal ended the poll
 * (ICE_XDP_EXIT) and sets the flag, so that user space, once it has read,
 * wakes the driver for the frames left (xdp-xsk-zc-rx-full.scn).
 * And must: the frames behind the refused one were written back before
 * the poll, so no interrupt will announce them; the flag is what brings
 * the next poll.  A poll that goes on past a refusal offers the socket
 * the next frames too, which its full ring refuses as well (more than
 * one refusal in a poll), and drops them.
 */
static void rxemu_xsk_check_wakeup(struct rxemu *e, u32 unused)
{
	struct rxemu_xsk *x = &e->redir.xsk;
	bool empty = e->ring->next_to_clean == e->ring->next_to_use;
	u64 full = READ_ONCE(rxemu_xs(x)->rx_queue_full);
	bool refused = full != x->rx_full_seen;
	u32 flags;

	if (full - x->rx_full_seen > 1)
		rxemu_err(e, "the AF_XDP socket refused %llu frames in one poll (its Rx ring full): the driver must end the poll at the first (ICE_XDP_EXIT) and leave the rest written back",
			  full - x->rx_full_seen);
	x->rx_full_seen = full;
	if (get_user(flags, (u32 __user *)(x->fq_map + x->off.fr.flags))) {
		rxemu_err(e, "cannot read the fill ring's flags");
		return;
	}

	if (refused && !(flags & XDP_RING_NEED_WAKEUP))
		rxemu_err(e, "the AF_XDP socket refused a frame (its Rx ring full) and the fill ring's need_wakeup flag is clear after the poll: user space, once it has read, never wakes the driver for the frames left");
	if ((unused > ICE_RING_QUARTER(e->ring) || empty) &&
	    !(flags & XDP_RING_NEED_WAKEUP))
		rxemu_err(e, "%u descriptors left unposted after a poll%s and the fill ring's need_wakeup flag clear: user space never wakes the driver",
			  unused, empty ? " (the ring empty)" : "");
	else if (!unused && (flags & XDP_RING_NEED_WAKEUP) && !refused)
		rxemu_err(e, "the fill ring's need_wakeup flag set after a poll that left the ring full: user space wakes the driver for nothing");
}

static void rxemu_xsk_check_refill(struct rxemu *e, u16 ntu)
{
	struct rxemu_xsk *x = &e->redir.xsk;
	struct ice_rx_ring *r = e->ring;
	u32 unused = ICE_RX_DESC_UNUSED(r), cons;
	/* the slots empty when the poll's refill began: NTU was next_to_use */
	u32 empty = (r->next_to_clean > ntu ? 0 : r->count) +
		    r->next_to_clean - ntu - 1;

	/*
	 * Nor with fewer empty: each refill ends in a tail write, a posted
	 * MMIO write to the device, so the ring gathers more than a quarter
	 * of its slots before it pays for one (upstream's batching).
	 */
	if (r->next_to_use != ntu && empty <= ICE_RING_QUARTER(r))
		rxemu_err(e, "the poll refilled the ring with %u of its %u slots empty: ice_clean_rx_irq_zc() waits for more than a quarter (ICE_RING_QUARTER()), one tail write a batch",
			  empty, r->count);
	if (e->cfg.xsk_need_wakeup)
		rxemu_xsk_check_wakeup(e, unused);
	if (unused <= ICE_RING_QUARTER(e->ring) || e->ring->next_to_use != ntu ||
	    rxemu_xsk_fq_taken(e, &cons))
		return;
	if (x->fq_prod - cons >= unused)
		rxemu_err(e, "%u descriptors left unposted after a poll, with %u umem frames on the fill ring: the ring does not refill",
			  unused, x->fq_prod - cons);
}

/*
 * The set-up fill (as ice_vsi_cfg_rxq(): ice_alloc_rx_bufs_zc() for every
 * descriptor but one): it stops short only when the pool runs dry, and its
 * return says whether it filled them all, which ice_vsi_cfg_rxq() reports.
 * A ring left short with frames still on the fill ring would wait for a
 * poll to fill it, and with need_wakeup for user space to ask for one.
 */
static void rxemu_xsk_check_setup(struct rxemu *e, bool filled)
{
	struct rxemu_xsk *x = &e->redir.xsk;
	u32 unused = ICE_RX_DESC_UNUSED(e->ring), cons;

	if (filled != !unused)
		rxemu_err(e, "ice_alloc_rx_bufs_zc() said %s at the set-up, and %u descriptors are unposted",
			  filled ? "all filled" : "not all filled", unused);
	if (!unused || rxemu_xsk_fq_taken(e, &cons))
		return;
#ifndef HAVE_XSK_BUFF_DMA_SYNC_FOR_CPU_NO_POOL
	/*
	 * Before v6.10 (163943ac00cb, "xsk: use generic DMA sync shortcut
	 * instead of a custom one") a pool whose DMA needs syncs, as this
	 * device's does, hands out one buffer a call of xp_alloc_batch(): the
	 * set-up fill posts one descriptor and the polls fill the rest.
	 */
	if (x->pool->dma_need_sync)
		return;
#endif
	if (x->fq_prod != cons)
		rxemu_err(e, "the set-up fill left %u descriptors unposted with %u umem frames on the fill ring",
			  unused, x->fq_prod - cons);
}

/*
 * The zero-copy ring's teardown while the socket's rings are still mapped:
 * the driver's ice_clean_rx_ring() gives every chunk back to the pool, and
 * then every chunk must be in a place (the gathered frame of a ring torn
 * down inside it included).  The ring itself is freed later, as any.
 */
static void rxemu_xsk_zc_teardown(struct rxemu *e)
{
	struct ice_rx_ring *ring = e->ring;

	if (!e->redir.xsk.zc || !ring || !ring->xsk_pool)
		return;
	rxemu_checkpoint(e, RXEMU_CP_RING);
	ice_clean_rx_ring(ring);
	strscpy(e->where, "after ice_clean_rx_ring (zero-copy)", sizeof(e->where));
	rxemu_check_cleaned(e);
	rxemu_xsk_take(e);
	rxemu_xsk_ledger(e);
}
