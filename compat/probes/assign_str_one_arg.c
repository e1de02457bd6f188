// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_ASSIGN_STR_ONE_ARG: a trace event's TP_fast_assign copies a
 * __string() field with __assign_str(dst), the source being the one given
 * to __string().  Upstream: v6.10, 2c92ca849fcc ("tracing/treewide: Remove
 * second parameter of __assign_str()").  Only a real event tells, hence
 * CREATE_TRACE_POINTS and the event in assign_str_one_arg_trace.h.
 * Shim: compat/include/ice_trace.h.
 */
#define CREATE_TRACE_POINTS
#include "assign_str_one_arg_trace.h"
