#!/bin/sh
# The Rx ring emulator (tests/rxemu) drives this kernel's build of the
# driver's own ice_clean_rx_irq() through every shipped scenario and the
# fuzz files in the VM: our build passes them all (known upstream driver
# bugs are reported as TAP TODO, see tests/rxemu/README.txt); the pre-fix
# negative control must fail the zero-length cases and leak pages; and the
# first version of the fix (tests/v1-fix), which releases the same way
# but reads the shared info for every frame, must pass like ours.
. "$ICE_BP_TOPDIR/tests/lib.sh"
kid=${KERNEL_ID:?}
out=$top/build
[ -f "$out/$kid/ice.ko" ] || fail "no release module for $kid: 20-build[$kid] failed or did not run"
img=$("$top/scripts/kernel-image" "$kid")
mods=$img/lib/modules/$kid
scenarios=$(ls "$top"/tests/rxemu/scenarios/*.scn)

"$top/scripts/build-in-root" --variant selftest "$kid" || fail "the SELFTEST build failed"
"$top/scripts/build-in-root" --variant prefix "$kid" || fail "the negative-control build failed"
"$top/scripts/build-in-root" --variant v1 "$kid" || fail "the v1-control build failed"

echo "== our build"
# shellcheck disable=SC2086 # one word a file
"$top/tests/rxemu/run-vm" --timeout 600 --log "$out/$kid.rxemu.log" \
	"$img/vmlinuz" "$mods" "$out/$kid-selftest/ice.ko" $scenarios >"$tmp/fixed.tap" || {
	cat "$tmp/fixed.tap"
	fail "the emulator failed our build (console: build/$kid.rxemu.log)"
}
grep -v '^#   ' "$tmp/fixed.tap"

echo "== pre-fix negative control"
# shellcheck disable=SC2086
"$top/tests/rxemu/run-vm" --negative-control --timeout 600 --log "$out/$kid.rxemu-prefix.log" \
	"$img/vmlinuz" "$mods" "$out/$kid-prefix/ice.ko" $scenarios >"$tmp/prefix.tap" || {
	cat "$tmp/prefix.tap"
	fail "the pre-fix control did not fail where it must (console: build/$kid.rxemu-prefix.log)"
}
grep -v '^#   ' "$tmp/prefix.tap"
leaked=$(sed -n 's/.*pages leaked: \([0-9]*\).*/\1/p' "$tmp/prefix.tap" | tail -n 1)
[ "${leaked:-0}" -gt 0 ] || fail "the pre-fix control leaked no page"
echo "pre-fix build leaked $leaked pages"

echo "== v1 of the fix (control that must pass)"
# shellcheck disable=SC2086
"$top/tests/rxemu/run-vm" --timeout 600 --log "$out/$kid.rxemu-v1.log" \
	"$img/vmlinuz" "$mods" "$out/$kid-v1/ice.ko" $scenarios >"$tmp/v1.tap" || {
	cat "$tmp/v1.tap"
	fail "the emulator failed v1 of the fix, which does not leak (console: build/$kid.rxemu-v1.log)"
}
grep -v '^#   ' "$tmp/v1.tap"
