// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_DO_SOCK_GETSOCKOPT: do_sock_getsockopt() exists, the getsockopt()
 * of a struct socket with kernel or user buffers (sockptr_t), and is
 * exported.  The Rx ring emulator reads its AF_XDP socket's ring offsets
 * (XDP_MMAP_OFFSETS) with it where the socket's own proto_ops.getsockopt
 * is gone because AF_XDP answers through getsockopt_iter (Debian's 7.2.13
 * and 7.3.4); 6.12's version refuses kernel buffers for any level but
 * SOL_SOCKET, so the emulator prefers the socket's hook where it exists.
 * Not used by the driver.
 *
 * Its release is read off the trees here, not looked up (no mainline
 * history is reachable from this machine): absent from
 * Debian's 6.1.0-57, present in 6.6.87 (a stable backport, since 6.6.87's
 * io_uring does not call it), in Debian's 6.12 kernels and in RHEL 9.5's
 * and 9.6's 5.14 trees (a vendor backport).  v6.7, from Breno Leitao's
 * series that gave io_uring its getsockopt command, is an inference
 * from memory of that series.
 *
 * Upstream: v6.7 ("net/socket: Break down __sys_getsockopt")
 * Stable: 6.6
 * Polarity: 6.12
 * Shim: tests/rxemu/rxemu_xsk.c
 */
#include <linux/sockptr.h>
#include <net/sock.h>

int probe(struct socket *sock, void *val, int *len);
int probe(struct socket *sock, void *val, int *len)
{
	return do_sock_getsockopt(sock, false, SOL_SOCKET, SO_TYPE,
				  KERNEL_SOCKPTR(val), KERNEL_SOCKPTR(len));
}
