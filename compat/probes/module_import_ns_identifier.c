// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_MODULE_IMPORT_NS_IDENTIFIER: MODULE_IMPORT_NS() takes a bare
 * identifier and stringifies it.  Mainline v6.13, cdd30ebb1b9f ("module:
 * Convert symbol namespace to string literal") made it take a string
 * literal; 7.x's modinfo macros then refuse an identifier.
 *
 * Upstream: v6.13 cdd30ebb1b9f ("module: Convert symbol namespace to
 *   string literal")
 * Polarity: 6.12
 * Shim: compat/include/linux/module.h
 */
#include <linux/module.h>

MODULE_IMPORT_NS(ICE_BACKPORT_PROBE);
