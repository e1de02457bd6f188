// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_IIDC_RDMA: the kernel's Intel RDMA interface is the one of
 * <linux/net/intel/iidc_rdma.h> (Upstream: v6.16, the "iidc: generalize
 * the RDMA interface for ice and idpf" series), which replaced iidc.h.
 * The kernel's irdma then expects auxiliary devices and ice exports of
 * another layout than our 6.12 ice provides.
 * RDMA is compiled out (compat/ice_idc_off.c).  Shim: src/Kbuild
 */
#include <linux/net/intel/iidc_rdma.h>

struct iidc_rdma_core_auxiliary_dev probe;
