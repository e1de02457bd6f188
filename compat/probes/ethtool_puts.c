// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_ETHTOOL_PUTS: ethtool_puts() writes an unformatted string.
 * Upstream: v6.8, "ethtool: Implement ethtool_puts()".
 * Shim: compat/include/linux/ethtool.h.
 */
#include <linux/ethtool.h>

void probe(u8 **data);
void probe(u8 **data)
{
	ethtool_puts(data, "x");
}
