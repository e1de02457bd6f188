// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_DEVL_REGISTER: devl_register()/devl_unregister(), which register
 * a devlink instance with its lock held.
 * Upstream: v6.3, "devlink: allow to call devl_register/unregister() with
 * the instance lock held" (the devlink locking series of Jiri Pirko).
 * Shim: compat/include/net/devlink.h
 */
#include <net/devlink.h>

int probe(struct devlink *devlink);
int probe(struct devlink *devlink)
{
	devl_unregister(devlink);
	return devl_register(devlink);
}
