// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_DEVL_NESTED_DEVLINK_SET: a devlink instance can name another one
 * as nested in it (here: a subfunction's devlink in its PF's).
 * Mainline v6.7, "devlink: introduce devl_nested_devlink_set()" (the
 * nested devlink series of Jiri Pirko).
 *
 * Upstream: v6.7 c5e1bf8a51cf ("devlink: introduce possibility to expose
 *   info about nested devlinks")
 * Polarity: 6.12
 * Shim: compat/include/net/devlink.h
 */
#include <net/devlink.h>

int probe(struct devlink *devlink, struct devlink *nested);
int probe(struct devlink *devlink, struct devlink *nested)
{
	return devl_nested_devlink_set(devlink, nested);
}
