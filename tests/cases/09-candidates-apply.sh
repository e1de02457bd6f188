#!/bin/sh
# Every upstream candidate of tests/rxemu/candidates/list applies to upstream as
# imported (make candidates would stop on one that does not), and its
# provenance says what it is; an unknown name, a missing patch and a
# candidate that does not apply are refused, each naming its cause.
. "$ICE_BP_TOPDIR/tests/lib.sh"
names=$(awk '!/^#/ && NF >= 2 { print $1 }' "$top/tests/rxemu/candidates/list")
[ -n "$names" ] || fail "tests/rxemu/candidates/list names no candidate"
for c in $names; do
	"$top/tests/rxemu/import-variant" "candidate-$c" "$tmp/$c" >"$tmp/$c.log" 2>&1 ||
		fail "candidate $c does not import: $(grep -m 1 'error' "$tmp/$c.log")"
	grep -q "^variant CONTROL $c: upstream candidate fix" "$tmp/$c/PROVENANCE" || fail "the provenance of candidate $c does not say so"
	grep -q "^#define ICE_BACKPORT_VERSION \".*-$c-control\"" "$tmp/$c/ice_backport_provenance.h" ||
		fail "the module version of candidate $c does not say so"
	rm -rf "${tmp:?}/$c"
done
expect_fail "$tmp/log" "tests/rxemu/candidates/list has no candidate 'nope'" \
	"$top/tests/rxemu/import-variant" candidate-nope "$tmp/nope"
repo=$(repo_copy)
first=$(echo "$names" | head -n 1)
patch=$(awk -v n="$first" '$1 == n { print $2; exit }' "$repo/tests/rxemu/candidates/list")
mv "$repo/tests/rxemu/candidates/$patch" "$tmp/saved.patch"
expect_fail "$tmp/log" "candidate $first names tests/rxemu/candidates/$patch, which is missing" \
	env ICE_BP_TOPDIR="$repo" "$repo/tests/rxemu/import-variant" "candidate-$first" "$tmp/c"
# A context line changed: the candidate no longer fits the imported tree.
sed '0,/^ \t/s/^ \t/ \tX/' "$tmp/saved.patch" >"$repo/tests/rxemu/candidates/$patch"
expect_fail "$tmp/log" "or remove it from tests/rxemu/candidates/list" \
	env ICE_BP_TOPDIR="$repo" "$repo/tests/rxemu/import-variant" "candidate-$first" "$tmp/c"
echo "$(echo "$names" | wc -w) candidates apply; an unknown, a missing and a stale one are refused"

# The report of make candidates (tests/rxemu/candidates-report) shows what
# happened, from consoles and TAP of its VM runs: here a tree that passes
# one scenario, fails one with leaked pages, and whose VM died in a third
# with "Bad page state", beside a tree that passes all three.  A report
# that hid any of it would be worse than none.
d=$tmp/report
mkdir -p "$d"
res() { printf 'rxemu-vm: result %s %s - %s frames=10 leaked=%s errors=%s\n' "$@"; }
{ res 001 ok s-one 0 0; res 002 'not ok' s-two 7 3; } >"$d/cand.plain.1.log"
echo 's-three' >"$d/cand.plain.crashed"
printf 'not ok 3 - kernel log clean, ice.ko unloaded\n#   klog: [ 1.0] BUG: Bad page state in process sh  pfn:1234\n' >"$d/cand.plain.1.tap"
{ res 001 ok s-one 0 0; res 002 ok s-two 0 0; res 003 ok s-three 0 0; echo 'rxemu-vm: done'; } >"$d/good.plain.1.log"
printf 'ok 4 - kernel log clean, ice.ko unloaded\n' >"$d/good.plain.1.tap"
"$top/tests/rxemu/candidates-report" --kernel k --seed 1 --frames 10 --out "$d" "cand good" "s-one s-two s-three" >"$d/report.md" ||
	fail "candidates-report failed on its fixture"
grep -qx '| cand | 1 | 1 | 1 | 0 | 7 | 3 | plain BUG: Bad page state in process sh |' "$d/report.md" ||
	fail "the report's row of a failing tree is wrong: $(grep '^| cand ' "$d/report.md")"
grep -qx '| good | 3 | 0 | 0 | 0 | 0 | 0 | plain clean |' "$d/report.md" ||
	fail "the report's row of a passing tree is wrong: $(grep '^| good ' "$d/report.md")"
grep -qx '| s-two | 7 / 3 | ok |' "$d/report.md" || fail "the report's scenario rows do not show the failure"
grep -qx '| s-three | crash | ok |' "$d/report.md" || fail "the report's scenario rows do not show the crash"
! grep -q '^| s-one ' "$d/report.md" || fail "the report lists a scenario every tree passes"
echo "the report shows a failure, a crash and a dirty kernel log"
