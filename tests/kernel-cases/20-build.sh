#!/bin/sh
# ice.ko builds for this kernel in a root of its own Debian release (its
# compiler, its libc), with W=1 and zero warnings, and says what it is:
# our version (modinfo, and the string ethtool -i shows), the upstream of
# upstream.lock, what it compiles out as compat/probe-meta tells it (the
# README tables' source), no dependency on the kernel's libie or libeth
# and none of their symbols exported, every kernel worker it creates
# started.
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
# What it compiles out, as compat/probe-meta tells it from the probes'
# answers and the kernel's configuration (build-module fails a build that
# disagrees; said here again).  Control: with the kernel's configuration
# switches of src/Kbuild (CONFIG_DPLL) turned the other way, probe-meta
# tells another answer, which the module contradicts.
disabled=$(modinfo -F backport_disabled "$ko")
meta() { sh "$top/compat/probe-meta" disabled "$top/build/$kid/compat-config.h" "$1" "$top/src/Kbuild"; }
[ "$(meta "$top/build/$kid/auto.conf")" = "$disabled" ] ||
	fail "modinfo backport_disabled '$disabled', compat/probe-meta disabled '$(meta "$top/build/$kid/auto.conf")'"
sh "$top/compat/probe-meta" features "$top/src/Kbuild" | cut -f 1 | sed -n 's/^ifn\{0,1\}def \(CONFIG_[A-Z0-9_]*\)$/\1/p' >"$tmp/switches"
[ -s "$tmp/switches" ] || fail "src/Kbuild has no configuration switch with a Disables: field: the control below needs one"
# Each switch's option flipped: dropped where set, set where not.
awk -F = 'NR == FNR { s[$0] = 1; next } ($1 in s) { seen[$1] = 1; next } { print }
	END { for (o in s) if (!(o in seen)) print o "=y" }' "$tmp/switches" "$top/build/$kid/auto.conf" >"$tmp/flipped.conf"
[ "$(meta "$tmp/flipped.conf")" != "$disabled" ] ||
	fail "control: with $(paste -sd ' ' "$tmp/switches") flipped, compat/probe-meta still tells '$disabled'"
echo "compiled out: $disabled (compat/probe-meta agrees)"
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
