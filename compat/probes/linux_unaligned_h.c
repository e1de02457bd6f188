// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_LINUX_UNALIGNED_H: the unaligned accessors live in linux/.
 * Mainline v6.12, 5f60d5f6bbc1 ("move asm/unaligned.h to
 * linux/unaligned.h").
 *
 * Upstream: v6.12 5f60d5f6bbc1 ("move asm/unaligned.h to
 *   linux/unaligned.h")
 * Polarity: 6.12
 * Shim: compat/include/linux/unaligned.h
 */
#include <linux/unaligned.h>

u32 probe(const void *p);
u32 probe(const void *p)
{
	return get_unaligned_le32(p);
}
