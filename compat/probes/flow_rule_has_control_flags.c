// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_FLOW_RULE_HAS_CONTROL_FLAGS: the flow offload core rejects control
 * flags a driver does not support, with an extack message.
 * Mainline v6.11, "flow_offload: add control flag checking helpers".
 *
 * Upstream: v6.11 b48a1540b73a ("flow_offload: add encapsulation control
 *   flag helpers")
 * Polarity: 6.12
 * Shim: compat/include/net/flow_offload.h
 */
#include <net/flow_offload.h>

bool probe(u32 flags, struct netlink_ext_ack *extack);
bool probe(u32 flags, struct netlink_ext_ack *extack)
{
	return flow_rule_has_control_flags(flags, extack) ||
	       flow_rule_has_enc_control_flags(flags, extack);
}
