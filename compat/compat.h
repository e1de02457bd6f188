/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Force-included into every object of ice.ko (src/Kbuild).  Only what
 * must reach every file lives here; API shims go in compat/include/ under
 * the path of the kernel header they extend.
 */
#ifndef _ICE_BACKPORT_COMPAT_H_
#define _ICE_BACKPORT_COMPAT_H_

/*
 * libie's Rx packet-type table is built into ice.ko (compat/builtin_libie_rx.c).
 * Give it a name of ours so that it never meets the kernel's own libie,
 * whose table may have another layout on another release.
 */
#define libie_rx_pt_lut ice_backport_libie_rx_pt_lut

/*
 * A static callback that only a table member some kernels lack refers
 * to (patches/compat/0005): naming it in a compile-time check counts as a use,
 * so such kernels build it without "defined but not used".  Where the
 * member exists this adds nothing.
 */
#define ICE_BACKPORT_KEEP(fn) static_assert(!__same_type(fn, void))

#endif /* _ICE_BACKPORT_COMPAT_H_ */
