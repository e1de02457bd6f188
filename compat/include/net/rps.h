/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ICE_BACKPORT_NET_RPS_H_
#define _ICE_BACKPORT_NET_RPS_H_

/* probes/net_rps_h.c: before 6.10 the RPS declarations are in netdevice.h. */
#ifdef HAVE_NET_RPS_H
#include_next <net/rps.h>
#else
#include <linux/netdevice.h>
#endif

#endif
