#!/bin/sh
# The C we wrote (compat/, tests/rxemu/) is checkpatch-clean, with the checkpatch.pl of
# the pinned upstream tree.
. "$ICE_BP_TOPDIR/tests/lib.sh"
command -v perl >/dev/null || skip "perl is not installed"
version=$(lock_get version)
tarball=$ICE_BP_CACHE/dl/$(basename "$(lock_get tarball)")-$version
[ -f "$tarball" ] || "$top/scripts/import/import-upstream" --dest "$tmp/imp"
tar -xJf "$tarball" -C "$tmp" --strip-components=1 --wildcards \
	'*/scripts/checkpatch.pl' '*/scripts/spelling.txt' '*/scripts/const_structs.checkpatch'
cd "$top"
files=$(git ls-files -co --exclude-standard 'compat/*.[ch]' 'tests/rxemu/*.[ch]')
[ -n "$files" ] || fail "no C files found in compat/ and tests/rxemu/"
cp=$tmp/scripts/checkpatch.pl
# It must be able to fail: a file with a style error is refused.
printf 'int  x ;\nvoid f(void) {\n}\n' >"$tmp/bad.c"
if perl "$cp" --no-tree --strict --terse -f "$tmp/bad.c"; then
	fail "checkpatch accepts a badly styled file"
fi
# shellcheck disable=SC2086 # one word a file
perl "$cp" --no-tree --strict --terse -f $files || fail "checkpatch reports problems"
echo "$(echo "$files" | wc -w) files checkpatch-clean"
