// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_DEVLINK_PARAM_GET_EXTACK: devlink_param.get takes an extack and
 * .validate takes the value by pointer.
 * Upstream: v6.19, 011d133bb988 ("devlink: pass extack through to
 * devlink_param::get()"), merged with the param defaults work
 * (2a367002ed32); the validate change came later, in 2026 ("devlink: pass
 * param values by pointer").  Both are present on 7.2 and 7.3 and absent
 * on 6.12 and every older line, so one flag covers them there; a kernel
 * between the two changes has neither form this probe knows
 * (docs/unreachable-lines.md, known gaps).
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
