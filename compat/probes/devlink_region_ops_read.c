// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_DEVLINK_REGION_OPS_READ: a region can be read directly, without
 * taking a snapshot first.
 * Mainline v6.2, "devlink: support directly reading from region memory"
 * (Jacob Keller).
 * Used by patches/compat/0005.
 *
 * Upstream: v6.2 af6397c9ee2b ("devlink: support directly reading from
 *   region memory")
 * Polarity: 6.12
 * Shim: compat/include/net/devlink.h
 * Disables: devlink-region-read — the nvm-flash and shadow-ram regions are
 *   read through snapshots only
 */
#include <net/devlink.h>

static int probe_read(struct devlink *devlink,
		      const struct devlink_region_ops *ops,
		      struct netlink_ext_ack *extack, u64 offset, u32 size,
		      u8 *data)
{
	return 0;
}

const struct devlink_region_ops probe = {
	.read = probe_read,
};
