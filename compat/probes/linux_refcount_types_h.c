// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_LINUX_REFCOUNT_TYPES_H: refcount_t has a header of its own.
 * Upstream: v6.10, "refcount: Split out refcount_types.h".
 * Shim: compat/include/linux/refcount_types.h.
 */
#include <linux/refcount_types.h>

refcount_t probe;
