/* SPDX-License-Identifier: GPL-2.0 */
/* The trace event of probes/assign_str_one_arg.c. */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM ice_bp_probe

#if !defined(_ICE_BP_PROBE_TRACE_H_) || defined(TRACE_HEADER_MULTI_READ)
#define _ICE_BP_PROBE_TRACE_H_

#include <linux/tracepoint.h>

TRACE_EVENT(ice_bp_probe,
	    TP_PROTO(const char *name),
	    TP_ARGS(name),
	    TP_STRUCT__entry(__string(name, name)),
	    TP_fast_assign(__assign_str(name);),
	    TP_printk("%s", __get_str(name))
);

#endif

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE assign_str_one_arg_trace
#include <trace/define_trace.h>
