// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_ETHTOOL_PUTS: ethtool_puts() writes an unformatted string.
 * Mainline v6.8, "ethtool: Implement ethtool_puts()".
 *
 * Upstream: v6.8 2a48c635fd9a ("ethtool: Implement ethtool_puts()")
 * Polarity: 6.12
 * Shim: compat/include/linux/ethtool.h
 */
#include <linux/ethtool.h>

void probe(u8 **data);
void probe(u8 **data)
{
	ethtool_puts(data, "x");
}
