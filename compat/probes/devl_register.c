// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_DEVL_REGISTER: devl_register()/devl_unregister(), which register
 * a devlink instance with its lock held.
 * Mainline v6.3, "devlink: allow to call devl_register/unregister() with
 * the instance lock held" (the devlink locking series of Jiri Pirko).
 *
 * Upstream: v6.3 9053637e0da7 ("devlink: remove the registration guarantee
 *   of references")
 * Polarity: 6.12
 * Shim: compat/include/net/devlink.h
 */
#include <net/devlink.h>

int probe(struct devlink *devlink);
int probe(struct devlink *devlink)
{
	devl_unregister(devlink);
	return devl_register(devlink);
}
