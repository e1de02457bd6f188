/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ICE_BACKPORT_NET_XDP_SOCK_DRV_H_
#define _ICE_BACKPORT_NET_XDP_SOCK_DRV_H_
#include_next <net/xdp_sock_drv.h>

/*
 * probes/xsk_pool_get_rx_frag_step.c: aligned pools hand out chunk-sized
 * buffers, unaligned ones have no fixed stride (0: no frag_size).
 */
#ifndef HAVE_XSK_POOL_GET_RX_FRAG_STEP
static inline u32 xsk_pool_get_rx_frag_step(struct xsk_buff_pool *pool)
{
#ifdef CONFIG_XDP_SOCKETS
	return pool->unaligned ? 0 : xsk_pool_get_chunk_size(pool);
#else
	return 0;
#endif
}
#endif

/*
 * probes/xsk_buff_dma_sync_for_cpu_no_pool.c: the buffer knows its pool.
 * The wrapper calls the kernel's two-argument function before the macro
 * below gives its name to the one-argument form.
 */
#ifndef HAVE_XSK_BUFF_DMA_SYNC_FOR_CPU_NO_POOL
static inline void ice_bp_xsk_buff_dma_sync_for_cpu(struct xdp_buff *xdp)
{
#ifdef CONFIG_XDP_SOCKETS
	struct xdp_buff_xsk *xskb = container_of(xdp, struct xdp_buff_xsk, xdp);

	xsk_buff_dma_sync_for_cpu(xdp, xskb->pool);
#endif
}

#define xsk_buff_dma_sync_for_cpu(xdp) ice_bp_xsk_buff_dma_sync_for_cpu(xdp)
#endif

/*
 * probes/xsk_multi_buffer.c: before 6.6 an AF_XDP descriptor is always a
 * whole frame, so every descriptor ends its packet.
 */
#ifndef HAVE_XSK_MULTI_BUFFER
static inline bool xsk_is_eop_desc(const struct xdp_desc *desc)
{
	return true;
}
#endif

/*
 * probes/xsk_check_priv_type.c: before 6.3 an AF_XDP buffer has no
 * control block, and nothing for the driver's check to measure against.
 */
#ifndef HAVE_XSK_CHECK_PRIV_TYPE
#define XSK_CHECK_PRIV_TYPE(t) BUILD_BUG_ON(sizeof(t) < sizeof(struct xdp_buff))
#endif

/*
 * probes/xsk_pool_fill_cb.c: 6.3 to 6.7 (the 6.6 LTS line) have the
 * control block (probes/xsk_check_priv_type.c) and the XDP Rx metadata
 * kfuncs, but not the function that fills the block: fill it as 6.8's
 * xp_fill_cb() does, every buffer of the pool, so that the kfuncs of an
 * XDP program on a zero-copy ring find ice's packet context there.
 * Before 6.3 there is no block, and no kfunc to read it: nothing to fill.
 */
#ifndef HAVE_XSK_POOL_FILL_CB
struct xsk_cb_desc {
	void *src;
	u8 off;
	u8 bytes;
};

#if defined(HAVE_XSK_CHECK_PRIV_TYPE) && defined(CONFIG_XDP_SOCKETS)
static inline void xsk_pool_fill_cb(struct xsk_buff_pool *pool,
				    struct xsk_cb_desc *desc)
{
	u32 i;

	for (i = 0; i < pool->heads_cnt; i++)
		memcpy(pool->heads[i].cb + desc->off, desc->src, desc->bytes);
}
#else
static inline void xsk_pool_fill_cb(struct xsk_buff_pool *pool,
				    struct xsk_cb_desc *desc)
{
}
#endif
#endif

/*
 * probes/xsk_buff_add_frag_one_arg.c: the 6.12 driver fills the head's
 * shared info itself and then only queues the frag on the pool's list,
 * which is what the one-argument helper did.  The two-argument helper
 * would fill the shared info a second time.  (Before 6.6 there is no
 * multi-buffer AF_XDP at all: see HAVE_XSK_MULTI_BUFFER above.)
 */
#if defined(HAVE_XSK_MULTI_BUFFER) && !defined(HAVE_XSK_BUFF_ADD_FRAG_ONE_ARG)
#ifdef CONFIG_XDP_SOCKETS
static inline void ice_backport_xsk_buff_add_frag(struct xdp_buff *xdp)
{
	struct xdp_buff_xsk *frag = container_of(xdp, struct xdp_buff_xsk, xdp);

	list_add_tail(&frag->list_node, &frag->pool->xskb_list);
}
#else
static inline void ice_backport_xsk_buff_add_frag(struct xdp_buff *xdp)
{
}
#endif
#define xsk_buff_add_frag(xdp) ice_backport_xsk_buff_add_frag(xdp)
#endif

/*
 * probes/xsk_multi_buffer.c: before 6.6 an AF_XDP frame is one buffer and
 * nothing links a frame's further buffers to its first, so
 * xsk_buff_free(first) would free the first only.  A frame the hardware
 * spreads over several zero-copy buffers is dropped, as a kernel without
 * multi-buffer AF_XDP cannot deliver it, and none of its buffers leaks:
 * each further buffer goes back to the pool as soon as the driver adds it
 * (ice_add_xsk_frag() has already marked the first as having frags), and
 * patches/compat/0011 drops the first instead of running the XDP program on it;
 * ice then frees it as for XDP_DROP.  The frags flag is cleared on the
 * way, since the pool of these kernels does not reset it when it hands
 * the buffer out again.  xsk_buff_get_frag() is only asked for the frags
 * of a frame sent back by XDP_TX, which such a frame never reaches.
 */
#ifndef HAVE_XSK_MULTI_BUFFER
/*
 * Every buffer goes back to the pool without the frags flag, which these
 * kernels' pool does not reset: a first freed inside its frame
 * (ice_xsk_clean_rx_ring() of a ring torn down while it gathers one,
 * patches/product/0020) would otherwise come back marked, and 0011 would
 * drop the next single-buffer frame it carries.
 */
static inline void ice_backport_xsk_buff_free(struct xdp_buff *xdp)
{
	xdp_buff_clear_frags_flag(xdp);
	xsk_buff_free(xdp);
}

#define xsk_buff_free(xdp) ice_backport_xsk_buff_free(xdp)

#ifdef CONFIG_XDP_SOCKETS
static inline void ice_backport_xsk_buff_add_frag(struct xdp_buff *xdp)
{
	xsk_buff_free(xdp);
}
#else
static inline void ice_backport_xsk_buff_add_frag(struct xdp_buff *xdp)
{
}
#endif
#define xsk_buff_add_frag(xdp) ice_backport_xsk_buff_add_frag(xdp)

static inline struct xdp_buff *xsk_buff_get_frag(struct xdp_buff *first)
{
	return NULL;
}

static inline bool ice_backport_xsk_drop_multi_buf(struct xdp_buff *first)
{
	if (likely(!xdp_buff_has_frags(first)))
		return false;
	xdp_buff_clear_frags_flag(first);
	return true;
}

#define ICE_BACKPORT_XSK_RUN_XDP(run, ...) \
	(ice_backport_xsk_drop_multi_buf(__VA_ARGS__) ? XDP_DROP : (run))
#else
#define ICE_BACKPORT_XSK_RUN_XDP(run, ...) run
#endif

/*
 * probes/xsk_multi_buffer.c: a frame that xdp_do_redirect() refused with
 * -ENOBUFS (the socket's Rx ring full, XDP_USE_NEED_WAKEUP on) makes
 * ice_clean_rx_irq_zc() stop the poll (ICE_XDP_EXIT) and forget the
 * frame: from v6.6 the AF_XDP core's xsk_rcv_zc() has freed it on that
 * error (24ea50127ecf; the free itself is 269009893146, in 6.6.15).
 * Before, __xsk_rcv_zc() returns the error and keeps nothing: the buffer
 * is the driver's, and without this free one umem frame is lost for each
 * frame the full ring refuses (xsk_buff_free() is the shim above, which
 * also clears the frags flag).  patches/compat/0011 calls it there.
 */
#ifndef HAVE_XSK_MULTI_BUFFER
#define ICE_BACKPORT_XSK_RCV_FAILED(first) xsk_buff_free(first)
#else
#define ICE_BACKPORT_XSK_RCV_FAILED(first) ((void)(first))
#endif

/*
 * probes/xsk_check_priv_type.c: since 6.3 an AF_XDP buffer carries a
 * control block for the driver (xdp_buff_xsk->cb), where ice keeps the Rx
 * descriptor of each buffer (struct ice_xdp_buff) for the XDP Rx metadata
 * kfuncs.  Before, the member after the xdp_buff is the buffer's own DMA
 * address (xdp_buff_xsk->dma, which the pool sets once per chunk in
 * aligned mode): storing the descriptor there would hand the hardware a
 * kernel pointer as the next packet address of that chunk.  patches/compat/0011
 * wraps that store; without the control block it is left out (no XDP
 * program can read the metadata there: the kfuncs came with the block).
 */
#ifdef HAVE_XSK_CHECK_PRIV_TYPE
#define ICE_BACKPORT_XSK_CB(...) __VA_ARGS__
#else
#define ICE_BACKPORT_XSK_CB(...) do { } while (0)
#endif

#endif
