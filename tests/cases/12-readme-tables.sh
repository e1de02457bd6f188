#!/bin/sh
# README.md's, docs/compat-layer.md's and docs/kernel-lines.md's generated sections (features compiled out per supported
# kernel, probes, patches) are what scripts/docs/readme-tables makes of the
# real probes of the kernels: first on made-up ones whose answers the test
# knows, with a stale README, a changed kernel and a missing one caught,
# and README's table of every release written by matrix-wide --readme;
# then on this clone's README against the supported kernels' probes (run
# if missing).  In `make check` it runs after the kernel cases, whose
# 20-build and 24-probes have probed every sample kernel by then: it reads
# them and runs nothing (run alone, it probes what is missing itself).
# tests/run: after the kernel cases
. "$ICE_BP_TOPDIR/tests/lib.sh"

# fake_build DIR KERNEL CONFIG ACTIVE_PROBE...: what build-module keeps of
# a kernel's probes: its configuration (auto.conf: CONFIG_MODULES=y, and
# the line CONFIG when not empty) and the probes' config.h of a kernel on
# which exactly the shims of ACTIVE_PROBE... act: by each probe's
# polarity, a "6.12" flag undefined, a "newer" flag defined.
fake_build() {
	d=$1/$2
	mkdir -p "$d"
	printf 'CONFIG_MODULES=y\n%s\n' "$3" >"$d/auto.conf"
	shift 3
	sh "$repo/compat/probe-meta" table | while IFS="$(printf '\t')" read -r name flag pol _rest; do
		act=0
		! printf '%s\n' "$@" | grep -qx "$name" || act=1
		if [ "$pol-$act" = 6.12-0 ] || [ "$pol-$act" = newer-1 ]; then
			echo "#define $flag 1"
		else
			echo "/* #undef $flag */"
		fi
	done >"$d/compat-config.h"
}

repo=$(repo_copy)
fakebuild=$tmp/build
# Two kernels in the copy's test sample, of one verified line, and a
# second line with no kernel in the sample.
printf '%s\n' \
	'line lA 6.1 ^k[AB]$ bookworm bookworm' \
	'line lC 6.12 ^kC$ trixie trixie' \
	'kernel kA lA full' \
	'kernel kB lA build' >"$repo/kernels.list"
set -- "$repo"/compat/probes/*.c
probe1=$(basename "$1" .c)
# probe1 has the polarity "6.12", probe2 "newer": the tables must count
# and name a shim acting either way.
probe2=$(sh "$repo/compat/probe-meta" table | awk -F '\t' '$3 == "newer" { print $1; exit }')
[ -n "$probe2" ] || fail "no probe has the polarity newer"
# kA: no CONFIG_DPLL (src/Kbuild's switch) and a probe that compiles out
# subfunctions; kB: nothing compiled out.
fake_build "$fakebuild" kA "" "$probe1" devl_port_fn_devlink_set
fake_build "$fakebuild" kB CONFIG_DPLL=y "$probe2"
gen() { ICE_BP_TOPDIR=$repo ICE_BP_BUILD=$fakebuild "$repo/scripts/docs/readme-tables" "$@"; }

gen || fail "readme-tables failed on complete builds"
cp "$repo/README.md" "$tmp/README.gen"
cp "$repo/docs/compat-layer.md" "$tmp/compat-layer.gen"
cat "$repo/README.md" "$repo/docs/compat-layer.md" "$repo/docs/kernel-lines.md" >"$tmp/generated"
grep -qx '| kA | subfunction dpll | 2 of [0-9]* |' "$tmp/generated" || fail "kA's row is not what its probes say"
grep -qx '| kB | none | 1 of [0-9]* |' "$tmp/generated" || fail "kB's row is not what its probes say"
sed -n '/BEGIN readme-tables:features/,/END readme-tables:features/p' "$tmp/generated" |
	grep -q '| kC |' && fail "a kernel outside the sample is in the features table"
# shellcheck disable=SC2016 # markdown's backquotes, not the shell's
grep -qx '| lC | 6.12 | `^kC$` | trixie root | trixie |' "$tmp/generated" ||
	fail "the kernels table does not list line lC"
grep -qx 'In range: any other kernel of series 6.1 to 6.12 .*' "$tmp/generated" ||
	fail "the kernels table does not give the range the lines span"
grep -qx "| \`$probe1\` | .* | the 6.12 form | kA |" "$tmp/generated" || fail "probe $probe1 is not shown acting on kA only"
grep -qx "| \`$probe2\` | .* | a newer form | kB |" "$tmp/generated" ||
	fail "probe $probe2 (polarity newer, defined on kB) is not shown acting on kB only"
# Every Disables: field is a row of the features that can be compiled out.
sh "$repo/compat/probe-meta" table | awk -F '\t' '$8 != "-" { print $8 }' | while read -r feat; do
	grep -q "^| $feat | the kernel" "$tmp/generated" || fail "feature $feat of a probe's Disables: is not in the table"
done
# shellcheck disable=SC2016 # markdown's backquotes
grep -q '^| dpll | `ifndef CONFIG_DPLL` in src/Kbuild |' "$tmp/generated" || fail "src/Kbuild's dpll switch is not in the table"
grep -v '^#' "$repo/patches/series" | while read -r p; do
	grep -q "^| \`patches/$p\` | ..* |$" "$tmp/generated" || fail "patch $p is not listed with its subject"
done
grep -q '| 6.16 | the whole series | 6.16.9 |$' "$tmp/generated" || fail "the leak table does not say what tools/lib/rx-leak-ranges says of 6.16"
grep -q '| 6.13 | 6.13.3 | none: the series ended |$' "$tmp/generated" || fail "the leak table does not say what tools/lib/rx-leak-ranges says of 6.13"
gen --check || fail "--check refuses the README it has just written"
gen >/dev/null 2>&1
cmp -s "$repo/README.md" "$tmp/README.gen" || fail "a second run changed README.md"
cmp -s "$repo/docs/compat-layer.md" "$tmp/compat-layer.gen" || fail "a second run changed docs/compat-layer.md"
echo "generated: the rows say what the made-up builds carry"

# Negative controls: each must be refused by --check.
sed 's/^| kB | none |/| kB | dpll |/' "$tmp/README.gen" >"$repo/README.md"
expect_fail "$tmp/log1" "out of date" gen --check
cp "$tmp/README.gen" "$repo/README.md"
# kB's kernel without CONFIG_DPLL: dpll is compiled out, README is stale.
fake_build "$fakebuild" kB "" "$probe2"
expect_fail "$tmp/log2" "out of date" gen --check
# The polarity is read: the same kernel with probe2 reading as the 6.12
# form (its shim idle) must change the README.
fake_build "$fakebuild" kB CONFIG_DPLL=y "$probe2"
sed -i "s/^ \* Polarity: newer$/ * Polarity: 6.12/" "$repo/compat/probes/$probe2.c"
expect_fail "$tmp/log2b" "out of date" gen --check
sed -i "s/^ \* Polarity: 6.12$/ * Polarity: newer/" "$repo/compat/probes/$probe2.c"
# The doctor's data changes: the leak table is stale.
sed -i 's/^6.16 .*/6.16      6.16            6.16.10/' "$repo/tools/lib/rx-leak-ranges"
expect_fail "$tmp/log2c" "out of date" gen --check
sed -i 's/^6.16 .*/6.16      6.16            6.16.9/' "$repo/tools/lib/rx-leak-ranges"
rm "$fakebuild/kB/auto.conf"
expect_fail "$tmp/log3" "no probes of sample kernel kB" gen --check
fake_build "$fakebuild" kB CONFIG_DPLL=y "$probe2"
sed '/^<!-- END readme-tables:probes -->$/d' "$tmp/compat-layer.gen" >"$repo/docs/compat-layer.md"
expect_fail "$tmp/log4" "malformed" gen --check

# README's table of every release (scripts/kbuild/matrix-wide --readme) is
# written between its markers from build/matrix-wide.tsv, through the same
# splicer: a made-up table replaces the old one, the text around it stays,
# and a README whose END marker is gone is refused, unchanged.
printf 'release\tline\tpv\tresult\twarnings\ts\tx\tcpu\ty\tz\tdiff\terr\n' >"$fakebuild/matrix-wide.tsv"
printf 'kA-amd64\tlA\t1\tok\t0\t50\t-\t95\t-\t-\tnone\t-\n' >>"$fakebuild/matrix-wide.tsv"
cp "$top/docs/kernel-lines.md" "$tmp/README.wide"
wide() { ICE_BP_TOPDIR=$repo ICE_BP_BUILD=$fakebuild ICE_BP_README=$tmp/README.wide "$repo/scripts/kbuild/matrix-wide" --readme; }
wide >/dev/null || fail "matrix-wide --readme failed on a made-up table"
sed -n '/^<!-- BEGIN matrix-wide -->$/,/^<!-- END matrix-wide -->$/p' "$tmp/README.wide" >"$tmp/wide.part"
grep -q '^| lA | kA | ok (95 CPU-s) |' "$tmp/wide.part" || fail "README's table of every release is not the made-up one"
[ "$(grep -c '^| ' "$tmp/wide.part")" -eq 4 ] || fail "README's table of every release kept rows of the old one"
sed '/^<!-- BEGIN matrix-wide -->$/,/^<!-- END matrix-wide -->$/d' "$top/docs/kernel-lines.md" >"$tmp/around.old"
sed '/^<!-- BEGIN matrix-wide -->$/,/^<!-- END matrix-wide -->$/d' "$tmp/README.wide" >"$tmp/around.new"
cmp -s "$tmp/around.old" "$tmp/around.new" || fail "matrix-wide --readme changed README outside its markers"
sed -i '/^<!-- END matrix-wide -->$/d' "$tmp/README.wide"
cp "$tmp/README.wide" "$tmp/README.broken"
expect_fail "$tmp/log5" "lacks its BEGIN/END matrix-wide markers" wide
cmp -s "$tmp/README.wide" "$tmp/README.broken" || fail "a README with broken markers was changed"
echo "matrix-wide --readme: the table spliced between its markers, broken markers refused"

# This clone's README against the real probes of its sample kernels.
kernels sample | while read -r kid; do
	[ -f "$top/build/$kid/auto.conf" ] && [ -f "$top/build/$kid/compat-config.h" ] && continue
	[ -f "$top/src/PROVENANCE" ] || "$top/scripts/import/import-upstream"
	"$top/scripts/kbuild/build-in-root" --probes-only "$kid" >/dev/null || fail "the probes of $kid failed (build/$kid.probes.log)"
done
"$top/scripts/docs/readme-tables" --check || fail "README.md or docs/compat-layer.md does not say what the probes of the sample kernels found"
echo "README.md and docs/compat-layer.md are what the probes of the sample kernels found"
