// SPDX-License-Identifier: GPL-2.0
/*
 * ice_xsk.o of a SELFTEST build of ice.ko.
 *
 * Kbuild.selftest puts this object in place of the driver's ice_xsk.o.  It
 * is the driver's own ice_xsk.c, compiled unchanged, with one call renamed:
 * the napi_alloc_skb() of ice_construct_skb_zc() (a zero-copy frame an XDP
 * program passes to the stack) goes to the fault hook of rxemu_fault.c,
 * so that "fault skb" reaches the zero-copy Rx path as it reaches the page
 * path (rxemu_fault.h explains the renaming).  The hook lives in the
 * emulator's translation unit (ice_txrx_selftest.c); this one has none of
 * the emulator's state.  ice_xsk.c's own includes come first, so that the
 * macro follows every header that declares the name.  Keep this list in
 * step with the top of ice_xsk.c.
 */
#include <linux/bpf_trace.h>
#include <net/xdp_sock_drv.h>
#include <net/xdp.h>
#include "ice.h"
#include "ice_base.h"
#include "ice_type.h"
#include "ice_xsk.h"
#include "ice_txrx.h"
#include "ice_txrx_lib.h"
#include "ice_lib.h"

/* rxemu_fault.c */
struct sk_buff *rxemu_xsk_napi_alloc_skb(struct napi_struct *napi,
					 unsigned int length);

#undef napi_alloc_skb
#define napi_alloc_skb(napi, length)	rxemu_xsk_napi_alloc_skb(napi, length)

#include "ice_xsk.c"
