// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_DEVLINK_PORT_OPS: struct devlink_port_ops, the per-port
 * callbacks given to devl_port_register_with_ops(); before it the same
 * callbacks were members of struct devlink_ops.
 * Mainline v6.5, "devlink: introduce port ops placeholder" and the
 * series of Jiri Pirko that moved the port callbacks there.
 * Used by patches/compat/0005 and compat/devlink_port_ops.c.
 *
 * Upstream: v6.5 6acdf43d8abe ("devlink: introduce port ops placeholder")
 * Polarity: 6.12
 * Shim: compat/include/net/devlink.h
 * Object: + compat/devlink_port_ops.o
 */
#include <net/devlink.h>

int probe(struct devlink *devlink, struct devlink_port *port);
int probe(struct devlink *devlink, struct devlink_port *port)
{
	static const struct devlink_port_ops ops = {
		.port_del = NULL,
		.port_fn_hw_addr_get = NULL,
	};

	return devl_port_register_with_ops(devlink, port, 0, &ops);
}
