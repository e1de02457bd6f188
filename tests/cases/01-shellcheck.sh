#!/bin/sh
# Every shell script we wrote passes shellcheck: the .sh files, the sourced
# libraries without an extension, and every file whose first line names
# sh or bash (wherever it lives: the emulator's drivers are in tests/rxemu).
# tests/run: minutes
. "$ICE_BP_TOPDIR/tests/lib.sh"
command -v shellcheck >/dev/null || skip "shellcheck is not installed (make deps)"
cd "$top"
files=$(git ls-files -co --exclude-standard | while read -r f; do
	case $f in
	*.sh | tools/lib/kernels) echo "$f" ;;
	*) if [ -f "$f" ] && head -n 1 "$f" | grep -qE '^#!(/usr)?/bin/(env )?(ba)?sh( |$)'; then echo "$f"; fi ;;
	esac
done)
[ -n "$files" ] || fail "no shell scripts found"
echo "$files"
# shellcheck disable=SC2086
shellcheck -x $files || fail "shellcheck reports problems"
