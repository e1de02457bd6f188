// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_DPLL_PIN_ESYNC: the DPLL subsystem has Embedded SYNC, struct
 * dpll_pin_esync and the esync_set/esync_get pin ops, which ice_dpll.c
 * uses for the E810-T's input and output pins.  Mainline v6.12; a vendor
 * kernel can carry the DPLL subsystem without it (RHEL 9.5's 5.14.0-503
 * does: its ice_dpll.c is older than this API, and ours then fails to
 * compile on the missing structure).
 *
 * Upstream: v6.12 cda1fba15cb2 ("dpll: add Embedded SYNC feature for a
 *   pin")
 * Polarity: 6.12
 * Shim: none
 * Disables: dpll — the E810-T clock unit is not exposed through the dpll
 *   netlink family; PTP and the data path are unaffected (the kernel's
 *   DPLL subsystem predates Embedded SYNC: RHEL 9.5)
 * Object: ice_dpll.o -> compat/ice_dpll_off.o
 */
#include <linux/dpll.h>

u8 probe(const struct dpll_pin_esync *e);
u8 probe(const struct dpll_pin_esync *e)
{
	return e->range_num;
}
