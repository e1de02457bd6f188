// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_ROUNDUP_U64: roundup_u64() exists.
 * Mainline v6.11, "math64: add roundup_u64()" (for ice's PTP periodic
 * output).
 *
 * Upstream: v6.11 1d4ce389da2b ("ice: add and use roundup_u64 instead of
 *   open coding equivalent")
 * Polarity: 6.12
 * Shim: compat/include/linux/math64.h
 */
#include <linux/math64.h>

u64 probe(u64 x);
u64 probe(u64 x)
{
	return roundup_u64(x, 3);
}
