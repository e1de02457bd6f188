// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_NLA_FOR_EACH_NESTED_TYPE: nested attributes can be walked by type.
 * Mainline v6.10, "netlink: introduce type-checking attribute iteration
 * for nested attributes".
 *
 * Upstream: v6.10 e8058a49e67f ("netlink: introduce type-checking
 *   attribute iteration")
 * Polarity: 6.12
 * Shim: compat/include/net/netlink.h
 */
#include <net/netlink.h>

int probe(const struct nlattr *nest);
int probe(const struct nlattr *nest)
{
	const struct nlattr *a;
	int rem, n = 0;

	nla_for_each_nested_type(a, 1, nest, rem)
		n++;
	return n;
}
