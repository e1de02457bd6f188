// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_NL_SET_ERR_MSG_FMT_MOD: extack messages can be formatted.
 * Mainline v6.2, 51c352bdbcd2 ("netlink: add support for formatted
 * extack messages").
 *
 * Upstream: v6.2 51c352bdbcd2 ("netlink: add support for formatted extack
 *   messages")
 * Polarity: 6.12
 * Shim: compat/include/linux/netlink.h
 */
#include <linux/netlink.h>

void probe(struct netlink_ext_ack *extack, int n);
void probe(struct netlink_ext_ack *extack, int n)
{
	NL_SET_ERR_MSG_FMT_MOD(extack, "%d", n);
}
