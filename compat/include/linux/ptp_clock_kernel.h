/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ICE_BACKPORT_LINUX_PTP_CLOCK_KERNEL_H_
#define _ICE_BACKPORT_LINUX_PTP_CLOCK_KERNEL_H_
#include_next <linux/ptp_clock_kernel.h>

/*
 * probes/adjust_by_scaled_ppm.c: scaled_ppm is parts per million with a
 * 16-bit binary fraction, so the change of base is
 * base * scaled_ppm / (10^6 * 2^16), computed without overflow.
 */
#ifndef HAVE_ADJUST_BY_SCALED_PPM
#include <linux/math64.h>

static inline u64 adjust_by_scaled_ppm(u64 base, long scaled_ppm)
{
	u64 ppm = scaled_ppm < 0 ? -(u64)scaled_ppm : scaled_ppm;
	u64 diff = mul_u64_u64_div_u64(base, ppm, 1000000ULL << 16);

	return scaled_ppm < 0 ? base - diff : base + diff;
}
#endif

#endif
