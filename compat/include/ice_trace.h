/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Not a kernel header: <trace/define_trace.h> re-reads the driver's
 * ice_trace.h once per stage of the event machinery as "./ice_trace.h",
 * which the search path resolves here first (src/Kbuild puts
 * compat/include ahead of the driver directory).  The driver's own
 * #include "ice_trace.h" still finds its file directly.
 *
 * probes/assign_str_one_arg.c: before 6.10, __assign_str() takes the
 * source again and __string() does not keep it.  ice uses the one-argument
 * form, so keep the source where 6.10 does: a pointer beside the field's
 * offset (stage 2 declares it, stage 5 fills it, stage 6 copies from it).
 * The passes are told apart by their order, which is fixed in the kernels
 * that lack the API (6.1 to 6.9: tracepoints, stages 1 to 7, perf, bpf).
 */
#ifndef HAVE_ASSIGN_STR_ONE_ARG
#if !defined(ICE_BP_TRACE_PASS_0)
#define ICE_BP_TRACE_PASS_0
#elif !defined(ICE_BP_TRACE_PASS_1)
#define ICE_BP_TRACE_PASS_1
#elif !defined(ICE_BP_TRACE_PASS_2)
#define ICE_BP_TRACE_PASS_2
#undef __string
#define __string(item, src) u32 item; const char *item##_ice_bp_src;
#elif !defined(ICE_BP_TRACE_PASS_3)
#define ICE_BP_TRACE_PASS_3
#elif !defined(ICE_BP_TRACE_PASS_4)
#define ICE_BP_TRACE_PASS_4
#elif !defined(ICE_BP_TRACE_PASS_5)
#define ICE_BP_TRACE_PASS_5
#undef __string
#define __string(item, src)						\
	__dynamic_array(char, item,					\
			strlen((src) ? (const char *)(src) : "(null)") + 1) \
	__data_offsets->item##_ice_bp_src = (src);
#elif !defined(ICE_BP_TRACE_PASS_6)
#define ICE_BP_TRACE_PASS_6
#undef __assign_str
#define __assign_str(dst)						\
	strcpy(__get_str(dst), __data_offsets.dst##_ice_bp_src ?	\
	       __data_offsets.dst##_ice_bp_src : "(null)")
#endif
#endif /* HAVE_ASSIGN_STR_ONE_ARG */

#include "../../drivers/net/ethernet/intel/ice/ice_trace.h"
