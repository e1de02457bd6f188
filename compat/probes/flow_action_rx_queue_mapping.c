// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_FLOW_ACTION_RX_QUEUE_MAPPING: tc flower can offload "skbedit
 * queue_mapping ... bypass", forwarding to an Rx queue
 * (FLOW_ACTION_RX_QUEUE_MAPPING, flow_action_entry.rx_queue).
 * Mainline v6.2, "act_skbedit: skbedit queue mapping for receive queue"
 * (Amritha Nambiar).
 * Used by patches/compat/0007.
 *
 * Upstream: v6.2 4a6a676f8c16 ("act_skbedit: skbedit queue mapping for
 *   receive queue")
 * Polarity: 6.12
 * Shim: compat/include/net/flow_offload.h
 * Disables: tc-rx-queue — tc cannot offload `skbedit queue_mapping ...
 *   hw`, so no such filter reaches ice
 */
#include <net/flow_offload.h>

u32 probe(struct flow_action_entry *act);
u32 probe(struct flow_action_entry *act)
{
	return act->id == FLOW_ACTION_RX_QUEUE_MAPPING ? act->rx_queue : 0;
}
