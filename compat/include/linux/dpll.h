/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ICE_BACKPORT_LINUX_DPLL_H_
#define _ICE_BACKPORT_LINUX_DPLL_H_

#ifdef HAVE_LINUX_DPLL_H
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
#else
/*
 * probes/linux_dpll_h.c: a kernel before 6.7 has no DPLL subsystem, so
 * src/Kbuild compiles ice_dpll.c out.  The PTP code and the driver's
 * structures still name the pin types and the pin table entries: give
 * them the types, with the uAPI values of 6.7, and nothing callable.
 */
#include <linux/types.h>

enum dpll_mode {
	DPLL_MODE_MANUAL = 1,
	DPLL_MODE_AUTOMATIC,
};

enum dpll_lock_status {
	DPLL_LOCK_STATUS_UNLOCKED = 1,
	DPLL_LOCK_STATUS_LOCKED,
	DPLL_LOCK_STATUS_LOCKED_HO_ACQ,
	DPLL_LOCK_STATUS_HOLDOVER,
};

enum dpll_pin_type {
	DPLL_PIN_TYPE_MUX = 1,
	DPLL_PIN_TYPE_EXT,
	DPLL_PIN_TYPE_SYNCE_ETH_PORT,
	DPLL_PIN_TYPE_INT_OSCILLATOR,
	DPLL_PIN_TYPE_GNSS,
};

#define DPLL_PIN_CAPABILITIES_DIRECTION_CAN_CHANGE	1
#define DPLL_PIN_CAPABILITIES_PRIORITY_CAN_CHANGE	2
#define DPLL_PIN_CAPABILITIES_STATE_CAN_CHANGE		4

#define DPLL_PIN_FREQUENCY_1_HZ		1
#define DPLL_PIN_FREQUENCY_10_MHZ	10000000

struct dpll_device;
struct dpll_pin;

struct dpll_pin_frequency {
	u64 min;
	u64 max;
};

#define DPLL_PIN_FREQUENCY_1PPS						\
	{ .min = DPLL_PIN_FREQUENCY_1_HZ, .max = DPLL_PIN_FREQUENCY_1_HZ }
#define DPLL_PIN_FREQUENCY_10MHZ					\
	{ .min = DPLL_PIN_FREQUENCY_10_MHZ, .max = DPLL_PIN_FREQUENCY_10_MHZ }

struct dpll_pin_phase_adjust_range {
	s32 min;
	s32 max;
};

struct dpll_pin_properties {
	const char *board_label;
	const char *panel_label;
	const char *package_label;
	enum dpll_pin_type type;
	unsigned long capabilities;
	u32 freq_supported_num;
	struct dpll_pin_frequency *freq_supported;
	struct dpll_pin_phase_adjust_range phase_range;
};
#endif /* HAVE_LINUX_DPLL_H */

#endif
