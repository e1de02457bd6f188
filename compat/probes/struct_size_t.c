// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_STRUCT_SIZE_T: struct_size_t() exists (the size of a structure
 * with a trailing flexible array, given its type rather than a pointer).
 * Mainline v6.4, d67790ddf021 ("overflow: Add struct_size_t() helper").
 * Debian's 6.1 carries it from 6.1.18x stable (6.1.0-53, 6.1.187, has
 * it); 6.1.0-47 (6.1.170) and 6.1.0-50 (6.1.176) do not.
 * Reason-if-constant: the test sample's 6.1 releases all have it; Debian's
 * 6.1.0-47 and 6.1.0-50 (make matrix-wide) do not.
 *
 * Upstream: v6.4 d67790ddf021 ("overflow: Add struct_size_t() helper")
 * Stable: 6.1
 * Polarity: 6.12
 * Shim: compat/include/linux/overflow.h
 */
/* overflow.h of 6.1 uses BUILD_BUG_ON_ZERO() without including it. */
#include <linux/build_bug.h>
#include <linux/overflow.h>

unsigned long probe(void);

struct probe_flex {
	int n;
	int v[];
};

unsigned long probe(void)
{
	return struct_size_t(struct probe_flex, v, 2);
}
