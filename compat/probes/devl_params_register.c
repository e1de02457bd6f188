// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_DEVL_PARAMS_REGISTER: devl_params_register()/unregister(), the
 * param registration with the instance lock held.
 * Mainline v6.3, "devlink: add devl_params_register/unregister()" (the
 * devlink locking series of Jiri Pirko).
 *
 * Upstream: v6.3 075935f0ae0f ("devlink: protect devlink param list by
 *   instance lock")
 * Polarity: 6.12
 * Shim: compat/include/net/devlink.h
 */
#include <net/devlink.h>

int probe(struct devlink *devlink, const struct devlink_param *p, size_t n);
int probe(struct devlink *devlink, const struct devlink_param *p, size_t n)
{
	devl_params_unregister(devlink, p, n);
	return devl_params_register(devlink, p, n);
}
