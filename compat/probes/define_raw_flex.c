// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_DEFINE_RAW_FLEX: DEFINE_RAW_FLEX() exists (a zeroed on-stack
 * structure with a trailing flexible array of a constant count).
 * Mainline v6.10, d8e45f2929b9 ("overflow: Change DEFINE_FLEX to take
 * __counted_by member") added it beside DEFINE_FLEX() (v6.5, 26dd68d293fd
 * "overflow: add DEFINE_FLEX() for on-stack allocs").  Debian's 6.1
 * carries both from 6.1.18x stable (6.1.0-53, 6.1.187, has them);
 * 6.1.0-47 (6.1.170) and 6.1.0-50 (6.1.176) do not.
 * Reason-if-constant: the test sample's 6.1 releases all have it; Debian's
 * 6.1.0-47 and 6.1.0-50 (make matrix-wide) do not.
 *
 * Upstream: v6.10 d8e45f2929b9 ("overflow: Change DEFINE_FLEX to take
 *   __counted_by member")
 * Stable: 6.1
 * Polarity: 6.12
 * Shim: compat/include/linux/overflow.h
 */
/* overflow.h of 6.1 uses BUILD_BUG_ON_ZERO() without including it. */
#include <linux/build_bug.h>
#include <linux/overflow.h>
#include <linux/types.h>

u32 probe(void);

struct probe_flex {
	int n;
	u32 v[];
};

u32 probe(void)
{
	DEFINE_RAW_FLEX(struct probe_flex, p, v, 2);

	return p->v[1];
}
