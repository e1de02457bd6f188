#!/bin/sh
# ice.ko builds for this kernel in a root of its own Debian release (its
# compiler, its libc), with W=1 and zero warnings, and says what it is:
# our version (modinfo, and the string ethtool -i shows), the upstream of
# upstream.lock, no dependency on the kernel's libie or libeth and none of
# their symbols exported, every kernel worker it creates started.
. "$ICE_BP_TOPDIR/tests/lib.sh"
kid=${KERNEL_ID:?}
[ -f "$top/src/PROVENANCE" ] || "$top/scripts/import/import-upstream"
"$top/scripts/kbuild/build-in-root" "$kid" || fail "the build failed: $(grep -m 1 -E 'error|ERROR' "$top/build/$kid.log" || echo "see build/$kid.log")"
ko=$top/build/$kid/ice.ko
w=$(grep -c 'warning:' "$top/build/$kid.log" || true)
[ "$w" = 0 ] || { grep 'warning:' "$top/build/$kid.log" | head; fail "$w compiler warnings"; }
[ "$(modinfo -F vermagic "$ko" | cut -d' ' -f1)" = "$kid" ] || fail "built for another kernel"
version=$(modinfo -F version "$ko")
[ "$version" = "$(cat "$top/VERSION")" ] || fail "modinfo version $version is not VERSION $(cat "$top/VERSION")"
upstream=$(modinfo -F backport_upstream "$ko")
[ "$upstream" = "$(lock_get package) $(lock_get version)" ] || fail "modinfo upstream '$upstream' does not match upstream.lock"
# libie and libeth are built in under our names: the kernel's own (where
# it has them) are other versions of them.
depends=$(modinfo -F depends "$ko")
case ",$depends," in
*,libie,* | *,libeth,*) fail "ice.ko depends on the kernel's libie/libeth ($depends)" ;;
esac
nm "$ko" | grep -q ' ice_backport_libie_rx_pt_lut$' || fail "libie's table is not built in under our name"
# ice exports its RDMA interface for irdma; never a libie/libeth symbol.
if nm "$ko" | grep -E ' __ksymtab_(ice_backport_)?lib(ie|eth)_'; then
	fail "ice.ko exports a libie/libeth symbol"
fi
# ethtool -i: the drvinfo version comes from ICE_BACKPORT_VERSION.
strings "$ko" | grep -qx "$version" || fail "the version string is not in ice.ko for ethtool -i"
echo "ice.ko $version ($upstream): $(stat -c %s "$ko") bytes, depends: ${depends:-none}"
# Every kernel worker ice creates is started (compat/probes/kthread_run_worker.c):
# from 6.14, kthread_create_worker() only creates one, through
# kthread_create_worker_on_node(), and leaves it asleep; the 6.12 driver
# (its PTP, GNSS and DPLL workers) relies on it running, and a build
# without the shim is clean.  So a module that calls the 6.14 creator
# calls wake_up_process() as often.  Control: the same module with
# wake_up_process renamed, as a module built without the shim is, is
# refused.
workers_started() {
	n_create=$(readelf -rW "$1" | grep -c ' kthread_create_worker_on_node ' || true)
	n_wake=$(readelf -rW "$1" | grep -c ' wake_up_process ' || true)
	[ "$n_wake" -ge "$n_create" ] ||
		{ echo "$n_create kthread workers created, $n_wake woken"; return 1; }
	echo "$n_create kthread workers created by kthread_create_worker_on_node(), each woken"
}
workers_started "$ko" || fail "ice.ko leaves kthread workers asleep (kthread_create_worker() of 6.14 and later): the shim of compat/include/linux/kthread.h did not act"
if [ "$n_create" -gt 0 ]; then
	objcopy --redefine-sym wake_up_process=ice_bp_not_woken "$ko" "$tmp/asleep.ko"
	expect_fail "$tmp/asleep.log" "workers created, 0 woken" workers_started "$tmp/asleep.ko"
fi
# The pinned-kernel checks (here, 21-vm, 22-rxemu, 23-xdp-bench) need a
# kernel of the pinned upstream's release in the sample: without one they
# would all pass by not running.  So the sample must hold one (run in
# full).  Control: the same kernels.list without the pinned release's
# kernels is refused, naming the cause.
pinned_kernel >/dev/null
mkdir -p "$tmp/nopin/tools/lib"
cp "$top/tools/lib/kernels" "$tmp/nopin/tools/lib/"
cp "$top/upstream.lock" "$tmp/nopin/"
awk -v v="$(pinned_base)+" '!($1 == "kernel" && index($2, v) == 1)' "$top/kernels.list" >"$tmp/nopin/kernels.list"
nopin_kernel() (
	ICE_BP_TOPDIR=$tmp/nopin
	pinned_kernel
)
expect_fail "$tmp/nopin.log" "test sample has no kernel run in full of the pinned upstream $(pinned_base)" nopin_kernel
echo "the sample holds the pinned upstream's kernel $(pinned_kernel)"
# The probes' polarity (compat/probe-meta), against the two kernels that
# decide it: the pinned upstream's own kernel has every API in the form
# its ice uses (polarity 6.12), the newest verified line's every newer
# form (polarity newer).  tests/cases/13 shows this check failing.
pinned=$(pinned_base)
newest=$(kernels lines | awk '{ print $2 }' | sort -t. -k1,1n -k2,2n | tail -n 1)
case $kid in
"$pinned"+*)
	sh "$top/compat/probe-meta" polarity "$top/build/$kid/compat-config.h" pinned ||
		fail "a probe's Polarity: is contradicted by the pinned upstream's kernel $kid"
	echo "polarity: every 6.12-form API is present on the pinned upstream's kernel"
	;;
"$newest".*)
	sh "$top/compat/probe-meta" polarity "$top/build/$kid/compat-config.h" newest ||
		fail "a probe's Polarity: is contradicted by $kid, of the newest line"
	echo "polarity: every newer-form API is present on the newest line's kernel"
	;;
esac
