// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_SECS_TO_JIFFIES: secs_to_jiffies() exists.
 * Mainline v6.13, b35108a51cf7 ("jiffies: Define secs_to_jiffies()");
 * Debian 6.12 carries it from 6.12.1xx stable, 6.12.95 does not; Debian's
 * 6.1.0-57 has it too (its shim does not act there).
 *
 * Upstream: v6.13 b35108a51cf7 ("jiffies: Define secs_to_jiffies()")
 * Stable: 6.12, 6.1
 * Polarity: 6.12
 * Shim: compat/include/linux/jiffies.h
 */
#include <linux/jiffies.h>

unsigned long probe(void);
unsigned long probe(void)
{
	return secs_to_jiffies(1);
}
