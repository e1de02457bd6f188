// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_BPF_NET_CONTEXT: XDP's redirect state lives in a struct
 * bpf_net_context that whoever runs NAPI sets on the task
 * (bpf_net_ctx_set()), no longer in per-CPU variables.  net_rx_action()
 * sets it for every driver's poll; the Rx ring emulator calls the poll
 * itself, so it sets it around ice_clean_rx_irq() where the kernel has it:
 * without it bpf_redirect_map() dereferences a NULL context.  Not used by
 * the driver.
 *
 * Upstream: v6.11 401cb7dae813 ("net: Reference bpf_redirect_info via
 *   task_struct on PREEMPT_RT")
 * Polarity: 6.12
 * Shim: tests/rxemu/rxemu_nic.c
 */
#include <linux/filter.h>

void probe(void);
void probe(void)
{
	struct bpf_net_context ctx, *prev;

	prev = bpf_net_ctx_set(&ctx);
	bpf_net_ctx_clear(prev);
}
