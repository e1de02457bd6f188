#!/bin/sh
# This kernel's real image boots under QEMU with our ice.ko: it loads and
# is ours, survives 20 unload/reload cycles, the kernel's irdma loads or is
# refused cleanly, and the log shows no warning, oops or corruption.
. "$ICE_BP_TOPDIR/tests/lib.sh"
kid=${KERNEL_ID:?}
ko=$top/build/$kid/ice.ko
[ -f "$ko" ] || fail "no module for $kid: 20-build[$kid] failed or did not run"
"$top/scripts/vm/vm-test" "$kid" "$ko" || fail "the VM test failed (serial log: build/$kid.vm.log)"
