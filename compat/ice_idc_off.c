// SPDX-License-Identifier: GPL-2.0
/*
 * Stands in for ice_idc.c when the target kernel's RDMA driver speaks
 * another interface than ice 6.12 (probes/iidc_rdma.c: from 6.16 irdma
 * uses <linux/net/intel/iidc_rdma.h>, whose auxiliary device and exported
 * calls take other structures under the same names).  Binding the
 * kernel's irdma to our auxiliary device would hand it a structure of
 * another layout, so none is created and none of ice_idc.c's symbols is
 * exported: the kernel's irdma then fails to load on unknown symbols,
 * with or without CONFIG_MODVERSIONS, and can never reach our PF.  The
 * Ethernet function is unaffected.  src/Kbuild records "rdma" in modinfo
 * backport_disabled.
 */
#include "../drivers/net/ethernet/intel/ice/ice.h"
#include "../drivers/net/ethernet/intel/ice/ice_lib.h"

void ice_send_event_to_aux(struct ice_pf *pf, struct iidc_event *event)
{
}

int ice_plug_aux_dev(struct ice_pf *pf)
{
	return 0;
}

void ice_unplug_aux_dev(struct ice_pf *pf)
{
}

int ice_init_rdma(struct ice_pf *pf)
{
	if (!ice_is_rdma_ena(pf))
		return 0;
	/* No vectors reserved for RDMA, no devlink RDMA switch. */
	clear_bit(ICE_FLAG_RDMA_ENA, pf->flags);
	dev_info(ice_pf_to_dev(pf),
		 "RDMA compiled out: this kernel's irdma speaks another interface\n");
	return 0;
}

void ice_deinit_rdma(struct ice_pf *pf)
{
}
