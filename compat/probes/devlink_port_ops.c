// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_DEVLINK_PORT_OPS: struct devlink_port_ops, the per-port
 * callbacks given to devl_port_register_with_ops(); before it the same
 * callbacks were members of struct devlink_ops.
 * Upstream: v6.4, "devlink: introduce port ops placeholder" and the
 * series of Jiri Pirko that moved the port callbacks there.
 * Shim: compat/include/net/devlink.h
 */
#include <net/devlink.h>

static const struct devlink_port_ops probe_ops = {
	.port_del = NULL,
	.port_fn_hw_addr_get = NULL,
};

int probe(struct devlink *devlink, struct devlink_port *port);
int probe(struct devlink *devlink, struct devlink_port *port)
{
	return devl_port_register_with_ops(devlink, port, 0, &probe_ops);
}
