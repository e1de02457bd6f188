// SPDX-License-Identifier: GPL-2.0-only
/*
 * libie's Rx packet-type table (drivers/net/ethernet/intel/libie/rx.c of
 * the imported 6.12 tree), always built into ice.ko: the kernel's libie
 * differs between releases (6.1 has none, 7.x moved to page_pool
 * helpers).  compat.h renames the table so it never meets the kernel's.
 */
#include "builtin.h"
#include "../drivers/net/ethernet/intel/libie/rx.c"
