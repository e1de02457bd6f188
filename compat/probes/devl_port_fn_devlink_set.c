// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_DEVL_PORT_FN_DEVLINK_SET: a port function names the devlink
 * instance of the subfunction behind it, which ice's subfunction driver
 * (ice_sf_eth.c) needs together with port_new returning the port.
 * Mainline v6.7, "devlink: expose peer SF devlink instance" (the nested
 * devlink series of Jiri Pirko).
 *
 * Upstream: v6.7 0b7a2721e36c ("devlink: expose peer SF devlink instance")
 * Polarity: 6.12
 * Shim: none
 * Disables: subfunction — `devlink port add ... flavour pcisf` is not
 *   offered (no port_new); ice_sf_eth.c is replaced by
 *   compat/ice_sf_eth_off.c
 * Object: ice_sf_eth.o -> compat/ice_sf_eth_off.o
 */
#include <net/devlink.h>

int probe(struct devlink_port *port, struct devlink *fn_devlink);
int probe(struct devlink_port *port, struct devlink *fn_devlink)
{
	return devl_port_fn_devlink_set(port, fn_devlink);
}
