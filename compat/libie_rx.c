// SPDX-License-Identifier: GPL-2.0-only
/*
 * libie's Rx packet-type table (drivers/net/ethernet/intel/libie/rx.c of
 * the imported 6.12 tree), compiled into ice.ko.
 *
 * ice must not depend on the running kernel's libie.ko: its API changes
 * between releases (6.1 has none, 7.x moved to page_pool helpers).  The
 * table is renamed by compat.h; here its export and the library's own
 * module tags are dropped, so ice.ko neither exports a libie symbol nor
 * claims libie's description or namespace.
 */
#include <linux/export.h>
#include <linux/module.h>

#undef EXPORT_SYMBOL_NS_GPL
#define EXPORT_SYMBOL_NS_GPL(...)
#undef MODULE_DESCRIPTION
#define MODULE_DESCRIPTION(...)
#undef MODULE_IMPORT_NS
#define MODULE_IMPORT_NS(...)
#undef MODULE_LICENSE
#define MODULE_LICENSE(...)

#include "../drivers/net/ethernet/intel/libie/rx.c"
