/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Included by compat/builtin_*.c right before the library source they
 * build into ice.ko.  ice.ko carries a private copy of the library: it
 * must not export the library's symbols (that is the library module's
 * job, on kernels that have it) nor claim its description, license line
 * or namespace imports.
 */
#ifndef _ICE_BACKPORT_BUILTIN_H_
#define _ICE_BACKPORT_BUILTIN_H_

#include <linux/export.h>
#include <linux/module.h>

#undef EXPORT_SYMBOL
#define EXPORT_SYMBOL(...)
#undef EXPORT_SYMBOL_GPL
#define EXPORT_SYMBOL_GPL(...)
#undef EXPORT_SYMBOL_NS_GPL
#define EXPORT_SYMBOL_NS_GPL(...)
#undef MODULE_DESCRIPTION
#define MODULE_DESCRIPTION(...)
#undef MODULE_IMPORT_NS
#define MODULE_IMPORT_NS(...)
#undef MODULE_LICENSE
#define MODULE_LICENSE(...)

#endif /* _ICE_BACKPORT_BUILTIN_H_ */
