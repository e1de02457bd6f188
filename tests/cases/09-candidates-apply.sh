#!/bin/sh
# Every upstream candidate of tests/candidates/list applies to upstream as
# imported (make candidates would stop on one that does not), and its
# provenance says what it is; an unknown name, a missing patch and a
# candidate that does not apply are refused, each naming its cause.
. "$ICE_BP_TOPDIR/tests/lib.sh"
names=$(awk '!/^#/ && NF >= 2 { print $1 }' "$top/tests/candidates/list")
[ -n "$names" ] || fail "tests/candidates/list names no candidate"
for c in $names; do
	"$top/scripts/import/import-upstream" --candidate "$c" --dest "$tmp/$c" >"$tmp/$c.log" 2>&1 ||
		fail "candidate $c does not import: $(grep -m 1 'error' "$tmp/$c.log")"
	grep -q "^variant CANDIDATE $c: " "$tmp/$c/PROVENANCE" || fail "the provenance of candidate $c does not say so"
	grep -q "^#define ICE_BACKPORT_VERSION \".*-$c-control\"" "$tmp/$c/ice_backport_provenance.h" ||
		fail "the module version of candidate $c does not say so"
	rm -rf "${tmp:?}/$c"
done
expect_fail "$tmp/log" "tests/candidates/list has no candidate 'nope'" \
	"$top/scripts/import/import-upstream" --candidate nope --dest "$tmp/nope"
repo=$(repo_copy)
first=$(echo "$names" | head -n 1)
patch=$(awk -v n="$first" '$1 == n { print $2; exit }' "$repo/tests/candidates/list")
mv "$repo/tests/candidates/$patch" "$tmp/saved.patch"
expect_fail "$tmp/log" "candidate $first names tests/candidates/$patch, which is missing" \
	env ICE_BP_TOPDIR="$repo" "$repo/scripts/import/import-upstream" --candidate "$first" --dest "$tmp/c"
# A context line changed: the candidate no longer fits the imported tree.
sed '0,/^ \t/s/^ \t/ \tX/' "$tmp/saved.patch" >"$repo/tests/candidates/$patch"
expect_fail "$tmp/log" "patch $patch does not apply" \
	env ICE_BP_TOPDIR="$repo" "$repo/scripts/import/import-upstream" --candidate "$first" --dest "$tmp/c"
echo "$(echo "$names" | wc -w) candidates apply; an unknown, a missing and a stale one are refused"
