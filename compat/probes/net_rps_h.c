// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_NET_RPS_H: the RPS declarations have their own header.
 * Mainline v6.10, 490a79faf95e ("net: introduce include/net/rps.h").
 *
 * Upstream: v6.10 490a79faf95e ("net: introduce include/net/rps.h")
 * Polarity: 6.12
 * Shim: compat/include/net/rps.h
 */
#include <net/rps.h>

struct rps_sock_flow_table *probe;
