/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The metadata of the XDP program meta_pass (xdp/progs.bpf.c), which the
 * oracle checks in front of every skb of a scenario with "xdp_meta on":
 * one 32-bit word, this value.
 */
#ifndef RXEMU_XDP_META_H
#define RXEMU_XDP_META_H

#define RXEMU_XDP_META_MAGIC	0x1ce0ba5eU

#endif
