// SPDX-License-Identifier: GPL-2.0
/*
 * ice_xsk.o of a SELFTEST build of ice.ko.
 *
 * Kbuild.selftest puts this object in place of the driver's ice_xsk.o.  It
 * is the driver's own ice_xsk.c, compiled unchanged, with two calls
 * renamed: the napi_alloc_skb() of ice_construct_skb_zc() (a zero-copy
 * frame an XDP program passes to the stack) and its dev_alloc_page() (a
 * page for each frag it copies) go to the fault hooks of rxemu_fault.c,
 * so that "fault skb" and "fault page" reach the zero-copy Rx path as they
 * reach the page path (rxemu_fault.h explains the renaming).  The hook lives in the
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
struct page *rxemu_xsk_dev_alloc_page(void);

#undef napi_alloc_skb
#undef dev_alloc_page
#define napi_alloc_skb(napi, length)	rxemu_xsk_napi_alloc_skb(napi, length)
#define dev_alloc_page()		rxemu_xsk_dev_alloc_page()

#include "ice_xsk.c"
