// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_XDP_BUFF_CLEAR_FRAG_PFMEMALLOC: xdp_buff_clear_frag_pfmemalloc()
 * exists.  patches/product/0018 clears the pfmemalloc mark of the ring's
 * xdp_buff with it at the start of every frame.  Mainline v6.18 added it
 * with a bpf fix; the 6.12 and 6.1 stable series took that fix (stable
 * reviews of 11 November and 3 December 2025), so every Debian kernel of
 * the sample has it, while the trees older than the backport do not (RHEL
 * 9.5's 5.14.0-503, 9.6's 5.14.0-570 and 10.0's 6.12.0-55, read in their
 * source; a failed build on 9.6 showed it).
 *
 * Reason-if-constant: every Debian kernel of the test sample carries the
 *   stable backport; the verified lines built from their source
 *   (70-source-build: RHEL 9.5, 9.6, 10.0) do not.
 *
 * Upstream: v6.18 8f12d1137c23 ("bpf: Clear pfmemalloc flag when freeing
 *   all fragments")
 * Stable: 6.12, 6.1
 * Polarity: 6.12
 * Shim: compat/include/net/xdp.h
 */
#include <net/xdp.h>

void probe(struct xdp_buff *xdp);
void probe(struct xdp_buff *xdp)
{
	xdp_buff_clear_frag_pfmemalloc(xdp);
}
