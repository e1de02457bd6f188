// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_LINUX_REFCOUNT_TYPES_H: refcount_t has a header of its own.
 * Mainline v6.8, "refcount: Split out refcount_types.h".
 *
 * Upstream: v6.8 f9d6966b7f41 ("refcount: Split out refcount_types.h")
 * Polarity: 6.12
 * Shim: compat/include/linux/refcount_types.h
 */
#include <linux/refcount_types.h>

refcount_t probe;
