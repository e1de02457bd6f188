/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ICE_BACKPORT_LINUX_DIM_H_
#define _ICE_BACKPORT_LINUX_DIM_H_
#include_next <linux/dim.h>

/*
 * probes/net_dim_sample_by_value.c: the sample is passed by reference
 * now.  ice passes a local variable, so taking its address is safe.
 */
#ifndef HAVE_NET_DIM_SAMPLE_BY_VALUE
#define net_dim(dim, sample) net_dim(dim, &(sample))
#endif

#endif
