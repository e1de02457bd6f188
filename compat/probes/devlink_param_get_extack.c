// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_DEVLINK_PARAM_GET_EXTACK: devlink_param.get takes an extack and
 * .validate takes the value by pointer.  Upstream: v6.13 added the extack
 * to get ("devlink: add extack argument to param get"); the validate
 * change came with the param defaults work (v6.18).  Both are present on
 * every 7.x kernel and absent on 6.12, so one flag covers them.
 * Used by patches/0004.  Shim: compat/include/net/devlink.h
 */
#include <net/devlink.h>

static int probe_get(struct devlink *devlink, u32 id,
		     struct devlink_param_gset_ctx *ctx,
		     struct netlink_ext_ack *extack)
{
	return 0;
}

static int probe_validate(struct devlink *devlink, u32 id,
			  union devlink_param_value *val,
			  struct netlink_ext_ack *extack)
{
	return 0;
}

const struct devlink_param probe = {
	.get = probe_get,
	.validate = probe_validate,
};
