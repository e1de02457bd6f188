#!/bin/sh
# The compat probes are documented and honest.  Every probe names its flag,
# and its metadata (compat/probe-meta: upstream version, polarity, shim,
# what it compiles out) is well formed, and its shim tests the flag; every HAVE_ flag a shim or src/Kbuild tests has a probe
# (a typo would silently select the fallback on every kernel).  Run against
# Debian's 6.12.95 headers, compat/run-probes reports an API that exists as
# present and one that does not as missing, and stops when even an empty
# module does not compile.  Each property is also shown failing.
# tests/run: minutes
. "$ICE_BP_TOPDIR/tests/lib.sh"

# check_docs TREE: print what is wrong with TREE's probes, nothing if all
# is well.  The fields themselves (Upstream:, Polarity:, Shim:, Disables:,
# Object:) are compat/probe-meta's to read: it is the one parser, and this
# checks it refuses what is malformed.
check_docs() {
	{ sh "$1/compat/probe-meta" check "$1" >/dev/null; } 2>&1 || true
	for p in "$1"/compat/probes/*.c; do
		name=$(basename "$p" .c)
		flag=HAVE_$(echo "$name" | tr '[:lower:]' '[:upper:]')
		grep -q " \* $flag: " "$p" || echo "$name: no '$flag:' line"
	done
	grep -rhoE 'HAVE_[A-Z0-9_]+' "$1/compat/include" "$1/src/Kbuild" | sort -u |
		while read -r flag; do
			name=$(echo "${flag#HAVE_}" | tr '[:upper:]' '[:lower:]')
			[ -f "$1/compat/probes/$name.c" ] || echo "$flag is tested but no probe sets it"
		done
}

bad=$(check_docs "$top")
[ -z "$bad" ] || fail "probes or shims are not documented: $bad"
set -- "$top"/compat/probes/*.c
echo "$# probes, each documented, each flag tested by its shim"
echo "$(sh "$top/compat/probe-meta" table | awk -F '\t' '$5 == "-"' | wc -l) of them name the upstream change by subject only (no commit id)"

repo=$(repo_copy)
echo '#ifdef HAVE_ICE_BP_NO_SUCH_PROBE' >>"$repo/compat/include/linux/netdevice.h"
echo '#endif' >>"$repo/compat/include/linux/netdevice.h"
check_docs "$repo" | grep -q 'HAVE_ICE_BP_NO_SUCH_PROBE is tested but no probe' ||
	fail "a flag without a probe was not caught"
sed -i '/^ \* Upstream:/d' "$repo/compat/probes/msi_map.c"
check_docs "$repo" | grep -q "msi_map.c: no Upstream: field" || fail "a probe without its upstream version was not caught"
repo=$(repo_copy)
sed -i 's/^ \* Polarity: 6.12$/ * Polarity: old/' "$repo/compat/probes/msi_map.c"
check_docs "$repo" | grep -q 'msi_map.c: Polarity: "old" is neither' || fail "a malformed polarity was not caught"
repo=$(repo_copy)
sed -i 's|^ \* Shim: compat/include/linux/pci.h$| * Shim: compat/include/linux/timer.h|' "$repo/compat/probes/msi_map.c"
check_docs "$repo" | grep -q 'probe msi_map: its shim compat/include/linux/timer.h does not test HAVE_MSI_MAP' ||
	fail "a shim that does not test its flag was not caught"
repo=$(repo_copy)
sed -i 's/^ \* Disables: dynamic-msix — / * Disables: dynamic-msix: /' "$repo/compat/probes/msi_map.c"
check_docs "$repo" | grep -q 'msi_map.c: Disables: .* is not "feature — effect"' || fail "a malformed Disables: was not caught"
repo=$(repo_copy)
sed -i 's/^\( \* Upstream: \)v6\.15 /\1v6.14 /' "$repo/compat/probes/del_timer.c"
grep -q 'Mainline v6.15' "$repo/compat/probes/del_timer.c" || fail "del_timer.c no longer names its release in its comment: pick another probe"
check_docs "$repo" | grep -q 'probe del_timer: its comment says Mainline v6.15, its Upstream: field v6.14' ||
	fail "a comment whose release disagrees with Upstream: was not caught"
echo "caught: a flag no probe sets, a probe without its upstream version, a bad polarity, a wrong shim, a bad Disables:, a stale release in a comment"

# The polarity, against the kernels that decide it: on the pinned
# upstream's own kernel every flag of polarity 6.12 is defined, on the
# newest line's every flag of polarity newer.  Checked on the real builds
# by kernel case 24-probes; here on made-up config.h files, both ways.
sh "$top/compat/probe-meta" table >"$tmp/meta"
awk -F '\t' '{ printf "#define %s 1\n", $2 }' "$tmp/meta" >"$tmp/all.h"
# idle.h: the kernel of the imported ice itself, on which no shim acts.
awk -F '\t' '$3 == "6.12" { printf "#define %s 1\n", $2 }' "$tmp/meta" >"$tmp/idle.h"
sh "$top/compat/probe-meta" polarity "$tmp/all.h" pinned || fail "a kernel with every API fails the pinned polarity check"
old=$(awk -F '\t' '$3 == "6.12" { print $2; exit }' "$tmp/meta")
new=$(awk -F '\t' '$3 == "newer" { print $2; exit }' "$tmp/meta")
grep -v "$old" "$tmp/all.h" >"$tmp/no-old.h"
expect_fail "$tmp/pol1.log" "polarity contradicted" sh "$top/compat/probe-meta" polarity "$tmp/no-old.h" pinned
grep -v "$new" "$tmp/all.h" >"$tmp/no-new.h"
expect_fail "$tmp/pol2.log" "polarity contradicted" sh "$top/compat/probe-meta" polarity "$tmp/no-new.h" newest
sh "$top/compat/probe-meta" polarity "$tmp/no-new.h" pinned || fail "a newer flag's absence failed the pinned check"
# And the features src/Kbuild compiles out follow it: a kernel on which a
# 6.12 flag with a Disables: field is undefined compiles that feature out.
feat=$(awk -F '\t' '$3 == "6.12" && $8 != "-" { print $2, $8; exit }' "$tmp/meta")
grep -v "${feat% *}" "$tmp/idle.h" >"$tmp/no-feat.h"
sh "$top/compat/probe-meta" kbuild "$tmp/no-feat.h" | grep -qx "ice_bp_disabled := ${feat#* }" ||
	fail "a kernel without ${feat% *} does not compile out ${feat#* } alone"
sh "$top/compat/probe-meta" kbuild "$tmp/idle.h" | grep -qx 'ice_bp_disabled :=' ||
	fail "a kernel with every 6.12 API and no newer one compiles something out"
sh "$top/compat/probe-meta" active "$tmp/idle.h" | grep . && fail "a shim acts on the kernel of the imported ice"
sh "$top/compat/probe-meta" active "$tmp/all.h" | grep -qx "$(echo "${new#HAVE_}" | tr '[:upper:]' '[:lower:]')" ||
	fail "the shim of a newer flag does not act where the flag is defined"
echo "polarity: checked against made-up kernels, a contradiction caught both ways"
# What a build compiles out, told without one (`disabled`, the README
# tables' source): the probes' features, then src/Kbuild's configuration
# switches (CONFIG_DPLL), a switch's feature moved last, once; a switch
# on anything but one CONFIG_ option is refused, naming it.
disabled() { sh "$top/compat/probe-meta" disabled "$1" "$2" "${3:-$top/src/Kbuild}"; }
printf 'CONFIG_DPLL=y\n' >"$tmp/dpll.conf"
printf 'CONFIG_MODULES=y\n' >"$tmp/nodpll.conf"
[ "$(disabled "$tmp/idle.h" "$tmp/dpll.conf")" = none ] || fail "disabled: the kernel of the imported ice compiles something out"
[ "$(disabled "$tmp/no-feat.h" "$tmp/dpll.conf")" = "${feat#* }" ] || fail "disabled: a kernel without ${feat% *} does not compile out ${feat#* } alone"
[ "$(disabled "$tmp/idle.h" "$tmp/nodpll.conf")" = dpll ] || fail "disabled: a kernel without CONFIG_DPLL does not compile out dpll"
grep -v HAVE_DPLL_PIN_ESYNC "$tmp/no-feat.h" >"$tmp/no-esync.h"
[ "$(disabled "$tmp/no-esync.h" "$tmp/nodpll.conf")" = "${feat#* } dpll" ] ||
	fail "disabled: dpll, from a probe and from CONFIG_DPLL, is not said once and last: $(disabled "$tmp/no-esync.h" "$tmp/nodpll.conf")"
# shellcheck disable=SC2016 # make's $(...), not the shell's
sed 's/^ifndef CONFIG_DPLL$/ifneq ($(CONFIG_DPLL),y)/' "$top/src/Kbuild" >"$tmp/Kbuild.ifneq"
# shellcheck disable=SC2016 # as above
expect_fail "$tmp/dis.log" 'switch "ifneq ($(CONFIG_DPLL),y)" of feature dpll is not ifdef/ifndef CONFIG_NAME' \
	disabled "$tmp/idle.h" "$tmp/dpll.conf" "$tmp/Kbuild.ifneq"
echo "disabled: the probes' features and src/Kbuild's switches, as a build records them"

[ "$(id -u)" = 0 ] || skip "the runner is tried in a Debian root with chroot, which needs root"
# The runner, against real headers: Debian's, in the cached bookworm root
# (with its compiler), on this case's files ($tmp, mounted there).
kver=6.12.95+deb12-amd64
tmp_in_build_root "$("$top/scripts/kbuild/build-root" bookworm "linux-headers-$kver")"
ksrc=/lib/modules/$kver/build
repo=$(repo_copy)
cat >"$repo/compat/probes/zz_present.c" <<'EOF'
#include <linux/netdevice.h>
void probe(struct net_device *dev);
void probe(struct net_device *dev)
{
	netif_carrier_on(dev);
}
EOF
cat >"$repo/compat/probes/zz_absent.c" <<'EOF'
#include <linux/netdevice.h>
void probe(struct net_device *dev);
void probe(struct net_device *dev)
{
	ice_bp_no_such_function(dev);
}
EOF
in_build_root sh "$repo/compat/run-probes" "$ksrc" "$tmp/out" | tee "$tmp/probes.out"
grep -qx '#define HAVE_ZZ_PRESENT 1' "$tmp/out/config.h" || fail "an existing API was reported missing"
grep -qx '/\* #undef HAVE_ZZ_ABSENT \*/' "$tmp/out/config.h" || fail "a missing API was reported present"
grep -q 'ice_bp_no_such_function' "$tmp/out/probes/zz_absent.log" ||
	fail "the missing API failed for another reason: $(head -n 3 "$tmp/out/probes/zz_absent.log")"
n=$(grep -c '^#define' "$tmp/out/config.h")
echo "against $kver: $n APIs present; $(sed -n 's/.*present //p' "$tmp/probes.out")"

# A broken build environment must stop the runner, not read as "all missing".
mkdir -p "$tmp/broken"
printf 'all %%:\n\t@echo broken toolchain >&2; exit 1\n' >"$tmp/broken/Makefile"
expect_fail "$tmp/broken.log" "build environment is broken" in_build_root sh "$repo/compat/run-probes" "$tmp/broken" "$tmp/out2"

# The cache of probe results (ICE_BP_PROBE_CACHE) serves a second tree of
# the same kernel, and a changed probe is probed again, not served stale.
# A tree with only the two probes above keeps this quick.
mini=$tmp/mini
mkdir -p "$mini/probes"
cp "$repo/compat/run-probes" "$repo/compat/probe-errors.awk" "$mini/"
cp "$repo/compat/probes/zz_present.c" "$repo/compat/probes/zz_absent.c" "$mini/probes/"
cache=ICE_BP_PROBE_CACHE=$tmp/cache
in_build_root "$cache" sh "$mini/run-probes" "$ksrc" "$tmp/c1" >"$tmp/c1.out"
grep -q cached "$tmp/c1.out" && fail "the first run was served from an empty cache"
in_build_root "$cache" sh "$mini/run-probes" "$ksrc" "$tmp/c2" | tee "$tmp/c2.out"
grep -q 'present, cached' "$tmp/c2.out" || fail "a second tree of the same kernel probed again"
cmp -s "$tmp/c1/config.h" "$tmp/c2/config.h" || fail "the cached config.h differs from the probed one"
sed -i 's/ice_bp_no_such_function(dev)/netif_carrier_off(dev)/' "$mini/probes/zz_absent.c"
in_build_root "$cache" sh "$mini/run-probes" "$ksrc" "$tmp/c3" | tee "$tmp/c3.out"
grep -q cached "$tmp/c3.out" && fail "a changed probe was served from the cache"
grep -qx '#define HAVE_ZZ_ABSENT 1' "$tmp/c3/config.h" || fail "the changed probe's new answer is not in config.h"
echo "the cache serves an unchanged kernel and probes again when a probe changes"

# The batch (one translation unit for all probes) decides as each probe
# alone does; scripts/probes/probe-agree is what checks that on every kernel of
# the matrix (scripts/probes/probe-matrix, test 15).  Shown failing: a probe that
# calls an API without including its header passes in the batch, where
# another probe included it, and fails alone.
cat >"$mini/probes/zz_leaning.c" <<'EOF'
void probe(struct net_device *dev);
void probe(struct net_device *dev)
{
	netif_carrier_on(dev);
}
EOF
in_build_root sh "$mini/run-probes" "$ksrc" "$tmp/b" >/dev/null
in_build_root ICE_BP_PROBE_MODE=each sh "$mini/run-probes" "$ksrc" "$tmp/e" >/dev/null
grep -qx '#define HAVE_ZZ_LEANING 1' "$tmp/b/config.h" || fail "the leaning probe did not pass in the batch"
expect_fail "$tmp/agree.log" 'HAVE_ZZ_LEANING (present in the batch, missing alone)' \
	"$top/scripts/probes/probe-agree" "$tmp/b/config.h" "$tmp/e/config.h"
echo "caught: a probe that passes only beside the others"
rm "$mini/probes/zz_leaning.c"

# gcc reports an identifier undeclared at file scope once a translation
# unit: the second probe that uses it is silent in the batch.  It must be
# compiled alone, and read as missing too.
for p in zz_once_a zz_once_b; do
	printf '#include <linux/netdevice.h>\nint probe = ICE_BP_NO_SUCH_CONSTANT;\n' >"$mini/probes/$p.c"
done
in_build_root sh "$mini/run-probes" "$ksrc" "$tmp/o" | tee "$tmp/o.out"
for p in ZZ_ONCE_A ZZ_ONCE_B; do
	grep -qxF "/* #undef HAVE_$p */" "$tmp/o/config.h" ||
		fail "HAVE_$p: an identifier undeclared in two probes read as present in the second"
done
grep -q 'compiled alone' "$tmp/o.out" || fail "no probe was compiled alone"
echo "an identifier gcc reports once: both probes that use it read as missing"
rm "$mini/probes/zz_once_a.c" "$mini/probes/zz_once_b.c"

# A message the batch cannot tie to one probe (here a fatal error: a
# quoted include the header test does not see) makes run-probes decide
# nothing from the batch and probe each alone, with the same answers.
cat >"$mini/probes/zz_fatal.c" <<'EOF'
#include "zz_no_such_header.h"
int probe;
EOF
in_build_root sh "$mini/run-probes" "$ksrc" "$tmp/f" >"$tmp/f.out" 2>&1
grep -q 'not tied to one probe.*probing each alone' "$tmp/f.out" || fail "the fatal error did not make the runner probe each alone"
for want in '#define HAVE_ZZ_PRESENT 1' '#define HAVE_ZZ_ABSENT 1' '/* #undef HAVE_ZZ_FATAL */'; do
	grep -qxF "$want" "$tmp/f/config.h" ||
		fail "probing each alone after the batch gave wrong answers: $(grep HAVE "$tmp/f/config.h" | tr '\n' ' ')"
done
echo "a batch message tied to no probe: each probe is compiled alone, with the right answers"
