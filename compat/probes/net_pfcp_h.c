// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_NET_PFCP_H: the PFCP tunnel driver and its header exist.
 * Upstream: v6.10, "pfcp: add PFCP module".
 * Shim: compat/include/net/pfcp.h.
 */
#include <net/pfcp.h>

struct pfcp_metadata probe;
