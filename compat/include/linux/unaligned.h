/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ICE_BACKPORT_LINUX_UNALIGNED_H_
#define _ICE_BACKPORT_LINUX_UNALIGNED_H_

/* probes/linux_unaligned_h.c: before 6.12 the accessors are in asm/. */
#ifdef HAVE_LINUX_UNALIGNED_H
#include_next <linux/unaligned.h>
#else
#include <asm/unaligned.h>
#endif

#endif
