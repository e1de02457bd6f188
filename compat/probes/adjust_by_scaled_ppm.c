// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_ADJUST_BY_SCALED_PPM: the PTP core computes a frequency-adjusted
 * increment.  Mainline v6.2, 1060707e3809 ("ptp: introduce helpers to
 * adjust by scaled parts per million").
 *
 * Upstream: v6.2 1060707e3809 ("ptp: introduce helpers to adjust by scaled
 *   parts per million")
 * Polarity: 6.12
 * Shim: compat/include/linux/ptp_clock_kernel.h
 */
#include <linux/ptp_clock_kernel.h>

u64 probe(u64 base, long ppm);
u64 probe(u64 base, long ppm)
{
	return adjust_by_scaled_ppm(base, ppm);
}
