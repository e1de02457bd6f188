/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ICE_BACKPORT_NET_FLOW_OFFLOAD_H_
#define _ICE_BACKPORT_NET_FLOW_OFFLOAD_H_
#include_next <net/flow_offload.h>

/*
 * probes/flow_rule_has_control_flags.c: ice supports no control flag
 * (fragment, first fragment) in its matches; before 6.10 each driver
 * said so itself.  Same answer and message as the 6.10 helpers.
 */
#ifndef HAVE_FLOW_RULE_HAS_CONTROL_FLAGS
static inline bool flow_rule_has_control_flags(const u32 ctrl_flags,
					       struct netlink_ext_ack *extack)
{
	if (!ctrl_flags)
		return false;
	NL_SET_ERR_MSG_MOD(extack, "Unsupported match on control.flags");
	return true;
}

static inline bool flow_rule_has_enc_control_flags(const u32 enc_ctrl_flags,
						   struct netlink_ext_ack *extack)
{
	if (!enc_ctrl_flags)
		return false;
	NL_SET_ERR_MSG_MOD(extack, "Unsupported match on enc_control.flags");
	return true;
}
#endif

/*
 * probes/flow_action_rx_queue_mapping.c: before 6.3 tc cannot offload a
 * forward to an Rx queue (src/Kbuild, "tc-rx-queue"), so no rule carries
 * the action: its id is one no entry has, and patches/compat/0007 wraps the
 * read of the queue in ICE_BACKPORT_FLOW_ACTION_RX_QUEUE(), which then
 * gives a queue number ice rejects.
 */
#ifdef HAVE_FLOW_ACTION_RX_QUEUE_MAPPING
#define ICE_BACKPORT_FLOW_ACTION_RX_QUEUE(...) __VA_ARGS__
#else
#define FLOW_ACTION_RX_QUEUE_MAPPING NUM_FLOW_ACTIONS
#define ICE_BACKPORT_FLOW_ACTION_RX_QUEUE(...) U16_MAX
#endif

#endif
