// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_LINUX_DPLL_H: the DPLL subsystem's header exists.
 * Mainline v6.7, 9431063ad323 ("dpll: core: Add DPLL framework base
 * functions").  ice_dpll.c needs the subsystem itself (CONFIG_DPLL, see
 * src/Kbuild); the rest of the driver only needs the types.
 *
 * Upstream: v6.7 9431063ad323 ("dpll: core: Add DPLL framework base
 *   functions")
 * Polarity: 6.12
 * Shim: compat/include/linux/dpll.h
 */
#include <linux/dpll.h>

struct dpll_pin_properties probe;
