#!/bin/sh
# The lines no build here can reach (6.6, 6.13 to 6.16, RHEL 10) are
# described from upstream history, not by hand: docs/unreachable-lines.md
# holds what scripts/probes/check-unreachable makes of the probes' own
# metadata (Upstream:, Stable:, Removed:, Polarity:) and of the exceptions
# in compat/unreachable.list; every probe has a row there with a cell for
# every line, and every exception has a source and is one.  The derivation
# itself is checked against the compiler: on every kernel of the test sample
# from 6.12 on, the shim acts exactly where the derived form says it must.
# Each property is also shown failing, on a copy of the repository.
. "$ICE_BP_TOPDIR/tests/lib.sh"

data=compat/unreachable.list
doc=docs/unreachable-lines.md

"$top/scripts/probes/check-unreachable" --check || fail "$doc is stale: run scripts/probes/check-unreachable"

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

# The derivation against the compiler.  docs/compat-layer.md's probes table (written by
# scripts/docs/readme-tables from the builds of the test sample) says on
# which kernels each shim acts; README's features table lists the kernels.
# For each kernel of the 6.12 line or newer, its series is added as a line
# to a copy of the data, and the form derived there, with what HAVE_ means
# and the polarity, must give the same answer: a flag of polarity 6.12 is
# undefined (its shim acts) exactly where the form is not the one HAVE_
# means, a flag of polarity newer defined (its shim acts) exactly where it
# is.  Cells the derivation leaves open ("old or new") are not judged.
# Kernels before 6.12 are left out: there an API may not exist yet in
# either form (n/a), which no metadata field predicts; such cells are
# exceptions, and this file records them only for the lines no build reaches.
# crosscheck REPO: print every kernel where the derivation and the
# compiler disagree; nothing when they agree.
crosscheck() {
	sed -n '/^<!-- BEGIN readme-tables:features -->$/,/^<!-- END readme-tables:features -->$/p' "$1/README.md" |
		awk -F ' *[|] *' '$2 ~ /^[0-9]+[.][0-9]+/ { print $2 }' >"$tmp/kernels"
	sed -n '/^<!-- BEGIN readme-tables:probes -->$/,/^<!-- END readme-tables:probes -->$/p' "$1/docs/compat-layer.md" |
		awk -F ' *[|] *' '$2 ~ /^`/ { gsub(/`/, "", $2); print $2 "\t" $5 }' >"$tmp/acts"
	if [ ! -s "$tmp/kernels" ] || [ ! -s "$tmp/acts" ]; then
		echo "no features or probes table to check against"
		return
	fi
	rm -rf "$tmp/cc"
	mkdir -p "$tmp/cc/docs"
	cp "$1/docs/unreachable-lines.md" "$tmp/cc/docs/"
	awk -F '[.-]' '$1 > 6 || ($1 == 6 && $2 >= 12) { print $1 "." $2 }' "$tmp/kernels" | sort -u >"$tmp/series"
	{ cat "$1/compat/unreachable.list"; awk '{ print "line k" $1, $1 }' "$tmp/series"; } |
		awk '$1 == "line" { print; next } { rest = rest $0 "\n" } END { printf "%s", rest }' >"$tmp/cc/data"
	ICE_BP_TOPDIR=$1 ICE_BP_UNREACHABLE=$tmp/cc/data ICE_BP_UNREACHABLE_DOC=$tmp/cc/docs/unreachable-lines.md \
		"$1/scripts/probes/check-unreachable" >/dev/null 2>"$tmp/cc/err" || { cat "$tmp/cc/err"; return; }
	sed -n '/^<!-- BEGIN unreachable-lines -->$/,/^<!-- END unreachable-lines -->$/p' "$tmp/cc/docs/unreachable-lines.md" >"$tmp/cc/part"
	sh "$1/compat/probe-meta" table | cut -f 1,3 >"$tmp/cc/pol"
	awk -F '\t' -v kernels="$tmp/kernels" -v acts="$tmp/acts" -v part="$tmp/cc/part" '
		FILENAME == ARGV[1] { pol[$1] = $2; next }
		END {
			while ((getline k < kernels) > 0) {
				split(k, v, /[.-]/)
				ser[k] = "k" v[1] "." v[2]
			}
			while ((getline a < acts) > 0) {
				split(a, f, "\t")
				n = split(f[2], w, /, */)
				for (i = 1; i <= n; i++)
					on[f[1], w[i]] = 1
			}
			while ((getline r < part) > 0) {
				n = split(r, c, / *[|] */)
				if (r ~ /^[|] \*\*/ || r ~ /^[|] probe/) {
					for (i = 5; i < n; i++)
						col[c[i]] = i
					continue
				}
				if (r !~ /^[|] `/)
					continue
				p = c[2]; gsub(/`/, "", p)
				mean = c[4]; sub(/ form$/, "", mean)
				for (k in ser) {
					if (!(ser[k] in col))
						continue
					form = c[col[ser[k]]]; sub(/ *&.*/, "", form)
					if (form ~ / or /)
						continue
					def = (form == mean)
					want = pol[p] == "6.12" ? !def : def
					if (want != ((p, k) in on))
						printf "%s on %s: the derived form is %s, HAVE_ means %s form, so its shim %s; the build says it %s\n", \
							p, k, form, mean, want ? "acts" : "does not act", want ? "does not" : "does"
					checked++
				}
			}
			if (!checked)
				print "no cell was judged"
		}' "$tmp/cc/pol"
}
bad=$(crosscheck "$top")
[ -z "$bad" ] || fail "the derived forms contradict the builds: $bad"
echo "the derivation agrees with the builds on $(awk -F '[.-]' '$1 > 6 || ($1 == 6 && $2 >= 12)' "$tmp/kernels" | wc -l) kernels of 6.12 or newer"

# Negative controls, each on a fresh copy of the data.
repo=$(repo_copy)
cp "$repo/$data" "$tmp/data.orig"
gen() { ICE_BP_TOPDIR=$repo "$repo/scripts/probes/check-unreachable" "$@"; }
gen --check || fail "a copy of the repository does not check"

set -- "$top"/compat/probes/*.c
victim=$(basename "$1" .c)

# An exception needs its form and its source, and must be one.
printf 'except %s 6.6 n/a\n' "$victim" >>"$repo/$data"
expect_fail "$tmp/n1.log" "an exception without its source" gen --check
cp "$tmp/data.orig" "$repo/$data"
# The derived cell of 6.16 (the fifth line), written as an exception.
cell=$(sed -n "/^| \`$victim\` |/p" "$repo/$doc" | awk -F '|' '{ split($9, w, " "); print w[1] }')
case $cell in old | new) ;; *) fail "the 6.16 cell of $victim is \"$cell\": pick a victim with a derived cell there" ;; esac
printf 'except %s 6.16 %s the control\n' "$victim" "$cell" >>"$repo/$data"
expect_fail "$tmp/n2.log" "which its metadata predicts already: drop the exception" gen --check
cp "$tmp/data.orig" "$repo/$data"
printf 'except zz_no_probe 6.6 n/a the control\n' >>"$repo/$data"
expect_fail "$tmp/n3.log" "except record for zz_no_probe, which is no probe" gen --check
cp "$tmp/data.orig" "$repo/$data"

# A new probe needs nothing here: its row is derived from its fields.
printf '%s\n' '// SPDX-License-Identifier: GPL-2.0' '/*' ' * HAVE_ZZ_NEW: a probe added without a row.' ' *' \
	' * Upstream: v6.14' ' * Polarity: 6.12' ' * Shim: compat/include/linux/timer.h' ' */' 'int probe;' \
	>"$repo/compat/probes/zz_new.c"
expect_fail "$tmp/n4.log" "out of date" gen --check
gen >/dev/null 2>&1 || fail "the generator refused a new probe"
sed -n "/^| \`zz_new\` |/p" "$repo/$doc" >"$tmp/zz_new"
grep -q '| v6.14 | old form | old &check; | old &check; | new &check; |' "$tmp/zz_new" ||
	fail "the new probe's row is not derived from its fields: $(cat "$tmp/zz_new")"
rm "$repo/compat/probes/zz_new.c"
gen >/dev/null 2>&1

# A stale document: an exception added to the data but not regenerated.
printf 'except %s 6.6 n/a a test of the staleness check\n' "$victim" >>"$repo/$data"
expect_fail "$tmp/n5.log" "out of date" gen --check
gen >/dev/null 2>&1 || fail "the generator refused an exception with its source"
sed -n "/^| \`$victim\` |/p" "$repo/$doc" | grep -q '| n/a&dagger; &check; |' ||
	fail "the regenerated row of $victim does not show the exception"
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
echo "caught: an exception without a source, one the metadata predicts, one for no probe, a stale document; a new probe derives its row, a version moves its cells"

# The derivation, broken in its inputs, disagrees with the builds: a
# Stable: field dropped (the pinned 6.12 took secs_to_jiffies from stable,
# so HAVE_ means its new form), a Removed: field dropped (ipv6_has_hopopt_jumbo
# is gone from v6.18), a polarity turned (WQ_PERCPU is newer than the 6.12 ice).
repo=$(repo_copy)
sed -i 's/^ \* Stable: 6\.12, 6\.1$/ * Stable: 6.1/' "$repo/compat/probes/secs_to_jiffies.c"
crosscheck "$repo" | tee "$tmp/d1.log" | grep -q '^secs_to_jiffies on 7' ||
	fail "a missing Stable: field was not caught: $(cat "$tmp/d1.log")"
repo=$(repo_copy)
sed -i '/^ \* Removed: v6\.18$/d' "$repo/compat/probes/ipv6_has_hopopt_jumbo.c"
crosscheck "$repo" | tee "$tmp/d2.log" | grep -q '^ipv6_has_hopopt_jumbo on 7' ||
	fail "a missing Removed: field was not caught: $(cat "$tmp/d2.log")"
repo=$(repo_copy)
sed -i 's/^ \* Polarity: newer$/ * Polarity: 6.12/' "$repo/compat/probes/wq_percpu.c"
crosscheck "$repo" | tee "$tmp/d3.log" | grep -q '^wq_percpu on ' ||
	fail "a wrong polarity was not caught: $(cat "$tmp/d3.log")"
echo "caught: a dropped Stable:, a dropped Removed:, a turned polarity, each contradicted by the builds"
