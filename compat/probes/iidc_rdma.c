// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_IIDC_RDMA: the kernel's Intel RDMA interface is the one of
 * <linux/net/intel/iidc_rdma.h> (Mainline v6.16, the "iidc: generalize
 * the RDMA interface for ice and idpf" series), which replaced iidc.h.
 * The kernel's irdma then expects auxiliary devices and ice exports of
 * another layout than our 6.12 ice provides.
 * RDMA is compiled out (compat/ice_idc_off.c).
 *
 * Upstream: v6.16 97b5631aae68 ("iidc/ice/irdma: Rename to iidc_*
 *   convention")
 * Polarity: newer
 * Shim: none
 * Disables: rdma — no RDMA auxiliary device is created and ice's RDMA
 *   calls are not exported, so the kernel's irdma fails to load on unknown
 *   symbols (with or without CONFIG_MODVERSIONS) and can never bind to a
 *   PF whose structures it would misread; the Ethernet function is
 *   unaffected; RoCE/iWARP need the kernel's own ice
 * Object: ice_idc.o -> compat/ice_idc_off.o
 */
#include <linux/net/intel/iidc_rdma.h>

struct iidc_rdma_core_auxiliary_dev probe;
