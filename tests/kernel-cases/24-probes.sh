#!/bin/sh
# The compat probes of this kernel, without a compile of the module
# (scripts/kbuild/build-in-root --probes-only): all that make check runs
# of a kernel whose CASES is `build` (make matrix and make check-wide
# build those in full), and what the README tables read of every kernel
# of the sample: the probes' answers (build/KERNEL/compat-config.h, one
# line a probe), the kernel's configuration (build/KERNEL/auto.conf) and
# what compat/probe-meta disabled tells they compile out.  On the kernels
# that decide them, the probes' Polarity: fields: the pinned upstream's
# own kernel has every API in the form its ice uses (polarity 6.12), the
# newest verified line's every newer form (polarity newer); tests/cases/13
# shows that check failing.
. "$ICE_BP_TOPDIR/tests/lib.sh"
kid=${KERNEL_ID:?}
out=$top/build/$kid
[ -f "$top/src/PROVENANCE" ] || "$top/scripts/import/import-upstream"
"$top/scripts/kbuild/build-in-root" --probes-only "$kid" >"$tmp/summary" ||
	{ cat "$tmp/summary"; fail "the probes failed: $(grep -m 1 -E 'error|ERROR' "$out.probes.log" || echo "see build/$kid.probes.log")"; }
cat "$tmp/summary"
[ "$(awk 'NR == 2 { print $2 }' "$tmp/summary")" = probed ] || fail "build-module --probes-only did not say 'probed'"
probes=$(find "$top/compat/probes" -name '*.c' | wc -l)
answers=$(grep -cE '^(#define HAVE_[A-Z0-9_]+ 1|/\* #undef HAVE_[A-Z0-9_]+ \*/)$' "$out/compat-config.h" || true)
[ "$answers" = "$probes" ] || fail "compat-config.h answers $answers of the $probes probes"
grep -q '^CONFIG_MODULES=y$' "$out/auto.conf" || fail "build/$kid/auto.conf is not this kernel's configuration (no CONFIG_MODULES=y)"
disabled=$(sh "$top/compat/probe-meta" disabled "$out/compat-config.h" "$out/auto.conf" "$top/src/Kbuild") ||
	fail "compat/probe-meta cannot tell what is compiled out for $kid"
echo "$(sh "$top/compat/probe-meta" active "$out/compat-config.h" | wc -l) of $probes shims act; compiled out: $disabled"

pinned=$(pinned_base)
newest=$(kernels lines | awk '{ print $2 }' | sort -t. -k1,1n -k2,2n | tail -n 1)
case $kid in
"$pinned"+*)
	sh "$top/compat/probe-meta" polarity "$out/compat-config.h" pinned ||
		fail "a probe's Polarity: is contradicted by the pinned upstream's kernel $kid"
	echo "polarity: every 6.12-form API is present on the pinned upstream's kernel"
	;;
"$newest".*)
	sh "$top/compat/probe-meta" polarity "$out/compat-config.h" newest ||
		fail "a probe's Polarity: is contradicted by $kid, of the newest line"
	echo "polarity: every newer-form API is present on the newest line's kernel"
	;;
esac
