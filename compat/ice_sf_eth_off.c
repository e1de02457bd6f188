// SPDX-License-Identifier: GPL-2.0
/*
 * Stands in for ice_sf_eth.c when the target kernel's devlink cannot
 * carry ice's subfunctions: they need port_new to return the new port
 * and a port function that names the subfunction's own devlink instance
 * (devl_port_fn_devlink_set(), 6.7).  ice_devlink_ops then has no
 * port_new (patches/compat/0005), so no subfunction port can be added and these
 * are only reached on load and unload.  src/Kbuild records "subfunction"
 * in modinfo backport_disabled.
 */
#include "../drivers/net/ethernet/intel/ice/ice.h"
#include "../drivers/net/ethernet/intel/ice/ice_sf_eth.h"

int ice_sf_driver_register(void)
{
	return 0;
}

void ice_sf_driver_unregister(void)
{
}

int ice_sf_eth_activate(struct ice_dynamic_port *dyn_port,
			struct netlink_ext_ack *extack)
{
	NL_SET_ERR_MSG_MOD(extack,
			   "Subfunctions are compiled out for this kernel");
	return -EOPNOTSUPP;
}

void ice_sf_eth_deactivate(struct ice_dynamic_port *dyn_port)
{
}
