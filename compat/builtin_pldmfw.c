// SPDX-License-Identifier: GPL-2.0
/*
 * The PLDM firmware-update library (lib/pldmfw of the imported 6.12
 * tree), built into ice.ko when the target kernel has no CONFIG_PLDMFW:
 * ice selects it, but flavours that build no ice (Debian's cloud kernels)
 * leave it out.  Without it `devlink dev flash` could not update the NVM.
 */
#include "builtin.h"
#include "../lib/pldmfw/pldmfw.c"
