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
 */
#include "ice_txrx.c"

#include "rxemu.h"
#include "rxemu_scenario.c"
#include "rxemu_oracle.c"
#include "rxemu_nic.c"
#include "rxemu_xdp.c"
