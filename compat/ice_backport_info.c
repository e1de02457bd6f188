// SPDX-License-Identifier: GPL-2.0
/*
 * What this ice.ko is, for modinfo and for support: the package version
 * (whose first three fields are the upstream 6.12 base) and the exact
 * upstream source it was built from.  The values come from
 * ice_backport_provenance.h, written by scripts/import/import-upstream.
 */
#include <linux/module.h>

MODULE_VERSION(ICE_BACKPORT_VERSION);
MODULE_INFO(backport_upstream, ICE_BACKPORT_UPSTREAM);
MODULE_INFO(backport_upstream_sha256, ICE_BACKPORT_UPSTREAM_SHA256);
MODULE_INFO(backport_tree_sha256, ICE_BACKPORT_TREE_SHA256);
/*
 * The kernel's tier in the package's kernel policy: verified (a line the
 * matrix proves), in-range (attempted, the probes decided) or outside
 * (built only because the operator's policy accepts every kernel).
 */
MODULE_INFO(backport_tier, ICE_BACKPORT_TIER);
/* Features compiled out for the target kernel (src/Kbuild). */
MODULE_INFO(backport_disabled, ICE_BACKPORT_DISABLED);
