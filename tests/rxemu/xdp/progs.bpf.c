// SPDX-License-Identifier: GPL-2.0
/*
 * XDP programs of the Rx ring emulator (tests/rxemu/README.txt, "XDP").
 * xdp-load pins each under /sys/fs/bpf/ice_<name> in the VM; a scenario
 * attaches one with "xdp /sys/fs/bpf/ice_<name>".  All are xdp.frags
 * programs: the harness feeds them multi-buffer frames, as a NIC with an
 * MTU above the buffer size does.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

#include "../rxemu_xdp_meta.h"

/* Ethernet header + the emulator's 32-bit frame sequence number */
#define HDR_LEN 18

SEC("xdp.frags")
int pass(struct xdp_md *ctx)
{
	return XDP_PASS;
}

/* The DDoS case: decide without looking at the packet. */
SEC("xdp.frags")
int drop(struct xdp_md *ctx)
{
	return XDP_DROP;
}

/* Drop after reading the headers, as a filter does: the cache misses on
 * the packet are part of what the benchmark measures.
 */
SEC("xdp.frags")
int drop_read(struct xdp_md *ctx)
{
	unsigned char *data = (void *)(long)ctx->data;
	unsigned char *end = (void *)(long)ctx->data_end;
	unsigned int sum = 0;
	int i;

	if (data + HDR_LEN > end)
		return XDP_ABORTED;
	for (i = 0; i < HDR_LEN; i++)
		sum += data[i];
	/* never true for the emulator's frames: keeps the reads */
	return sum == 0xffffffff ? XDP_PASS : XDP_DROP;
}

SEC("xdp.frags")
int tx(struct xdp_md *ctx)
{
	return XDP_TX;
}

SEC("xdp.frags")
int aborted(struct xdp_md *ctx)
{
	return XDP_ABORTED;
}

/* Cut the frame back to its first buffer: bpf_xdp_adjust_tail() releases
 * every fragment itself, so the driver must not give their pages a
 * reference back (the subtle half of the fix).
 */
static __always_inline int trim_to_head(struct xdp_md *ctx)
{
	int linear = ctx->data_end - ctx->data;
	int total = bpf_xdp_get_buff_len(ctx);

	if (total > linear && bpf_xdp_adjust_tail(ctx, linear - total))
		return -1;
	return 0;
}

SEC("xdp.frags")
int trim_pass(struct xdp_md *ctx)
{
	return trim_to_head(ctx) ? XDP_ABORTED : XDP_PASS;
}

SEC("xdp.frags")
int trim_drop(struct xdp_md *ctx)
{
	return trim_to_head(ctx) ? XDP_ABORTED : XDP_DROP;
}

/* The word of metadata; no headroom (legacy-rx) is an error only where
 * NEED_ROOM says the buffer always has it.
 */
static __always_inline int write_meta(struct xdp_md *ctx, int need_room)
{
	__u32 *meta;

	if (bpf_xdp_adjust_meta(ctx, -(int)sizeof(*meta)))
		return need_room;
	meta = (void *)(long)ctx->data_meta;
	if ((void *)(meta + 1) > (void *)(long)ctx->data)
		return 1;
	*meta = RXEMU_XDP_META_MAGIC;
	return 0;
}

/* Write one word of metadata in front of the frame and pass it: the skb
 * must carry it (ice_build_skb()'s skb_metadata_set(); xdp_prepare_buff()
 * says the headroom may hold metadata).  Where there is no headroom
 * (legacy-rx), pass the frame without.
 */
SEC("xdp.frags")
int meta_pass(struct xdp_md *ctx)
{
	return write_meta(ctx, 0) ? XDP_ABORTED : XDP_PASS;
}

/* Cut the frame back to its first buffer and one byte of its first
 * fragment, then drop it: the program releases every fragment but one, so
 * the driver counts off fewer than it attached (make mutants: the count of
 * released frags).
 */
SEC("xdp.frags")
int trim_frag_drop(struct xdp_md *ctx)
{
	int linear = ctx->data_end - ctx->data;
	int total = bpf_xdp_get_buff_len(ctx);

	if (total > linear + 1 && bpf_xdp_adjust_tail(ctx, linear + 1 - total))
		return XDP_ABORTED;
	return XDP_DROP;
}

SEC("xdp.frags")
int trim_tx(struct xdp_md *ctx)
{
	return trim_to_head(ctx) ? XDP_ABORTED : XDP_TX;
}

/* XDP_REDIRECT through a devmap whose entry 0 the harness points at the
 * redirect target, a second ice netdev (rxemu_xdp.c); 0 as the flags: a
 * missing entry is XDP_ABORTED, which no scenario expects.
 */
struct {
	__uint(type, BPF_MAP_TYPE_DEVMAP);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u32);
} tx_port SEC(".maps");

SEC("xdp.frags")
int redirect(struct xdp_md *ctx)
{
	return bpf_redirect_map(&tx_port, 0, 0);
}

SEC("xdp.frags")
int trim_redirect(struct xdp_md *ctx)
{
	return trim_to_head(ctx) ? XDP_ABORTED : bpf_redirect_map(&tx_port, 0, 0);
}

/* XDP_REDIRECT to CPU 0's cpumap entry, which the harness creates: the
 * kernel's kthread turns the frames into skbs for the stack.
 */
struct {
	__uint(type, BPF_MAP_TYPE_CPUMAP);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u32);
} cpu_map SEC(".maps");

SEC("xdp.frags")
int redirect_cpu(struct xdp_md *ctx)
{
	return bpf_redirect_map(&cpu_map, 0, 0);
}

/* XDP_REDIRECT to entry 0 of an xskmap, an AF_XDP socket in copy mode on
 * the emulated queue, which the harness creates and binds (rxemu_xsk.c).
 */
struct {
	__uint(type, BPF_MAP_TYPE_XSKMAP);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u32);
} xsks SEC(".maps");

SEC("xdp.frags")
int redirect_xsk(struct xdp_md *ctx)
{
	return bpf_redirect_map(&xsks, 0, 0);
}

SEC("xdp.frags")
int trim_redirect_xsk(struct xdp_md *ctx)
{
	return trim_to_head(ctx) ? XDP_ABORTED : bpf_redirect_map(&xsks, 0, 0);
}

/* XDP_PASS with the xskmap in use, so that the harness binds the socket
 * (zero-copy: the pool on the ring) and every frame takes the zero-copy
 * path to the stack (ice_construct_skb_zc()): entry 1 does not exist, and
 * bpf_redirect_map() then returns the action its flags name.
 */
SEC("xdp.frags")
int pass_xsk(struct xdp_md *ctx)
{
	return bpf_redirect_map(&xsks, 1, XDP_PASS);
}

/* XDP_DROP and XDP_ABORTED with the xskmap in use (as pass_xsk): a
 * zero-copy ring's own drop of a frame (ice_run_xdp_zc()), which must give
 * every umem frame of it back to the pool.
 */
SEC("xdp.frags")
int drop_xsk(struct xdp_md *ctx)
{
	return bpf_redirect_map(&xsks, 1, XDP_DROP);
}

SEC("xdp.frags")
int aborted_xsk(struct xdp_md *ctx)
{
	return bpf_redirect_map(&xsks, 1, XDP_ABORTED);
}

/* meta_pass with the xskmap in use (as pass_xsk): ice_construct_skb_zc()
 * must carry the program's metadata into the skb (xdp_meta on, xsk_mode
 * zc); the umem chunk's headroom holds it.
 */
SEC("xdp.frags")
int meta_pass_xsk(struct xdp_md *ctx)
{
	if (write_meta(ctx, 1))
		return XDP_ABORTED;
	return bpf_redirect_map(&xsks, 1, XDP_PASS);
}

/*
 * XDP_TX of every frame, in zero-copy mode: the xskmap makes the run bind
 * the socket that gives the ring its pool (entry 1 is never set, so
 * bpf_redirect_map() returns the action its flags name, as for pass_xsk);
 * ice_xmit_xdp_tx_zc() then sends the umem buffers themselves.
 */
SEC("xdp.frags")
int tx_xsk(struct xdp_md *ctx)
{
	return bpf_redirect_map(&xsks, 1, XDP_TX);
}

char LICENSE[] SEC("license") = "GPL";
