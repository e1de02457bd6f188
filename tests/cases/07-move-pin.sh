#!/bin/sh
# scripts/import/move-pin refuses a version the archive does not serve,
# one older than the pin (without --allow-older) and a --rebase tree that is
# not a patches tree of the pin, naming the cause and the fix, and a refused move
# leaves upstream.lock, VERSION, debian/changelog, kernels.list and
# tests/rxemu/controls/ byte for byte as they were, with no scratch files behind.
# The test controls follow the pin: tests/rxemu/refresh-controls --check
# finds each control applying to the pinned upstream in the form a refresh
# writes; control: a control whose hunk no longer sits where it says is
# named.
. "$ICE_BP_TOPDIR/tests/lib.sh"
repo=$(repo_copy)
files="upstream.lock VERSION debian/changelog kernels.list tests/rxemu/controls"
# shellcheck disable=SC2086 # paths without blanks
snapshot() { (cd "$repo" && find $files -type f -exec sha256sum {} + | sort); }
before=$(snapshot)
mkdir "$tmp/t"
mp() { env ICE_BP_TOPDIR="$repo" TMPDIR="$tmp/t" "$repo/scripts/import/move-pin" "$@"; }
package=$(lock_get package)

expect_fail "$tmp/log1" "have no $package 6.12.999-1" mp 6.12.999-1
grep -q "fix: give one of those versions" "$tmp/log1" || fail "the fix is not named"
expect_fail "$tmp/log2" "older than the pin $(lock_get version)" mp 6.12.107-1
# --rebase takes only a tree of scripts/import/patches of the current pin.
mkdir "$tmp/notatree"
expect_fail "$tmp/log2b" "is not a patches tree of the pin" mp --rebase "$tmp/notatree" "$(lock_get version)"
grep -q "fix: make one: scripts/import/patches tree" "$tmp/log2b" || fail "the fix of a wrong --rebase tree is not named"
[ "$(snapshot)" = "$before" ] || fail "a refused move changed $files"
[ -z "$(ls -A "$tmp/t")" ] || fail "a refused move left files in TMPDIR: $(ls -A "$tmp/t")"
echo "ok: refused moves changed nothing"

echo "== the controls follow the pin"
"$top/tests/rxemu/refresh-controls" --check || fail "tests/rxemu/controls/ is not refreshed against the pin (run tests/rxemu/refresh-controls)"
echo "-- control: a hunk moved by one line is named"
for p in "$repo"/tests/rxemu/controls/v1/*.patch; do break; done
awk '!done && /^@@ -[0-9]+/ { split($2, a, ","); sub(/^-/, "", a[1]); sub(/^@@ -[0-9]+/, "@@ -" a[1] + 1); done = 1 } { print }' \
	"$p" >"$tmp/p" && cp "$tmp/p" "$p"
expect_fail "$tmp/log3" "not in refreshed form against $package $(lock_get version): v1/$(basename "$p")" \
	env ICE_BP_TOPDIR="$repo" "$repo/tests/rxemu/refresh-controls" --check
