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
 * Zero-copy (the socket's pool on the ring) is not emulated: README.txt.
 */

#define RXEMU_XSK_RING		2048	/* entries of the Rx and fill rings */
#define RXEMU_XSK_FRAME		4096	/* the umem's chunk size */

/* the Rx netdev, registered for the socket to bind to; never up, it
 * sends nothing (the redirect target's drop of an skb, rxemu_xdp.c)
 */
static const struct net_device_ops rxemu_rxdev_ops = {
	.ndo_start_xmit = rxemu_redir_start_xmit,
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

static int rxemu_xsk_setup(struct rxemu *e)
{
	struct rxemu_xsk *x = &e->redir.xsk;
	u32 frames = e->cfg.xsk_frames, ring = RXEMU_XSK_RING, i;
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
	mr.addr = x->umem;
	mr.len = x->umem_len;
	mr.chunk_size = RXEMU_XSK_FRAME;
	err = rxemu_xsk_sockopt(e, XDP_UMEM_REG, &mr, sizeof(mr)) ?:
	      rxemu_xsk_sockopt(e, XDP_UMEM_FILL_RING, &ring, sizeof(ring)) ?:
	      rxemu_xsk_sockopt(e, XDP_UMEM_COMPLETION_RING, &ring, sizeof(ring)) ?:
	      rxemu_xsk_sockopt(e, XDP_RX_RING, &ring, sizeof(ring)) ?:
	      rxemu_xsk_offsets(e);
	if (err)
		return err;
	x->rx_len = x->off.rx.desc + ring * sizeof(struct xdp_desc);
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
	sxdp.sxdp_flags = XDP_COPY;
#ifdef XDP_USE_SG
	/* 6.6 and later: a multi-buffer frame over several umem frames */
	sxdp.sxdp_flags |= XDP_USE_SG;
#endif
	/* (void *): struct sockaddr before 6.19, sockaddr_unsized after */
	err = kernel_bind(x->sock, (void *)&sxdp, sizeof(sxdp));
	if (err) {
		rxemu_err(e, "could not bind the AF_XDP socket to %s queue %u in copy mode: %d",
			  e->netdev->name, RXEMU_QUEUE, err);
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

	if (!x->rx_map)
		return;
	ring = (struct xdp_desc __user *)(x->rx_map + x->off.rx.desc);
	if (get_user(prod, (u32 __user *)(x->rx_map + x->off.rx.producer)))
		goto fault;
	smp_rmb();	/* the producer before the descriptors */
	while (x->rx_cons != prod) {
		if (copy_from_user(&d, ring + (x->rx_cons & (RXEMU_XSK_RING - 1)),
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
		if (!e->cfg.xsk_keep && rxemu_xsk_fill(x, d.addr))
			goto fault;
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
	memset(x, 0, sizeof(*x));
	x->fd = -1;
}
