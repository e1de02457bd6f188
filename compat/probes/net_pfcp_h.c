// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_NET_PFCP_H: the PFCP tunnel driver and its header exist.
 * Mainline v6.10, "pfcp: add PFCP module".
 *
 * Upstream: v6.10 6dd514f48110 ("pfcp: always set pfcp metadata")
 * Polarity: 6.12
 * Shim: compat/include/net/pfcp.h
 * Disables: pfcp-offload — no PFCP tunnel device exists, so no PFCP tc
 *   filter is offloaded
 */
#include <net/pfcp.h>

struct pfcp_metadata probe;
