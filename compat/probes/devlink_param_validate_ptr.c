// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_DEVLINK_PARAM_VALIDATE_PTR: devlink_param.validate takes the value
 * by pointer.  Mainline v7.2, d603517771d8 ("devlink: pass param values
 * by pointer"), a release after .get gained its extack
 * (probes/devlink_param_get_extack.c).
 * Used by patches/compat/0004.
 *
 * Upstream: v7.2 d603517771d8 ("devlink: pass param values by pointer")
 * Polarity: newer
 * Shim: compat/include/net/devlink.h
 */
#include <net/devlink.h>

static int probe_validate(struct devlink *devlink, u32 id,
			  union devlink_param_value *val,
			  struct netlink_ext_ack *extack)
{
	return 0;
}

const struct devlink_param probe = {
	.validate = probe_validate,
};
