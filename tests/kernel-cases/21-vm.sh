#!/bin/sh
# This kernel's real image boots under QEMU with our ice.ko: it loads and
# is ours, survives 20 unload/reload cycles, the kernel's irdma loads when
# the symbol versions it imports from ice are ours and is refused cleanly
# when they are not (or RDMA is compiled out: tools/lib/rdma.sh's
# comparison, which scripts/vm/vm-test checks against the kernel's own
# answer), and the log shows no warning, oops or corruption.
# On the kernel the imported tree comes from (the pin of upstream.lock:
# the same ice types but for our patches, which hide what they add from
# genksyms) the symbol versions must be equal, so that the kernel's irdma
# keeps working there.  Control: the build of patches/product/0003 without
# its __GENKSYMS__ guard fails that claim on the pinned upstream's kernel
# (docs/hardening.md, RDMA).
. "$ICE_BP_TOPDIR/tests/lib.sh"
kid=${KERNEL_ID:?}
ko=$top/build/$kid/ice.ko
[ -f "$ko" ] || fail "no module for $kid: 20-build[$kid] failed or did not run"
case $kid in
"$(pinned_base)"+*)
	. "$top/tools/lib/host.sh"
	. "$top/tools/lib/rdma.sh"
	R='' CMDS=
	img=$("$top/scripts/vm/kernel-image" "$kid")
	irdma=$(first_file "$img/lib/modules/$kid/kernel/drivers/infiniband/hw/irdma/irdma.ko"* || true)
	if [ -n "$irdma" ] && rdma_gap_of "$irdma" "$ko" "$kid"; then
		fail "$kid is the pinned upstream's kernel, yet $rdma_gap_why: a patch adds a member genksyms sees to a type ice's RDMA exports reach (hide it: #ifndef __GENKSYMS__)"
	fi
	if [ -n "$irdma" ]; then
		echo "$kid, the pinned upstream's kernel: the symbol versions of the $rdma_gap_checked functions its irdma imports from ice are ours"
	else
		echo "$kid, the pinned upstream's kernel: it ships no irdma"
	fi
	;;
esac
"$top/scripts/vm/vm-test" "$kid" "$ko" || fail "the VM test failed (serial log: build/$kid.vm.log)"
