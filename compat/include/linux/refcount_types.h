/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ICE_BACKPORT_LINUX_REFCOUNT_TYPES_H_
#define _ICE_BACKPORT_LINUX_REFCOUNT_TYPES_H_

/* probes/linux_refcount_types_h.c: before 6.10 refcount_t is in refcount.h. */
#ifdef HAVE_LINUX_REFCOUNT_TYPES_H
#include_next <linux/refcount_types.h>
#else
#include <linux/refcount.h>
#endif

#endif
