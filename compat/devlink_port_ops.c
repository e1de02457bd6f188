// SPDX-License-Identifier: GPL-2.0
/*
 * Per-port devlink callbacks on kernels before 6.4 (probes/devlink_port_ops.c),
 * where they are members of struct devlink_ops.  The ops a port registers
 * with are recorded here, keyed by the port, and the devlink_ops members
 * that patches/compat/0005 adds to ice's table (ICE_BACKPORT_DEVLINK_PORT_OPS,
 * net/devlink.h) call the port's own callback, or say the port has none
 * as the 6.4 core does.
 */
#include <linux/xarray.h>
#include <net/devlink.h>

/* The shim renames these for ice; here they are the kernel's own. */
#undef devl_port_register_with_ops
#undef devl_port_unregister

static DEFINE_XARRAY(ice_backport_port_ops);

static const struct devlink_port_ops *
ice_backport_port_ops_of(struct devlink_port *port)
{
	return xa_load(&ice_backport_port_ops, (unsigned long)port);
}

int ice_backport_devl_port_register_with_ops(struct devlink *devlink,
					     struct devlink_port *devlink_port,
					     unsigned int port_index,
					     const struct devlink_port_ops *ops)
{
	int err;

	if (ops) {
		/* the table is const; it is only read back */
		err = xa_err(xa_store(&ice_backport_port_ops,
				      (unsigned long)devlink_port,
				      (void *)ops, GFP_KERNEL));
		if (err)
			return err;
	}
	err = devl_port_register(devlink, devlink_port, port_index);
	if (err)
		xa_erase(&ice_backport_port_ops, (unsigned long)devlink_port);
	return err;
}

void ice_backport_devl_port_unregister(struct devlink_port *devlink_port)
{
	devl_port_unregister(devlink_port);
	xa_erase(&ice_backport_port_ops, (unsigned long)devlink_port);
}

int ice_backport_port_split(struct devlink *devlink, struct devlink_port *port,
			    unsigned int count, struct netlink_ext_ack *extack)
{
	const struct devlink_port_ops *ops = ice_backport_port_ops_of(port);

	if (!ops || !ops->port_split) {
		NL_SET_ERR_MSG(extack, "Port cannot be split");
		return -EOPNOTSUPP;
	}
	return ops->port_split(devlink, port, count, extack);
}

int ice_backport_port_unsplit(struct devlink *devlink,
			      struct devlink_port *port,
			      struct netlink_ext_ack *extack)
{
	const struct devlink_port_ops *ops = ice_backport_port_ops_of(port);

	if (!ops || !ops->port_unsplit) {
		NL_SET_ERR_MSG(extack, "Port cannot be unsplit");
		return -EOPNOTSUPP;
	}
	return ops->port_unsplit(devlink, port, extack);
}

/* -EOPNOTSUPP here makes the 6.1 core leave the attribute out. */
int ice_backport_port_fn_hw_addr_get(struct devlink_port *port, u8 *hw_addr,
				     int *hw_addr_len,
				     struct netlink_ext_ack *extack)
{
	const struct devlink_port_ops *ops = ice_backport_port_ops_of(port);

	if (!ops || !ops->port_fn_hw_addr_get)
		return -EOPNOTSUPP;
	return ops->port_fn_hw_addr_get(port, hw_addr, hw_addr_len, extack);
}

int ice_backport_port_fn_hw_addr_set(struct devlink_port *port,
				     const u8 *hw_addr, int hw_addr_len,
				     struct netlink_ext_ack *extack)
{
	const struct devlink_port_ops *ops = ice_backport_port_ops_of(port);

	if (!ops || !ops->port_fn_hw_addr_set) {
		NL_SET_ERR_MSG(extack, "Port doesn't support function attributes");
		return -EOPNOTSUPP;
	}
	return ops->port_fn_hw_addr_set(port, hw_addr, hw_addr_len, extack);
}
