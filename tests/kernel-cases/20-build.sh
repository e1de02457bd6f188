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
