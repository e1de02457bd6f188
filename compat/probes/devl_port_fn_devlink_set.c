// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_DEVL_PORT_FN_DEVLINK_SET: a port function names the devlink
 * instance of the subfunction behind it, which ice's subfunction driver
 * (ice_sf_eth.c) needs together with port_new returning the port.
 * Upstream: v6.7, "devlink: expose peer SF devlink instance" (the nested
 * devlink series of Jiri Pirko).
 * Shim: src/Kbuild
 */
#include <net/devlink.h>

int probe(struct devlink_port *port, struct devlink *fn_devlink);
int probe(struct devlink_port *port, struct devlink *fn_devlink)
{
	return devl_port_fn_devlink_set(port, fn_devlink);
}
