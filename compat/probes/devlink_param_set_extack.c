// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_DEVLINK_PARAM_SET_EXTACK: devlink_param.set takes an extack.
 * Mainline v6.10, "devlink: extend devlink_param *set pointer" (Jiri
 * Pirko).  ice's set callbacks have the 6.12 prototype; before it they
 * are called through adapters.
 * Used by patches/compat/0004.
 *
 * Upstream: v6.10 5625ca5640ca ("devlink: extend devlink_param *set
 *   pointer")
 * Polarity: 6.12
 * Shim: compat/include/net/devlink.h
 */
#include <net/devlink.h>

static int probe_set(struct devlink *devlink, u32 id,
		     struct devlink_param_gset_ctx *ctx,
		     struct netlink_ext_ack *extack)
{
	return 0;
}

const struct devlink_param probe = {
	.set = probe_set,
};
