/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ICE_BACKPORT_LINUX_MATH64_H_
#define _ICE_BACKPORT_LINUX_MATH64_H_
#include_next <linux/math64.h>

/* probes/roundup_u64.c: the next multiple of a 32-bit y, in 64 bits. */
#ifndef HAVE_ROUNDUP_U64
static inline u64 roundup_u64(u64 x, u32 y)
{
	return div_u64(x + y - 1, y) * y;
}
#endif

#endif
