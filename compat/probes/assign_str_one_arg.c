// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_ASSIGN_STR_ONE_ARG: a trace event's __assign_str() takes the field
 * only; __string() already recorded the source.
 * Mainline v6.10, 2c92ca849fcc ("tracing/treewide: Remove second
 * parameter of __assign_str()").
 *
 *
 * The probe stands where TP_fast_assign() runs (stage 6 of the trace
 * event machinery) with the two names that stage uses, __entry's record
 * and __data_offsets; only the macro's arity decides.
 *
 * Probe-alone: stage6_event_callback.h redefines __field, __string,
 * __assign_str and more for the one trace header that includes it; in the
 * batch those would reach every header included after it.
 *
 * Upstream: v6.10 2c92ca849fcc ("tracing/treewide: Remove second parameter
 *   of __assign_str()")
 * Polarity: 6.12
 * Shim: compat/include/linux/tracepoint.h
 */
#include <linux/trace_events.h>
#include <trace/stages/stage6_event_callback.h>

void probe(void *record, const char *src);
void probe(void *record, const char *src)
{
	struct probe_entry {
		u32 __data_loc_name;
	} *entry = record;
	struct probe_offsets {
		u32 name;
		const char *name_ptr_;
	} __data_offsets = { .name_ptr_ = src };

	__assign_str(name);
}
