/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ICE_BACKPORT_LINUX_TIMEKEEPING_H_
#define _ICE_BACKPORT_LINUX_TIMEKEEPING_H_
#include_next <linux/timekeeping.h>

/*
 * probes/system_counterval_use_nsecs.c: since 6.11 a cross-timestamp
 * callback stores the ART value in nanoseconds, tagged CSID_X86_ART and
 * use_nsecs, and the timekeeper converts it.  Before, the driver converted
 * it to TSC cycles itself, with convert_art_ns_to_tsc(), which returns the
 * whole system_counterval_t (cycles and clocksource).  patches/compat/0013 puts
 * upstream's tagging statements in this macro, after system->cycles holds
 * the ART nanoseconds.  The fallback names the callback's counter,
 * "system" in ice_ptp_get_syncdevicetime(), as upstream's statements do;
 * convert_art_ns_to_tsc() is x86's (asm/tsc.h, through linux/timex.h).
 */
#ifdef HAVE_SYSTEM_COUNTERVAL_USE_NSECS
#define ICE_BACKPORT_SYSCOUNTER_ART_NS(...) __VA_ARGS__
#else
#define ICE_BACKPORT_SYSCOUNTER_ART_NS(...) \
	(*system = convert_art_ns_to_tsc(system->cycles))
#endif

#endif
