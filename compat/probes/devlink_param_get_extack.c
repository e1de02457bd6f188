// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_DEVLINK_PARAM_GET_EXTACK: devlink_param.get takes an extack.
 * Mainline v6.19, 011d133bb988 ("devlink: pass extack through to
 * devlink_param::get()"), merged with the param defaults work
 * (2a367002ed32).  .validate changed later, alone (probes/
 * devlink_param_validate_ptr.c): 6.19 to 7.1 have this form and not that.
 * Used by patches/compat/0004.
 *
 * Upstream: v6.19 011d133bb988 ("devlink: pass extack through to
 *   devlink_param::get()")
 * Polarity: newer
 * Shim: compat/include/net/devlink.h
 */
#include <net/devlink.h>

static int probe_get(struct devlink *devlink, u32 id,
		     struct devlink_param_gset_ctx *ctx,
		     struct netlink_ext_ack *extack)
{
	return 0;
}

const struct devlink_param probe = {
	.get = probe_get,
};
