/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ICE_BACKPORT_LINUX_DPLL_H_
#define _ICE_BACKPORT_LINUX_DPLL_H_
#include_next <linux/dpll.h>

/*
 * probes/dpll_tracker.c: the get/put calls take a reference tracker.
 * NULL means "untracked", which the dpll core accepts with or without
 * CONFIG_DPLL_REFCNT_TRACKER; the references are still counted.
 */
#ifdef HAVE_DPLL_TRACKER
#define dpll_device_get(clock_id, dev_driver_id, module) \
	dpll_device_get(clock_id, dev_driver_id, module, NULL)
#define dpll_device_put(dpll) dpll_device_put(dpll, NULL)
#define dpll_pin_get(clock_id, dev_driver_id, module, prop) \
	dpll_pin_get(clock_id, dev_driver_id, module, prop, NULL)
#define dpll_pin_put(pin) dpll_pin_put(pin, NULL)
#endif

#endif
