#!/bin/sh
# The lines no build here can reach (6.6, 6.13 to 6.16, RHEL 10) are
# described from upstream history, not by hand: docs/unreachable-lines.md
# holds what scripts/compat/unreachable-lines makes of compat/unreachable-lines and
# the probes' Upstream: versions, every probe has a row there with a cell
# for every line, and every hand-recorded cell has a source.  Each property
# is also shown failing, on a copy of the repository.
. "$ICE_BP_TOPDIR/tests/lib.sh"

data=compat/unreachable-lines
doc=docs/unreachable-lines.md

"$top/scripts/compat/unreachable-lines" --check || fail "$doc is stale: run scripts/compat/unreachable-lines"

# The committed table itself: one row a probe, a cell a line.  Read from
# the document, so that a generator that silently dropped a probe or a
# column is caught too.
nprobes=$(find "$top/compat/probes" -name '*.c' | wc -l)
nlines=$(awk '$1 == "line"' "$top/$data" | wc -l)
[ "$nlines" -ge 6 ] || fail "$data names $nlines lines, want the six (6.6, 6.13-6.16, rhel10)"
sed -n '/^<!-- BEGIN unreachable-lines -->$/,/^<!-- END unreachable-lines -->$/p' "$top/$doc" |
	grep '^| `' >"$tmp/rows" || fail "$doc has no probe rows"
nrows=$(wc -l <"$tmp/rows")
[ "$nrows" -eq "$nprobes" ] || fail "$doc has $nrows probe rows for $nprobes probes"
for p in "$top"/compat/probes/*.c; do
	name=$(basename "$p" .c)
	grep -q "^| \`$name\` |" "$tmp/rows" || fail "probe $name has no row in $doc"
done
# "| `name` | upstream | HAVE | cell ... |": 3 + nlines cells, each cell of
# a line saying whether its form is handled.
awk -F'|' -v want=$((nlines + 3)) -v nl="$nlines" '
	NF - 2 != want { print "row with " NF - 2 " cells, want " want ": " $0; bad = 1 }
	{ for (i = 5; i < 5 + nl; i++) if ($i !~ /&check;|GAP/) { print "cell without handled mark: " $0; bad = 1 } }
	END { exit bad }' "$tmp/rows" || fail "$doc has a malformed probe row"
echo "$nrows probes x $nlines lines in $doc, each cell marked handled or GAP"

# Negative controls, each on a fresh copy of the data.
repo=$(repo_copy)
cp "$repo/$data" "$tmp/data.orig"
gen() { ICE_BP_TOPDIR=$repo "$repo/scripts/compat/unreachable-lines" "$@"; }
gen --check || fail "a copy of the repository does not check"

set -- "$top"/compat/probes/*.c
victim=$(basename "$1" .c)
sed "/^probe $victim /d" "$tmp/data.orig" >"$repo/$data"
expect_fail "$tmp/n1.log" "probe $victim (compat/probes/$victim.c) has no row" gen --check

sed "s/^\\(probe $victim  *[a-z]*\\)  *- /\\1 /" "$tmp/data.orig" >"$repo/$data"
grep -q "^probe $victim " "$repo/$data" || fail "the control lost its row"
cmp -s "$repo/$data" "$tmp/data.orig" && fail "the control did not drop a cell"
expect_fail "$tmp/n2.log" "probe $victim has $((nlines - 1)) cells" gen --check

sed "s/^\\(probe $victim  *[a-z]*\\)  *- /\\1 old /" "$tmp/data.orig" >"$repo/$data"
expect_fail "$tmp/n3.log" "probe $victim, line [^ ]*: a hand cell without a source record" gen --check

cp "$tmp/data.orig" "$repo/$data"
printf '%s\n' '// SPDX-License-Identifier: GPL-2.0' '/*' ' * HAVE_ZZ_NEW: a probe added without a row.' ' *' \
	' * Upstream: v6.14' ' * Polarity: 6.12' ' * Shim: compat/include/linux/timer.h' ' */' 'int probe;' \
	>"$repo/compat/probes/zz_new.c"
expect_fail "$tmp/n4.log" "probe zz_new (compat/probes/zz_new.c) has no row" gen --check
rm "$repo/compat/probes/zz_new.c"

# A stale document: a hand cell changed in the data but not regenerated.
sed "s/^\\(probe $victim  *[a-z]*\\)  *- /\\1 n\\/a /" "$tmp/data.orig" >"$repo/$data"
printf 'source %s 6.6 a test of the staleness check\n' "$victim" >>"$repo/$data"
expect_fail "$tmp/n5.log" "out of date" gen --check
gen >/dev/null 2>&1 || fail "the generator refused a cell with its source"
sed -n "/^| \`$victim\` |/p" "$repo/$doc" | grep -q '| n/a&dagger; &check; |' ||
	fail "the regenerated row of $victim does not show the hand cell"
gen --check || fail "--check refuses the document it has just written"

# A derived cell follows the probe's version: moving it moves the cells.
cp "$tmp/data.orig" "$repo/$data"
gen >/dev/null 2>&1
sed -i 's/Upstream: v[0-9]*\.[0-9]*/Upstream: v6.14/' "$repo/compat/probes/$victim.c"
expect_fail "$tmp/n6.log" "out of date" gen --check
gen >/dev/null 2>&1
sed -n "/^| \`$victim\` |/p" "$repo/$doc" >"$tmp/moved"
grep -q '| v6.14 |' "$tmp/moved" || fail "the row of $victim does not show its new version"
awk -F'|' '{ exit !($6 ~ /^ old / && $7 ~ /^ new /) }' "$tmp/moved" ||
	fail "a probe of v6.14 is not old on 6.13 and new on 6.14: $(cat "$tmp/moved")"
echo "caught: a probe without a row, a row short of a cell, a hand cell without a source, a stale document; a version moves its cells"
