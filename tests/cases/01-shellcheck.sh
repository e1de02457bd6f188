#!/bin/sh
# Every shell script we wrote passes shellcheck.
. "$ICE_BP_TOPDIR/tests/lib.sh"
command -v shellcheck >/dev/null || skip "shellcheck is not installed (make deps)"
cd "$top"
files=$(git ls-files -co --exclude-standard | while read -r f; do
	case $f in
	*.sh | tests/run | compat/run-probes | scripts/* | tools/ice-backport | tools/kernel-hook | tools/lib/kernels) echo "$f" ;;
	esac
done)
[ -n "$files" ] || fail "no shell scripts found"
echo "$files"
# shellcheck disable=SC2086
shellcheck -x $files || fail "shellcheck reports problems"
