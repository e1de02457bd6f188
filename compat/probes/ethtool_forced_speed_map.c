// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_ETHTOOL_FORCED_SPEED_MAP: the ethtool core maps a forced speed to
 * its link modes (struct ethtool_forced_speed_map and its init helper).
 * Mainline v6.7, ("ethtool: Add forced speed to supported
 * link modes maps").
 *
 * Upstream: v6.7 26c5334d344d ("ethtool: Add forced speed to supported
 *   link modes maps")
 * Polarity: 6.12
 * Shim: compat/include/linux/ethtool.h
 */
#include <linux/ethtool.h>

void probe(struct ethtool_forced_speed_map *maps, u32 n);
void probe(struct ethtool_forced_speed_map *maps, u32 n)
{
	ethtool_forced_speed_maps_init(maps, n);
}
