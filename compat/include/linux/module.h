/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ICE_BACKPORT_LINUX_MODULE_H_
#define _ICE_BACKPORT_LINUX_MODULE_H_
#include_next <linux/module.h>

/*
 * probes/module_import_ns_identifier.c: the namespace became a string
 * literal; the driver still names it as an identifier.
 */
#ifndef HAVE_MODULE_IMPORT_NS_IDENTIFIER
#undef MODULE_IMPORT_NS
#define MODULE_IMPORT_NS(ns) MODULE_INFO(import_ns, __stringify(ns))
#endif

#endif
