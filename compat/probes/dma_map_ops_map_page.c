// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_DMA_MAP_OPS_MAP_PAGE: struct dma_map_ops has map_page/unmap_page.
 * Mainline v6.19 (the "dma-mapping: migrate to physical address-based
 * API" series) replaced them with map_phys/unmap_phys.  Not used by the
 * driver: the Rx ring emulator's DMA ops, which record every page the
 * driver maps, follow it.
 *
 * Upstream: v6.19 ("dma-mapping: remove unused map_page callback")
 * Polarity: 6.12
 * Shim: tests/rxemu/rxemu_oracle.c
 */
#include <linux/dma-map-ops.h>

const struct dma_map_ops probe = {
	.map_page = NULL,
};
