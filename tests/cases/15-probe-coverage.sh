#!/bin/sh
# Every compat probe earns its place: across the kernels of the matrix it
# gives at least two different answers, or its file says why it must stay
# (Reason-if-constant:).  The probe x kernel table is printed.  Negative
# control: a probe that is constant on every kernel and gives no reason is
# refused; the same probe with a reason is accepted.
# It runs after the kernel cases: 20-build or 24-probes has probed every kernel of the
# sample by then, and scripts/probes/probe-matrix reads those results from
# the probe cache instead of compiling the probes again.
# tests/run: after the kernel cases
. "$ICE_BP_TOPDIR/tests/lib.sh"
[ "$(id -u)" = 0 ] || skip "the probes run in Debian roots by chroot, which needs root"
dir=$("$top/scripts/probes/probe-matrix") || fail "the probes could not be run on the matrix"
n=$(find "$dir" -name '*.h' | wc -l)
[ "$n" -ge 2 ] || skip "probe results for only $n kernel(s); two are needed"
# Only the kernels of the test sample, in its order.
configs=
for kid in $(kernels sample); do
	[ ! -f "$dir/$kid.h" ] || configs="$configs $dir/$kid.h"
done

# shellcheck disable=SC2086 # one word a file
"$top/scripts/probes/probe-coverage" "$top/compat/probes" $configs || fail "some probe is dead weight"

echo "== negative control: a probe that never flips and says nothing"
cp -R "$top/compat/probes" "$tmp/probes"
printf '// SPDX-License-Identifier: GPL-2.0\n/* HAVE_FAKE_CONSTANT: a probe no kernel of the matrix answers differently. */\n#include <linux/fake_constant.h>\n' \
	>"$tmp/probes/fake_constant.c"
# shellcheck disable=SC2086
expect_fail "$tmp/neg.log" 'no Reason-if-constant: fake_constant' \
	"$top/scripts/probes/probe-coverage" "$tmp/probes" $configs
printf '/* Reason-if-constant: kept for the negative control. */\n' >>"$tmp/probes/fake_constant.c"
# shellcheck disable=SC2086
"$top/scripts/probes/probe-coverage" "$tmp/probes" $configs >"$tmp/pos.log" ||
	fail "a constant probe with a reason was refused"
grep -q '^fake_constant .* constant (kept for the negative control' "$tmp/pos.log" ||
	fail "the reason of a constant probe is not shown"
echo "a constant probe with a reason is accepted and shows it"
