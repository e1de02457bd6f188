#!/bin/sh
# The leak data the doctor judges with (tools/lib/rx-leak-ranges) is
# whole and is what README says: every cell has a source saying whether it
# is confirmed or inferred, the fix column is a release of its series,
# "ended" or "none", and README's leak section is what
# scripts/docs/leak-table makes of the data (readme-tables writes it
# through leak-table; this checks it without the builds readme-tables
# needs).  Each property is also shown failing, on a copy.
. "$ICE_BP_TOPDIR/tests/lib.sh"

ranges=tools/lib/rx-leak-ranges

# section DOC: README's leak section, between its markers.
section() {
	sed -n '/^<!-- BEGIN readme-tables:leaks -->$/,/^<!-- END readme-tables:leaks -->$/p' "$1" | sed '1d;$d'
}

"$top/scripts/docs/leak-table" >"$tmp/table" || fail "$ranges is refused"
section "$top/README.md" >"$tmp/readme"
cmp -s "$tmp/table" "$tmp/readme" || {
	diff -u "$tmp/readme" "$tmp/table" || true
	fail "README's leak section is stale: run scripts/docs/readme-tables (or splice scripts/docs/leak-table's output)"
}
rows=$(grep -c '^[0-9][0-9]*\.[0-9][0-9]* ' "$top/$ranges")
dists=$(grep -c '^dist ' "$top/$ranges")
regr=$(awk '$1 == "dist" && $7 != "-"' "$top/$ranges" | wc -l)
srcs=$(grep -c '^- ' "$tmp/table")
[ "$srcs" -eq $((rows * 2 + dists * 2 + regr)) ] ||
	fail "$rows series, $dists distribution lines ($regr regressed) and $srcs sources: want two a row and one a regression"
echo "$rows series, $dists distribution lines, $srcs cell sources ($(grep -c '^- .*(confirmed)' "$tmp/table") confirmed, $(grep -c '^- .*(inferred)' "$tmp/table") inferred); README's leak section is up to date"

# Negative controls, each on a copy of the data.
bad=$tmp/ranges
cp "$top/$ranges" "$bad"
sed -i '/^source 6\.12 fixed /d' "$bad"
expect_fail "$tmp/n1.log" "the fixed cell of 6.12 has no source record" "$top/scripts/docs/leak-table" "$bad"
cp "$top/$ranges" "$bad"
sed -i 's/^6\.6 .*/6.6       6.6.78          6.12.49/' "$bad"
expect_fail "$tmp/n2.log" 'the fix column "6.12.49" is neither a release of 6.6' "$top/scripts/docs/leak-table" "$bad"
cp "$top/$ranges" "$bad"
sed -i 's/^6\.6 .*/6.6       6.6.78          -/' "$bad"
expect_fail "$tmp/n3.log" 'the fix column "-" is neither' "$top/scripts/docs/leak-table" "$bad"
cp "$top/$ranges" "$bad"
echo 'source 6.7 first confirmed a series without a row' >>"$bad"
expect_fail "$tmp/n4.log" "a source for series 6.7, which has no row" "$top/scripts/docs/leak-table" "$bad"
cp "$top/$ranges" "$bad"
sed -i 's/^\(source 6\.6 fixed\) confirmed /\1 likely /' "$bad"
expect_fail "$tmp/n5.log" "want \"source SERIES|FAMILY/LINE first|fixed|regressed confirmed|inferred TEXT\"" "$top/scripts/docs/leak-table" "$bad"
cp "$top/$ranges" "$bad"
sed -i '/^source rhel\/9\.7 regressed /d' "$bad"
expect_fail "$tmp/n6.log" "the regressed cell of rhel/9.7 has no source record" "$top/scripts/docs/leak-table" "$bad"
cp "$top/$ranges" "$bad"
echo 'source rhel/10.0 regressed confirmed a regression the row does not have' >>"$bad"
expect_fail "$tmp/n7.log" "a regressed source for rhel/10.0, whose row has none" "$top/scripts/docs/leak-table" "$bad"
cp "$top/$ranges" "$bad"
sed -i 's/^dist rhel   9\.5 /dist redhat 9.5 /' "$bad"
expect_fail "$tmp/n8.log" 'the family "redhat" is none of' "$top/scripts/docs/leak-table" "$bad"
cp "$top/$ranges" "$bad"
sed -i 's/^\(dist rhel   10\.2 .*\)never /\1soon  /' "$bad"
expect_fail "$tmp/n9.log" 'the first leaking release "soon" is neither' "$top/scripts/docs/leak-table" "$bad"
# A changed row is a stale README; "none" and "ended" read differently.
cp "$top/$ranges" "$bad"
sed -i 's/^6\.6 .*/6.6       6.6.78          ended/' "$bad"
"$top/scripts/docs/leak-table" "$bad" >"$tmp/changed" || fail "an ended 6.6 row was refused"
cmp -s "$tmp/changed" "$tmp/readme" && fail "a changed row leaves README's section as it was"
grep -q '| 6.6 | 6.6.78 | none: the series ended |$' "$tmp/changed" || fail "an ended series does not read as ended"
grep -q '| 6.6 | 6.6.78 | none yet: every release from 6.6.78 on leaks |$' "$tmp/table" ||
	fail "6.6 does not read as leaking from 6.6.78 with no fix yet"
grep -q '| RHEL, Alma, Rocky | 9.7 | every release | 5.14.0-611.7.1; \*\*leaks again from 5.14.0-611.25.1\*\*' "$tmp/table" ||
	fail "RHEL 9.7 does not read as fixed, then leaking again"
echo "caught: a cell without a source, a fix of another series, the old '-', a source without a row, a bad confidence, a regressed cell without a source and a source without a regressed cell, an unknown family, a bad first release, a stale section"
