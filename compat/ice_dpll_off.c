// SPDX-License-Identifier: GPL-2.0
/*
 * Stands in for ice_dpll.c when the target kernel has no DPLL subsystem
 * (CONFIG_DPLL unset: Debian's cloud flavours; kernels before 6.7), or one
 * older than what ice_dpll.c uses (no Embedded SYNC: RHEL 9.5,
 * probes/dpll_pin_esync.c).  The
 * E810-T's clock generation unit is then not exposed through the dpll
 * netlink family; PTP and the data path are unaffected.  src/Kbuild
 * records "dpll" in modinfo backport_disabled.
 */
#include "../drivers/net/ethernet/intel/ice/ice.h"

void ice_dpll_init(struct ice_pf *pf)
{
	dev_info(ice_pf_to_dev(pf),
		 "DPLL support compiled out: this kernel has no DPLL subsystem ice can use\n");
}

void ice_dpll_deinit(struct ice_pf *pf)
{
}
