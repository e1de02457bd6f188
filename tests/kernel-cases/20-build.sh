#!/bin/sh
# ice.ko builds for this kernel in a root of its own Debian release (its
# compiler, its libc), with W=1 and zero warnings, and says what it is.
. "$ICE_BP_TOPDIR/tests/lib.sh"
kid=${KERNEL_ID:?}
[ -f "$top/src/PROVENANCE" ] || "$top/scripts/import/import-upstream"
"$top/scripts/build/build-in-root" "$kid" || fail "the build failed: $(grep -m 1 -E 'error|ERROR' "$top/build/$kid.log" || echo "see build/$kid.log")"
ko=$top/build/$kid/ice.ko
w=$(grep -c 'warning:' "$top/build/$kid.log" || true)
[ "$w" = 0 ] || { grep 'warning:' "$top/build/$kid.log" | head; fail "$w compiler warnings"; }
[ "$(modinfo -F vermagic "$ko" | cut -d' ' -f1)" = "$kid" ] || fail "built for another kernel"
[ "$(modinfo -F version "$ko")" = "$(cat "$top/VERSION")" ] || fail "modinfo version is not VERSION"
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
