// SPDX-License-Identifier: GPL-2.0
/*
 * ice_txrx.o of a SELFTEST build of ice.ko.
 *
 * Kbuild.selftest takes drivers/net/ethernet/intel/ice/ice_txrx.o out of the
 * module and puts this object in its place.  It is the driver's own
 * ice_txrx.c, compiled unchanged (found through the -I of the driver
 * directory that the module's Kbuild sets), followed by the Rx ring
 * emulator, which so reaches the static functions of the Rx path.  Nothing
 * of the driver is copied here; the packaged module never contains this.
 *
 * ice_txrx.c's own includes come first, then rxemu_fault.h, which renames
 * the driver's page and skb allocators to the fault injection hooks (see
 * the comment there for why they must follow every header and precede
 * ice_txrx.c).  Keep this list in step with the top of ice_txrx.c.
 */
#include <linux/mm.h>
#include <linux/netdevice.h>
#include <linux/prefetch.h>
#include <linux/bpf_trace.h>
#include <net/dsfield.h>
#include <net/mpls.h>
#include <net/xdp.h>
#include "ice_txrx_lib.h"
#include "ice_lib.h"
#include "ice.h"
#include "ice_trace.h"
#include "ice_dcb_lib.h"
#include "ice_xsk.h"
#include "ice_eswitch.h"

#include "rxemu_fault.h"
#include "ice_txrx.c"

#include "rxemu.h"
#include "rxemu_scenario.c"
#include "rxemu_oracle.c"
#include "rxemu_nic.c"
#include "rxemu_xdp.c"
#include "rxemu_xsk.c"
#include "rxemu_fault.c"
#include "rxemu_trace.c"
