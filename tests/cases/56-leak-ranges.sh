#!/bin/sh
# The leak data the doctor judges with (tools/lib/rx-leak-ranges) is
# whole and is what README says: every cell has a source saying whether it
# is confirmed or inferred, the fix column is a release of its series,
# "ended" or "none", and README's leak section is what
# scripts/compat/leak-table makes of the data (readme-tables writes it
# through leak-table; this checks it without the builds readme-tables
# needs).  Each property is also shown failing, on a copy.
. "$ICE_BP_TOPDIR/tests/lib.sh"

ranges=tools/lib/rx-leak-ranges

# section DOC: README's leak section, between its markers.
section() {
	sed -n '/^<!-- BEGIN readme-tables:leaks -->$/,/^<!-- END readme-tables:leaks -->$/p' "$1" | sed '1d;$d'
}

"$top/scripts/compat/leak-table" >"$tmp/table" || fail "$ranges is refused"
section "$top/README.md" >"$tmp/readme"
cmp -s "$tmp/table" "$tmp/readme" || {
	diff -u "$tmp/readme" "$tmp/table" || true
	fail "README's leak section is stale: run scripts/compat/readme-tables (or splice scripts/compat/leak-table's output)"
}
rows=$(grep -c '^[0-9][0-9]*\.[0-9][0-9]* ' "$top/$ranges")
srcs=$(grep -c '^- ' "$tmp/table")
[ "$srcs" -eq $((rows * 2)) ] || fail "$rows series and $srcs sources: want two a series"
echo "$rows series, $srcs cell sources ($(grep -c '^- .*(confirmed)' "$tmp/table") confirmed, $(grep -c '^- .*(inferred)' "$tmp/table") inferred); README's leak section is up to date"

# Negative controls, each on a copy of the data.
bad=$tmp/ranges
cp "$top/$ranges" "$bad"
sed -i '/^source 6\.12 fixed /d' "$bad"
expect_fail "$tmp/n1.log" "the fixed cell of 6.12 has no source record" "$top/scripts/compat/leak-table" "$bad"
cp "$top/$ranges" "$bad"
sed -i 's/^6\.6 .*/6.6       6.6.78          6.12.49/' "$bad"
expect_fail "$tmp/n2.log" 'the fix column "6.12.49" is neither a release of 6.6' "$top/scripts/compat/leak-table" "$bad"
cp "$top/$ranges" "$bad"
sed -i 's/^6\.6 .*/6.6       6.6.78          -/' "$bad"
expect_fail "$tmp/n3.log" 'the fix column "-" is neither' "$top/scripts/compat/leak-table" "$bad"
cp "$top/$ranges" "$bad"
echo 'source 6.7 first confirmed a series without a row' >>"$bad"
expect_fail "$tmp/n4.log" "a source for series 6.7, which has no row" "$top/scripts/compat/leak-table" "$bad"
cp "$top/$ranges" "$bad"
sed -i 's/^\(source 6\.6 fixed\) confirmed /\1 likely /' "$bad"
expect_fail "$tmp/n5.log" "want \"source SERIES first|fixed confirmed|inferred TEXT\"" "$top/scripts/compat/leak-table" "$bad"
# A changed row is a stale README; "none" and "ended" read differently.
cp "$top/$ranges" "$bad"
sed -i 's/^6\.6 .*/6.6       6.6.78          ended/' "$bad"
"$top/scripts/compat/leak-table" "$bad" >"$tmp/changed" || fail "an ended 6.6 row was refused"
cmp -s "$tmp/changed" "$tmp/readme" && fail "a changed row leaves README's section as it was"
grep -qx '| 6.6 | 6.6.78 | none: the series ended |' "$tmp/changed" || fail "an ended series does not read as ended"
grep -qx '| 6.6 | 6.6.78 | none yet: every release from 6.6.78 on leaks |' "$tmp/table" ||
	fail "6.6 does not read as leaking from 6.6.78 with no fix yet"
echo "caught: a cell without a source, a fix of another series, the old '-', a source without a row, a bad confidence, a stale section"
