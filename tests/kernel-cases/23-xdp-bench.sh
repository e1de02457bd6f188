#!/bin/sh
# make bench runs: a short run (300 frames a row) of tests/rxemu/make-bench builds
# the four variants, times every row under QEMU -icount and writes the
# table; every build passes the emulator's oracle on every row, (a) is the
# reference (ratio 1) and every ratio is its figure over (a)'s.  The
# figures are reported, not asserted.  Negative control, in the same run:
# one more row whose frames carry a zero-length descriptor (XDP_PASS)
# must fail on the pre-fix build only, and make the benchmark say so.
# Only for the kernel of the benchmark (tests/rxemu/make-bench's default, the
# pinned upstream's kernel of the sample).
# The benchmark's builds are those of test 22, which scripts/kbuild/build-module
# keeps when their inputs are the same (inputs_key): a build asked for
# again is kept, not compiled; and the key follows what the module is built
# from (shown failing: one more comment in an emulator source changes it,
# and the module would be built again).
. "$ICE_BP_TOPDIR/tests/lib.sh"
kid=${KERNEL_ID:?}
bench_kid=$(pinned_kernel)
[ "$kid" = "$bench_kid" ] || skip "the benchmark runs on $bench_kid only (the pinned upstream's kernel)"

mkdir "$tmp/rows"
cp "$top"/tests/rxemu/bench/*.scn "$tmp/rows/"
cat >"$tmp/rows/9-leak-control.scn" <<'SCN'
name leak-control
xdp /sys/fs/bpf/ice_pass
bench on
ring 512
batch 64
3072 0 3072 2870 pass x300
SCN
rc=0
"$top/tests/rxemu/make-bench" --frames 300 --rows "$tmp/rows" --out "$tmp/out" "$kid" >"$tmp/log" 2>&1 || rc=$?
cat "$tmp/log"
tsv=$tmp/out/bench.tsv
[ -f "$tsv" ] || fail "tests/rxemu/make-bench wrote no table"
[ "$rc" != 0 ] || fail "the benchmark exited 0 although the pre-fix build fails the leak-control row"
grep -q 'pre-fix: not ok .*9-leak-control' "$tmp/log" || fail "the benchmark did not name the pre-fix build's failure of the leak-control row"

rows=$(find "$tmp/rows" -name "*.scn" | wc -l)
# Rows a control must fail (expect-pre-fix / expect-upstream fail): "NAME VARIANT" lines.
expected=$(for f in "$tmp"/rows/*.scn; do
	awk '$1 == "name" { n = $2 } $1 ~ /^expect-(pre-fix|upstream)$/ && $2 == "fail" { v[++k] = substr($1, 8) }
	END { for (i = 1; i <= k; i++) print n, v[i] }' "$f"
done)
[ "$(($(wc -l <"$tsv") - 1))" = $((rows * 4)) ] || fail "bench.tsv has not 4 builds x $rows rows"
awk -F '\t' -v expected="$expected" '
	BEGIN { n = split(expected, e, "\n"); for (i = 1; i <= n; i++) exp_fail[e[i]] = 1 }
	NR == 1 { next }
	$2 == "upstream" { base = $3 }
	{
		want = ($1 == "leak-control" && $2 == "pre-fix") ? "FAILED" : "ok"
		if (($1 " " $2) in exp_fail)
			want = "fails-as-expected"
		if ($5 != want) { printf "%s on %s: %s, expected %s\n", $2, $1, $5, want; bad = 1 }
		if (want == "ok" && ($3 !~ /^[0-9]+\.[0-9]+$/ || $3 <= 0)) { printf "%s on %s: no figure (%s)\n", $2, $1, $3; bad = 1 }
		if (want == "ok" && $4 != sprintf("%.4f", $3 / base)) { printf "%s on %s: ratio %s is not %s / %s\n", $2, $1, $4, $3, base; bad = 1 }
	}
	END { exit bad }' "$tsv" || fail "bench.tsv does not hold what the runs said"
grep -q '^target (b)/(a) <= 1.01 on every row: ' "$tmp/out/bench.txt" || fail "the table does not state the (b)/(a) target"
echo "the benchmark ran every row on the four builds; only the pre-fix build failed the leak control"

# The variants the benchmark built, as its log names them.
sed -n 's/^make-bench: building .* (variant \(.*\))$/\1/p' "$tmp/log" >"$tmp/variants"
[ "$(wc -l <"$tmp/variants")" = 4 ] || fail "the benchmark's log names not four builds: $(tr '\n' ' ' <"$tmp/variants")"
while read -r v; do
	"$top/scripts/kbuild/build-in-root" --variant "$v" "$kid" >"$tmp/again-$v" 2>&1 ||
		{ cat "$tmp/again-$v"; fail "the $v build failed when asked for again"; }
	grep -q ' kept$' "$tmp/again-$v" ||
		fail "the $v build was made again from the inputs of the module it had: $(sed -n 2p "$tmp/again-$v")"
done <"$tmp/variants"
echo "the four builds, asked for again, were kept: same inputs"
mkdir "$tmp/rxemu"
cp "$top"/tests/rxemu/*.[ch] "$top/tests/rxemu/Kbuild.selftest" "$tmp/rxemu/"
key() { "$top/scripts/kbuild/build-in-root" --inputs-key --variant selftest "$kid"; }
k0=$(key) || fail "build-in-root --inputs-key failed"
echo '/* a change */' >>"$tmp/rxemu/rxemu_nic.c"
k1=$(ICE_BP_RXEMU=$tmp/rxemu key) || fail "build-in-root --inputs-key failed with a changed emulator"
[ -n "$k0" ] || fail "build-in-root --inputs-key printed nothing"
[ "$k0" != "$k1" ] ||
	fail "one more comment in tests/rxemu/rxemu_nic.c leaves the selftest build's inputs key as it was ($k0): a stale module would be kept"
echo "caught: a changed emulator source changes the selftest build's inputs key"
