/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel's header is read again by every trace header (its
 * TRACE_EVENT part lies outside its include guard): include it each time.
 */
#include_next <linux/tracepoint.h>
#ifndef _ICE_BACKPORT_LINUX_TRACEPOINT_H_
#define _ICE_BACKPORT_LINUX_TRACEPOINT_H_

/*
 * probes/assign_str_one_arg.c: since 6.10 __assign_str() takes the field
 * only (__string() recorded its source); before, it took the source again.
 * patches/compat/0012 names both in ice_trace.h; this picks the kernel's form.
 * It expands inside TP_fast_assign(), after the trace event machinery has
 * defined __assign_str() for that stage.
 */
#ifdef HAVE_ASSIGN_STR_ONE_ARG
#define ICE_BACKPORT_ASSIGN_STR(dst, ...) __assign_str(dst)
#else
#define ICE_BACKPORT_ASSIGN_STR(dst, ...) __assign_str(dst, __VA_ARGS__)
#endif

#endif
