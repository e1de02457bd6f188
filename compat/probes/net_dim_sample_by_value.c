// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_NET_DIM_SAMPLE_BY_VALUE: net_dim() takes the dim_sample by value.
 * Mainline v6.13, 61bf0009a765 ("dim: pass dim_sample to net_dim() by
 * reference")
 * made it a const pointer.
 *
 * Upstream: v6.13 61bf0009a765 ("dim: pass dim_sample to net_dim() by
 *   reference")
 * Polarity: 6.12
 * Shim: compat/include/linux/dim.h
 */
#include <linux/dim.h>

void probe(struct dim *dim, struct dim_sample s);
void probe(struct dim *dim, struct dim_sample s)
{
	net_dim(dim, s);
}
