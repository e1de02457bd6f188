/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Rx ring emulator of ice-backport: shared definitions.
 *
 * The emulator is compiled into the same translation unit as the driver's
 * ice_txrx.c (see ice_txrx_selftest.c), so it calls the driver's own static
 * Rx functions.  README.txt describes the scenario format and the oracle.
 */
#ifndef _RXEMU_H_
#define _RXEMU_H_

#include <linux/debugfs.h>
#include <linux/fdtable.h>
#include <linux/file.h>
#include <linux/if_xdp.h>
#include <linux/mman.h>
#include <linux/net.h>
#include <linux/uaccess.h>
#include <net/xdp_sock.h>
#include <linux/dma-map-ops.h>
#include <linux/hashtable.h>

#include "rxemu_xdp_meta.h"
#include <linux/bpf.h>
#include <linux/ktime.h>
#include <linux/mutex.h>
#include <linux/platform_device.h>
#include <linux/rtnetlink.h>
#include <linux/skbuff.h>
#include <linux/vmalloc.h>

#if !defined(CONFIG_ARCH_HAS_DMA_OPS) && !defined(CONFIG_DMA_OPS)
#error "the Rx emulator needs per-device DMA ops (its page ledger hooks map/unmap)"
#endif

#define RXEMU_MAX_BUFS		64	/* buffers in one frame line */
#define RXEMU_MAX_FRAME		65535	/* bytes in one frame */
#define RXEMU_MAX_TEXT		(256 * 1024)	/* scenario text */
#define RXEMU_MAX_MSGS		24	/* diagnostics printed per run */
#define RXEMU_HDR_LEN		18	/* Ethernet header + sequence number */
#define RXEMU_QUEUE		3	/* the emulated ring's queue index */
#define RXEMU_PATTERN		65536	/* period of the payload pattern */
#define RXEMU_ETHERTYPE		0x88b5	/* IEEE local experimental */
#define RXEMU_E810_MAX_FRAME	9728	/* largest frame the MAC accepts */
/* frames written back and not resolved: a ring's worth in flight, and
 * up to three more behind a paused Tx ring (txstall)
 */
#define RXEMU_PEND_CAP(ring)	(4 * (ring) + 2)
#define RXEMU_XSK_RING		2048	/* entries of the AF_XDP Rx and fill rings */
#define RXEMU_XSK_FRAME		4096	/* the umem's chunk size */
/*
 * A zero-copy ring's buffer is xsk_pool_get_rx_frame_size(): the chunk
 * less XDP_PACKET_HEADROOM, and, where the umem takes multi-buffer frames
 * (6.6 and later, XDP_USE_SG), less a tailroom for the shared info.  The
 * scenario's buffers are at most the smallest of those measured: 3456 on
 * 6.12.118 (3840 on 6.1); a smaller umem frame fails the set-up.
 */
#define RXEMU_XSK_ZC_BUF	3456
/* xdp_exception events count by action: XDP_ABORTED..XDP_REDIRECT, then
 * any other (an action the driver does not know)
 */
#define RXEMU_EXC_OTHER		(XDP_REDIRECT + 1)

enum rxemu_outcome {
	RXEMU_PASS,		/* an skb with exactly these bytes goes up */
	RXEMU_DROP,		/* the driver must not deliver this frame */
	RXEMU_TX,		/* XDP_TX: sent back on the XDP Tx ring */
	RXEMU_REDIRECT,		/* XDP_REDIRECT through a devmap: sent on the
				 * target netdev's XDP Tx ring
				 */
};

enum rxemu_step_kind {
	RXEMU_STEP_FRAME,	/* hardware writes one frame back, N times */
	RXEMU_STEP_POLL,	/* run one NAPI poll now */
	RXEMU_STEP_RELEASE,	/* free every skb the emulator still holds */
	RXEMU_STEP_FAULTS,	/* faults on|off: open or close the fault window */
	RXEMU_STEP_RESET,	/* a queue reset that keeps the ring */
	RXEMU_STEP_RESIZE,	/* ethtool -G under traffic: a new ring size */
	RXEMU_STEP_TXSTALL,	/* txstall on|off: the Tx hardware pauses */
	RXEMU_STEP_TARGET,	/* target STATE: the redirect target's state */
	RXEMU_STEP_XSKREAD,	/* xsk_read on|off: user space reads the Rx ring */
};

/* The redirect target's VSI as ice_xdp_xmit() finds it (action target). */
enum rxemu_target_state {
	RXEMU_TARGET_UP,
	RXEMU_TARGET_DOWN,	/* ICE_VSI_DOWN: -ENETDOWN */
	RXEMU_TARGET_NOXDP,	/* no XDP program, no XDP rings: -ENXIO */
	RXEMU_TARGET_NOQUEUE,	/* fewer XDP rings than CPUs: -ENXIO */
};

/* What the fault injection hook (rxemu_fault.c) can make fail. */
enum rxemu_fault_kind {
	RXEMU_FAULT_PAGE,	/* dev_alloc_pages() in ice_alloc_mapped_page() */
	RXEMU_FAULT_DMA,	/* the Rx page's DMA mapping (the oracle's ops) */
	RXEMU_FAULT_SKB,	/* napi_build_skb() or napi_alloc_skb() */
	RXEMU_FAULT_TXDMA,	/* an XDP Tx mapping (DMA_TO_DEVICE): XDP_TX's
				 * or the redirect target's
				 */
	RXEMU_NR_FAULTS,
};

static const char * const rxemu_fault_name[RXEMU_NR_FAULTS] = {
	[RXEMU_FAULT_PAGE] = "page",
	[RXEMU_FAULT_DMA] = "dma",
	[RXEMU_FAULT_SKB] = "skb",
	[RXEMU_FAULT_TXDMA] = "txdma",
};

enum rxemu_fault_mode {
	RXEMU_FM_NONE,
	RXEMU_FM_AT,		/* the listed calls */
	RXEMU_FM_EVERY,		/* every Nth call */
	RXEMU_FM_RANDOM,	/* each call with a chance of N per mille */
};

#define RXEMU_MAX_FAULT_AT	16

struct rxemu_fault_plan {
	u8 mode;
	u8 nat;
	u32 n;
	u32 at[RXEMU_MAX_FAULT_AT];	/* ascending call numbers, from 1 */
};

/* One line of a scenario, as parsed. */
struct rxemu_step {
	enum rxemu_step_kind kind;
	int line;
	u32 repeat;		/* frame: how many copies (xN) */
	u32 budget;		/* poll: budget of this poll, 0 = default */
	u32 count;		/* resize: descriptors of the new ring;
				 * target: its state (RXEMU_TARGET_*)
				 */
	u16 nbufs;
	u16 split;		/* poll after this many descriptors, 0 = no */
	u16 cut;		/* write only this many, poll, end the run */
	u8 outcome;
	bool rxe;		/* RXE error bit on the EOF descriptor */
	bool trim;		/* the XDP program cuts it to its first buffer */
	bool on;		/* faults: on or off */
	u16 size[RXEMU_MAX_BUFS];
};

/* Run-wide options (option lines). */
struct rxemu_cfg {
	char name[64];
	u32 ring;
	u32 rx_buf_len;
	bool build_skb;
	u32 budget;
	u32 batch;
	u32 hold;
	bool xdp_meta;		/* the program writes RXEMU_XDP_META_MAGIC */
	u32 vlan;		/* the VLAN TCI the hardware strips, 0: none */
	u64 fuzz_seed;
	u32 fuzz_frames;
	u8 fuzz_outcome;	/* what the XDP program makes of fuzz frames */
	bool fuzz_trim;
	bool bench;		/* time ice_clean_rx_irq(), check at the end only */
	char xdp[96];		/* pinned XDP program, "" for none */
	bool xdp_locking;	/* XDP Tx rings shared: ice_xdp_locking_key on */
	bool reuse_all;		/* every page must be reused until the teardown */
	bool ctrl;		/* the control VSI's ring: no netdev (FDIR) */
	u32 pfmemalloc_every;	/* every Nth page from the memory reserves */
	u32 bias;		/* pages start with this pagecnt_bias (0: as posted) */
	u32 xsk_frames;		/* umem frames on the AF_XDP fill ring */
	bool xsk_keep;		/* user space keeps what it receives */
	bool xsk_zc;		/* the socket binds in zero-copy mode */
	u32 xsk_rx_ring;	/* entries of the socket's Rx ring */
	bool xsk_need_wakeup;	/* the socket binds with XDP_USE_NEED_WAKEUP */
	struct rxemu_fault_plan fault[RXEMU_NR_FAULTS];
};

struct rxemu_scenario {
	struct rxemu_cfg cfg;
	struct rxemu_step *steps;
	unsigned int nsteps;
	unsigned int cap;
};

/* ethtool -G's copy of the ring (resize): what the next sync does to it */
enum {
	RXEMU_COPY_NONE,
	RXEMU_COPY_TAKE,	/* copy the ring as it is now, mid-poll */
	RXEMU_COPY_FILL,	/* fill the copy (ice_alloc_rx_bufs()) */
	RXEMU_COPY_DONE,	/* filled, waiting for the swap */
};

/* What a checkpoint looks at besides the ledger. */
enum {
	RXEMU_CP_RING = BIT(0),	/* the ring slots and their invariants */
	RXEMU_CP_DESC = BIT(1),	/* the descriptors owned by the hardware */
};

/* State of a page in the emulator's own ledger. */
enum rxemu_page_state {
	RXEMU_PG_MAPPED,	/* mapped by the driver: must sit in one slot */
	RXEMU_PG_PINNED,	/* unmapped by the driver: we hold one ref */
	RXEMU_PG_LOST,		/* mapped, in no slot, never unmapped: leak */
	RXEMU_PG_LEAKED,	/* unmapped, but refs remain that nobody owns */
	RXEMU_PG_BROKEN,	/* fewer refs than owners: left alone */
};

struct rxemu_page {
	struct hlist_node node;
	struct page *page;
	dma_addr_t dma;
	size_t size;
	enum rxemu_page_state state;
	bool dma_fault;		/* pinned because its mapping was made to fail */
	u32 cpu_owned;		/* halves the CPU owns: not synced for the device */
	bool pfmemalloc;	/* from the memory reserves: never to be reused */
	u32 posts;		/* buffers of it the hardware was given */
	u32 half_seq[2];	/* the frame the hardware last wrote into
				 * each half: whose a Tx mapping of it is
				 */
	/* scratch of one checkpoint */
	int slot;
	unsigned int bias;
	unsigned int inflight;
	unsigned int inflight_zero;	/* its zero-length buffers on the page */
	unsigned int skbrefs;
	unsigned int txrefs;	/* XDP Tx buffers holding a reference */
	unsigned int txmaps;	/* live DMA_TO_DEVICE mappings (XDP_TX) */
};

/* A frame written back by the emulated hardware, until it is resolved. */
struct rxemu_pending {
	u32 seq;
	u32 len;
	u64 start;		/* absolute index of its first descriptor */
	u64 end;		/* absolute index of its last descriptor + 1 */
	u32 slot;		/* its first descriptor (after a reset or a
				 * resize not start % count)
				 */
	int line;
	u32 want;		/* bytes that must reach the stack or the wire */
	u32 first;		/* bytes of its first buffer */
	u8 outcome;
	bool delivered;		/* to the stack, or sent by XDP_TX */
	bool skb_fault;		/* its skb allocation was made to fail */
	bool txdma_fault;	/* a Tx mapping of its XDP_TX was made to fail */
	bool refused;		/* ndo_xdp_xmit() did not take it (redirect) */
	bool redirect_untraced;	/* xdp_do_redirect() refuses it before its
				 * trace point (multi-buffer, before 6.3)
				 */
};

/*
 * An XDP Tx ring and the emulated hardware that sends from it: the Rx
 * ring's own (XDP_TX) or the redirect target's (ndo_xdp_xmit()).
 */
struct rxemu_txq {
	struct ice_tx_ring *txr;
	u8 outcome;		/* what the frames it sends were meant for */
	u32 tail_reg;		/* its "QTX_COMM_DBELL register" */
	u32 head;		/* next Tx descriptor the hardware sends */
	u32 seq;		/* frame being sent, and bytes so far */
	u32 off;
	u8 hdr[RXEMU_HDR_LEN];	/* its first bytes, gathered */
	bool skip;		/* the rest of a frame found wrong */
	u64 busy;		/* drops for a full Tx ring, excused so far */
	u64 busy_seen;		/* the ring's tx_busy at the last poll */
	/* what the hardware sent, for the ring's own accounting
	 * (rxemu_txq_account()): frames and bytes, and each descriptor's
	 * size and EOP before it wrote DONE over the RS ones
	 */
	u64 sent_frames;
	u64 sent_bytes;
	u16 *dsize;
	bool *deop;
};

/*
 * The redirect target.  A devmap: a second ice netdev, registered and up,
 * whose ndo_xdp_xmit() is the driver's ice_xdp_xmit() on an XDP Tx ring
 * of its own VSI; the XDP program's devmap points at it.  A cpumap: the
 * kernel's cpumap kthread of CPU 0, which turns the frames into skbs and
 * hands them to the stack (the Rx netdev's rx_handler).
 */
/*
 * An AF_XDP socket in copy mode, bound to the emulated queue: the target
 * of an xskmap (rxemu_xsk.c).  Its umem and rings are mapped into the
 * address space of the process that wrote the scenario, as an AF_XDP
 * program maps its own; the harness plays that program through them.
 */
struct rxemu_xsk {
	struct socket *sock;
	int fd;			/* in the writer's file table, -1: none */
	unsigned long umem;	/* user address: the umem, then a scratch page */
	unsigned long rx_map;	/* user address of the Rx ring */
	unsigned long fq_map;	/* user address of the fill ring */
	size_t umem_len, rx_len, fq_len;
	struct xdp_mmap_offsets off;
	u32 rx_cons;		/* what user space consumed of the Rx ring */
	u64 rx_full_seen;	/* the socket's rx_queue_full at the last check */
	u32 rx_mask;		/* the Rx ring's entries - 1 (xsk_rx_ring) */
	bool read_off;		/* xsk_read off: user space reads nothing */
	u32 fq_prod;		/* what user space put on the fill ring */
	u64 drops_seen;		/* the socket's drops, as far as excused */
	u8 *buf;		/* a frame gathered from its descriptors */
	u32 len;		/* bytes gathered so far */
	/* zero-copy: the pool on the ring, its umem's DMA mappings, and the
	 * umem ledger (rxemu_xsk_ledger()): each chunk's places, the
	 * chunks already reported lost, the chunks user space keeps
	 * (xsk_keep on)
	 */
	bool zc;
	struct xsk_buff_pool *pool;
	u8 *places;
	u8 *lost;
	u64 *kept;
	u32 nkept;
};

struct rxemu_redir {
	struct net_device *netdev;
	struct ice_vsi *vsi;
	struct bpf_map *map;	/* the program's devmap or cpumap, entry 0 set */
	bool cpumap;
	bool xsk_on;		/* an xskmap: the socket below */
	struct rxemu_xsk xsk;
	bool late;		/* a cpumap frame missed its wait: no more */
	u8 state;		/* RXEMU_TARGET_* */
	bool registered;
	unsigned int calls;	/* ndo_xdp_xmit() calls */
	unsigned int refused;	/* frames it did not take */
	unsigned int refused_bad;	/* refusals with no reason: errors */
};

struct rxemu_rng {
	u64 s;
};

struct rxemu {
	struct rxemu_cfg cfg;
	/* the ring and what it needs around it */
	struct platform_device *pdev;
	struct device *dev;
	struct net_device *netdev;
	struct ice_pf *pf;
	struct ice_vsi *vsi;
	struct ice_q_vector *qv;
	struct ice_rx_ring *ring;
	u32 tail_reg;		/* the "QRX_TAIL register" */
	/* resize: the copy of the ring ethtool -G fills while NAPI runs */
	struct ice_rx_ring *copy;
	u8 copy_state;		/* RXEMU_COPY_*: what the next sync does */
	u32 copy_tail;		/* its "tail": PRTGEN_STATUS, as the driver's */
	/* the driver's page counters (0003) as ethtool -S reads them: when
	 * the poll began, and at the last read between polls
	 */
	u64 ctr_poll[5];
	u64 ctr_last[5];
	bool ctr_poll_bad;	/* a read inside this poll was already wrong */
	bool rx_handler;
	bool napi_added;
	bool registered;	/* the Rx netdev (an AF_XDP socket binds to it) */
	/* emulated hardware */
	u32 hw_head;		/* next descriptor the hardware writes */
	u64 hw_abs;		/* descriptors written back, ever */
	u64 drv_abs;		/* descriptors the driver consumed, ever */
	u16 *hw_size;		/* size written into each descriptor */
	dma_addr_t *hw_addr;	/* the buffer each descriptor was written into */
	bool *hw_unsynced;	/* written, not yet synced for the CPU */
	bool *hw_eof;		/* the descriptor ends a frame */
	bool in_poll;		/* inside ice_clean_rx_irq() */
	u32 page_allocs;	/* pages the hook handed out */
	u32 poll_ntc;		/* next_to_clean when the poll began */
	u8 *pattern;		/* 2 * RXEMU_PATTERN bytes */
	u32 seq;		/* next frame sequence number */
	u32 since_irq;		/* frames written since the last poll */
	/* frames written back and not yet resolved, a FIFO */
	struct rxemu_pending *pend;
	u32 pend_cap;
	u32 pend_head;
	u32 pend_n;
	u32 last_seq;
	bool any_delivered;
	/* skbs that reached the stack: new ones, then the held ones */
	struct sk_buff_head rxq;
	struct sk_buff_head held;
	/* the page ledger: live pages, and lost or leaked ones apart so
	 * that checkpoints do not slow down as a broken driver leaks
	 */
	DECLARE_HASHTABLE(pages, 10);
	DECLARE_HASHTABLE(dead, 8);
	/* fuzz */
	struct rxemu_rng rng;
	u32 fuzz_index;
	char fuzz_last[4][160];
	/* results */
	unsigned int errors;
	unsigned int polls;
	unsigned int frames;
	unsigned int delivered;
	unsigned int dropped;
	unsigned int midframe;	/* polls that ended inside a frame */
	unsigned int wraps;	/* frames written across the ring's end */
	unsigned int mapped;
	unsigned int not_reused;	/* pages unmapped before teardown */
	unsigned int not_reused_pf;	/* of them, pages from the reserves */
	unsigned int cleaned;		/* unmapped by ice_clean_rx_ring() */
	u64 reset_gathered;	/* descriptors of frames a reset cut short */
	u64 out_bytes;		/* bytes of the frames delivered or sent */
	u64 hw_bytes;		/* bytes the hardware wrote */
	unsigned int returned;
	unsigned int leaked;
	unsigned int lost;	/* pages left mapped in no slot */
	unsigned int lost_seen;	/* pages found lost by checkpoints so far */
	unsigned long orphan_refs;
	u64 page_stale;		/* the driver's counter, for the result */
	bool drained;		/* every written descriptor consumed, no frame open */
	bool stalled;
	bool teardown;
	bool xdp_locking;	/* holds ice_xdp_locking_key */
	struct task_struct *task;	/* the run's: skbs from others came
					 * through the cpumap's kthread
					 */
	char where[64];		/* what the emulator is doing, for messages */
	/* XDP: the program, the XDP Tx ring and its emulated Tx side */
	struct bpf_prog *prog;
	struct rxemu_txq xtx;	/* XDP_TX: the Rx ring's XDP Tx ring */
	struct rxemu_txq rtx;	/* XDP_REDIRECT: the target's XDP Tx ring */
	struct rxemu_redir redir;
	bool tx_stalled;	/* txstall on: no Tx hardware sends */
	unsigned int sent;	/* by XDP_TX or through the redirect */
	unsigned int tx_maps;
	unsigned int tx_unmaps;
	/* bench: guest time spent in ice_clean_rx_irq() */
	u64 bench_ns;
	/* fault injection (rxemu_fault.c) */
	bool faults_armed;
	struct rxemu_rng fault_rng;
	u32 fault_calls[RXEMU_NR_FAULTS];	/* calls while armed */
	u32 fault_next[RXEMU_NR_FAULTS];	/* next entry of an at list */
	unsigned int injected[RXEMU_NR_FAULTS];
	unsigned int nodesc;	/* frames the NIC dropped: no descriptor */
	unsigned int fault_drops;	/* frames lost to an skb fault */
	unsigned int txdma_drops;	/* XDP Tx frames lost to a txdma fault */
	unsigned int skb_refused;	/* skbs ice_construct_skb() gave up */
	u32 umem_maps;		/* umem pages the pool's DMA mapping holds */
	unsigned int umem_lost;	/* umem frames found in no place */
	/* xdp_exception events on the Rx netdev (rxemu_trace.c), by action,
	 * and what they must match
	 */
	const struct net_device *trace_dev;
	struct tracepoint *trace_tp;	/* xdp_redirect_err, attached */
	u32 exceptions[RXEMU_EXC_OTHER + 1];
	u32 redirect_errs;	/* failed xdp_do_redirect() calls */
	u32 redirect_untraced;	/* and those it does not trace */
	u32 tx_failed;		/* XDP_TX frames dropped: tx_busy or txdma */
	/* ice_construct_skb_zc(): its last skb, and the one whose frag page
	 * was made to fail, held until the poll ends
	 */
	struct sk_buff *xsk_skb;
	struct sk_buff *xsk_skb_held;
};

/* rxemu_trace.c */
static void rxemu_trace_start(struct rxemu *e);
static void rxemu_trace_check(struct rxemu *e);

/* rxemu_xsk.c */
static int rxemu_xsk_setup(struct rxemu *e);
static void rxemu_xsk_take(struct rxemu *e);
static bool rxemu_xsk_dropped(struct rxemu *e);
static bool rxemu_xsk_waits(const struct rxemu *e,
			    const struct rxemu_pending *f);
static void rxemu_xsk_read(struct rxemu *e, bool on);
static bool rxemu_xsk_tx_clean(struct rxemu *e);
static void rxemu_xsk_ledger(struct rxemu *e);
static void rxemu_xsk_hw_write(struct rxemu *e, u32 slot, dma_addr_t addr,
			       u32 seq, u32 off, u32 size);
static void rxemu_xsk_ledger(struct rxemu *e);
static void rxemu_xsk_check_refill(struct rxemu *e, u16 ntu);
static void rxemu_xsk_check_setup(struct rxemu *e, bool filled);
static bool rxemu_xsk_fill_empty(struct rxemu *e);
static void rxemu_xsk_zc_teardown(struct rxemu *e);
static dma_addr_t rxemu_umem_map(struct rxemu *e, struct page *page,
				 unsigned long offset);
static void rxemu_umem_unmap(struct rxemu *e, dma_addr_t addr);
static void rxemu_xsk_teardown(struct rxemu *e);

/* rxemu_xdp.c, which needs the emulated NIC of rxemu_nic.c */
static int rxemu_xdp_setup(struct rxemu *e);
static void rxemu_tx_hw(struct rxemu *e, struct rxemu_txq *q);
static void rxemu_xdp_teardown(struct rxemu *e);
static void rxemu_txstall(struct rxemu *e, bool on);
static void rxemu_txq_account(struct rxemu *e, struct rxemu_txq *q);
static void rxemu_target_state(struct rxemu *e, u8 state);
static bool rxemu_tx_holds_half(struct rxemu *e, struct rxemu_page *p, u32 half);

/* rxemu_oracle.c: the driver's page counters as ethtool -S reads them */
static void rxemu_counters_between_polls(struct rxemu *e);
static void rxemu_counters_poll_start(struct rxemu *e);
static void rxemu_counters_mid_poll(struct rxemu *e);

/* rxemu_nic.c, for the DMA ops of rxemu_oracle.c */
static void rxemu_fill_copy(struct rxemu *e);

/* rxemu_fault.c */
static bool rxemu_fault_now(struct rxemu *e, enum rxemu_fault_kind kind);
static void rxemu_fault_frame(struct rxemu *e, enum rxemu_fault_kind kind);
static void rxemu_fault_frame_seq(struct rxemu *e, u32 seq);
static unsigned int rxemu_refill_faults(const struct rxemu *e);
static void rxemu_fault_arm(struct rxemu *e, bool on);
static void rxemu_check_fault_counters(struct rxemu *e);
static void rxemu_check_fault_plans(struct rxemu *e);
static void rxemu_xsk_check_skb_freed(struct rxemu *e);

#endif /* _RXEMU_H_ */
