/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ICE_BACKPORT_LINUX_NETDEVICE_H_
#define _ICE_BACKPORT_LINUX_NETDEVICE_H_
#include_next <linux/netdevice.h>

/*
 * probes/ndo_fdb_add_notified.c: the fdb callbacks gained "notified".
 * ice sends no notification of its own, so it leaves it false and the
 * core sends the generic one, as before.  patches/0004 puts this in the
 * parameter lists of ice_fdb_add() and ice_fdb_del().
 */
#ifdef HAVE_NDO_FDB_ADD_NOTIFIED
#define ICE_BACKPORT_FDB_NOTIFIED_ARG bool __always_unused *notified,
#else
#define ICE_BACKPORT_FDB_NOTIFIED_ARG
#endif

#endif
