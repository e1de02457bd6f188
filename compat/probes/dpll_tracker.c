// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_DPLL_TRACKER: dpll_device_get/put and dpll_pin_get/put take a
 * reference tracker as their last argument.  Mainline v7.0 (dpll
 * reference tracking with ref_tracker).
 *
 * Upstream: v7.0 3c0da1030c58 ("dpll: Add reference count tracking
 *   support")
 * Polarity: newer
 * Shim: compat/include/linux/dpll.h
 */
#include <linux/dpll.h>

void probe(struct dpll_pin *pin);
void probe(struct dpll_pin *pin)
{
	dpll_pin_put(pin, NULL);
}
