// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_SYSTEM_COUNTERVAL_USE_NSECS: a cross-timestamp callback hands the
 * timekeeper the raw ART value in nanoseconds (cs_id CSID_X86_ART,
 * use_nsecs) and the core converts it.
 * Mainline v6.11, the "Remove convert_art_to_tsc()" series of
 * Lakshmi Sowjanya D ("timekeeping: Add function to convert realtime to
 * base clock", "ice/ptp: Remove convert_art_to_tsc()"); cs_id itself is
 * v6.9.  Before it the driver converted with convert_art_ns_to_tsc().
 *
 * Upstream: v6.11 6b2e29977518 ("timekeeping: Provide infrastructure for
 *   converting to/from a base clock")
 * Polarity: 6.12
 * Shim: compat/include/linux/timekeeping.h
 */
#include <linux/ktime.h>
#include <linux/timekeeping.h>

void probe(struct system_counterval_t *system);
void probe(struct system_counterval_t *system)
{
	system->cs_id = CSID_X86_ART;
	system->use_nsecs = true;
}
