/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ICE_BACKPORT_LINUX_OVERFLOW_H_
#define _ICE_BACKPORT_LINUX_OVERFLOW_H_
#include_next <linux/overflow.h>
#include <linux/build_bug.h>
#include <linux/types.h>

/* probes/struct_size_t.c: upstream's definition (v6.4). */
#if !defined(HAVE_STRUCT_SIZE_T) && !defined(struct_size_t)
#define struct_size_t(type, member, count) \
	struct_size((type *)NULL, member, count)
#endif

/*
 * probes/define_raw_flex.c: upstream's definitions (v6.10); ice uses
 * DEFINE_RAW_FLEX() and reads the size back with __struct_size(), which
 * 6.1's fortify-string.h has.
 */
#if !defined(HAVE_DEFINE_RAW_FLEX) && !defined(DEFINE_RAW_FLEX)
#ifndef _DEFINE_FLEX
#define _DEFINE_FLEX(type, name, member, count, initializer...)		\
	static_assert(__builtin_constant_p(count),			\
		      "onstack flex array members require compile-time const count"); \
	union {								\
		u8 bytes[struct_size_t(type, member, count)];		\
		type obj;						\
	} name##_u initializer;						\
	type *(name) = (type *)&name##_u
#endif
#define DEFINE_RAW_FLEX(type, name, member, count) \
	_DEFINE_FLEX(type, name, member, count, = {})
#endif

#endif
