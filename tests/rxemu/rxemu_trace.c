// SPDX-License-Identifier: GPL-2.0
/*
 * Rx ring emulator: the xdp:xdp_exception trace point.  Included by
 * ice_txrx_selftest.c.
 *
 * A driver reports every frame its XDP path fails with
 * trace_xdp_exception(): it is how xdpdump, perf and bpftrace users learn
 * why frames vanish, and it changes nothing else the driver does, so only
 * counting it shows a driver that reports too much or too little.  Each run
 * counts the events on its Rx netdev by the action they name and, at the
 * teardown, holds them to what the run saw happen, from sources other than
 * the driver's report:
 *  - XDP_DROP and XDP_PASS: never (verdicts, not failures);
 *  - XDP_TX: once for each frame the scenario wanted sent and the driver
 *    dropped for a full XDP Tx ring (tx_busy) or a failed Tx mapping
 *    (fault txdma): the frames rxemu_resolve() excused; never for a frame
 *    that went out;
 *  - XDP_REDIRECT: once for each failed xdp_do_redirect(), which the
 *    kernel's own xdp:xdp_redirect_err trace point counts (an AF_XDP
 *    socket's full Rx ring, a legacy-rx frame without headroom), but for
 *    the multi-buffer frames a kernel without xdp_features (before 6.3)
 *    refuses for any map but a cpumap before that trace point: those the
 *    run counts itself (rxemu_redirect_untraced()); a frame the devmap took and
 *    the target's ndo_xdp_xmit() refused later is no exception of the Rx
 *    driver;
 *  - XDP_ABORTED and an action the driver does not know: at most once for
 *    each frame written (an aborting program here aborts every frame).
 * xdp_exception's trace point is exported to modules; xdp_redirect_err's is
 * not, so it is found by name among the kernel's.
 */

static void rxemu_trace_exception(void *data, const struct net_device *dev,
				  const struct bpf_prog *xdp, u32 act)
{
	struct rxemu *e = data;

	if (dev == e->trace_dev)
		e->exceptions[min_t(u32, act, RXEMU_EXC_OTHER)]++;
}

/* the prototype of xdp_redirect_template, the same from 6.1 to 7.2 */
static void rxemu_trace_redirect_err(void *data, const struct net_device *dev,
				     const struct bpf_prog *xdp,
				     const void *tgt, int err,
				     enum bpf_map_type map_type,
				     u32 map_id, u32 index)
{
	struct rxemu *e = data;

	if (dev == e->trace_dev)
		e->redirect_errs++;
}

static void rxemu_trace_find(struct tracepoint *tp, void *priv)
{
	struct tracepoint **found = priv;

	if (!strcmp(tp->name, "xdp_redirect_err"))
		*found = tp;
}

/* From the set-up on, before the first frame. */
static void rxemu_trace_start(struct rxemu *e)
{
	struct tracepoint *tp = NULL;

	e->trace_dev = e->ring->netdev;
	if (!e->trace_dev)
		return;	/* the control ring: no netdev, no XDP */
	for_each_kernel_tracepoint(rxemu_trace_find, &tp);
	if (!tp) {
		rxemu_err(e, "the kernel has no xdp_redirect_err trace point: the xdp_exception count cannot be checked");
		return;
	}
	if (register_trace_xdp_exception(rxemu_trace_exception, e)) {
		rxemu_err(e, "could not attach to the xdp_exception trace point");
		return;
	}
	if (tracepoint_probe_register(tp, rxemu_trace_redirect_err, e)) {
		unregister_trace_xdp_exception(rxemu_trace_exception, e);
		tracepoint_synchronize_unregister();
		rxemu_err(e, "could not attach to the xdp_redirect_err trace point");
		return;
	}
	e->trace_tp = tp;
}

/* At the teardown, every frame resolved: detach, then judge the counts. */
static void rxemu_trace_check(struct rxemu *e)
{
	static const char * const act[] = {
		"XDP_ABORTED", "XDP_DROP", "XDP_PASS", "XDP_TX", "XDP_REDIRECT",
	};
	u32 a;

	if (!e->trace_tp)
		return;
	unregister_trace_xdp_exception(rxemu_trace_exception, e);
	tracepoint_probe_unregister(e->trace_tp, rxemu_trace_redirect_err, e);
	tracepoint_synchronize_unregister();
	e->trace_tp = NULL;
	if (e->stalled)
		return;	/* frames left unresolved: the counts say nothing */
	if (e->exceptions[XDP_TX] + e->tx_failed + e->redirect_errs +
	    e->exceptions[XDP_REDIRECT] + e->exceptions[XDP_ABORTED])
		pr_info("rxemu: #   xdp_exception: XDP_ABORTED %u, XDP_TX %u (frames XDP_TX failed %u), XDP_REDIRECT %u (xdp_redirect_err %u, untraced %u)\n",
			e->exceptions[XDP_ABORTED], e->exceptions[XDP_TX],
			e->tx_failed, e->exceptions[XDP_REDIRECT],
			e->redirect_errs, e->redirect_untraced);

	for (a = XDP_DROP; a <= XDP_PASS; a++)
		if (e->exceptions[a])
			rxemu_err(e, "the driver traced %u xdp_exception events for %s, a verdict and no failure",
				  e->exceptions[a], act[a]);
	if (e->exceptions[XDP_TX] != e->tx_failed)
		rxemu_err(e, "the driver traced %u xdp_exception events for XDP_TX; %u frames failed XDP_TX (a full Tx ring, a failed Tx mapping): each failure once, a frame sent never",
			  e->exceptions[XDP_TX], e->tx_failed);
	if (e->exceptions[XDP_REDIRECT] !=
	    e->redirect_errs + e->redirect_untraced)
		rxemu_err(e, "the driver traced %u xdp_exception events for XDP_REDIRECT; xdp_do_redirect() failed %u times (the kernel's xdp_redirect_err), %u more for multi-buffer frames before 6.3: each failure once, a frame redirected never",
			  e->exceptions[XDP_REDIRECT], e->redirect_errs,
			  e->redirect_untraced);
	if (e->exceptions[XDP_ABORTED] + e->exceptions[RXEMU_EXC_OTHER] > e->frames)
		rxemu_err(e, "the driver traced %u xdp_exception events for XDP_ABORTED or an unknown action, with %u frames written",
			  e->exceptions[XDP_ABORTED] +
			  e->exceptions[RXEMU_EXC_OTHER], e->frames);
}
