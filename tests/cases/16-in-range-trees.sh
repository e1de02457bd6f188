#!/bin/sh
# The in-range tier on kernels Debian's packaging did not make
# (scripts/kbuild/custom-kernel): a kernel.org-style 6.12 tree and a vendor-style
# tree whose Makefile says 6.12.0 but which carries three APIs of newer
# kernels.  Both releases are in-range for kernels.list.  The compat
# probes follow the API, not the version number: exactly the flags of the
# three APIs the vendor tree carries differ from the kernel.org tree's,
# and each has the value it has on Debian's headers of the newest line of
# the trixie root (7.3, which has the three in the 7.2 form the vendor
# tree copied).  Shown failing:
# a probe that reads LINUX_VERSION_CODE instead gives the vendor tree the
# kernel.org tree's answer, and the same check rejects it.
#
# The trees are built here only as far as modules_prepare (a few minutes
# cold, then cached); `make custom-kernels` builds them in full and proves
# the module (0 warnings against both) and the VM boot of both kernels,
# which take longer than this suite may (half an hour a tree on 2 busy
# cores).
# tests/run: minutes
. "$ICE_BP_TOPDIR/tests/lib.sh"
[ "$(id -u)" = 0 ] || skip "the trees are built in a Debian root with chroot, which needs root"

ck=$top/scripts/kbuild/custom-kernel
# The three APIs scripts/kbuild/custom-kernel copies into the vendor tree.
apis="HAVE_ETHTOOL_FEC_HIST HAVE_IIDC_RDMA HAVE_NDO_FDB_ADD_NOTIFIED"

# 1. Releases no verified line matches, in the range the lines span.
korg=$("$ck" --release korg)
vendor=$("$ck" --release vendor)
base=$(lock_get version)
base=${base%%-*}
[ "$korg" = "$base-icebp-korg" ] || fail "the korg tree's release is $korg, not $base-icebp-korg"
[ "$vendor" = 6.12.0-icebp-vendor ] || fail "the vendor tree's release is $vendor, not 6.12.0-icebp-vendor"
for rel in "$korg" "$vendor"; do
	tier=$(kernels tier-of "$rel")
	echo "$rel: $tier"
	[ "$tier" = in-range ] || fail "$rel is $tier, not in-range: $(kernels tier "$rel")"
done
# The control: the same sources under Debian's release string are verified.
[ "$(kernels tier-of "$base+deb13-amd64")" = verified ] || fail "the tier does not follow the release string"

# 2. The vendor tree's version number lies: its headers say 6.12.0.
vtree=$("$ck" --prepared vendor)
code=$(sed -n 's/^#define LINUX_VERSION_CODE \([0-9]*\)$/\1/p' "$vtree/include/generated/uapi/linux/version.h")
[ "$code" = $(((6 << 16) + (12 << 8))) ] || fail "the vendor tree's LINUX_VERSION_CODE is $code, not 6.12.0"
echo "vendor tree: LINUX_VERSION_CODE $code (6.12.0)"

# probes_new COMPAT OUT: run COMPAT's probes against Debian's headers of the
# sample kernel of the 7.3-deb13 line, in the trixie root with its gcc-14.
knew=$(kernels sample | while read -r k; do
	[ "$(kernels get "$k" line)" != 7.3-deb13 ] || { echo "$k"; break; }
done)
[ -n "$knew" ] || fail "kernels.list has no sample kernel of the 7.3-deb13 line"
tmp_in_build_root "$("$top/scripts/kbuild/build-root" trixie "linux-headers-$knew")"
probes_new() {
	rm -rf "$tmp/new-compat"
	mkdir -p "$tmp/new-compat"
	cp -R "$1/run-probes" "$1/probe-errors.awk" "$1/probes" "$tmp/new-compat/"
	in_build_root sh "$tmp/new-compat/run-probes" "/lib/modules/$knew/build" "$2" ||
		fail "compat/run-probes failed against $knew (see $2/probes.log)"
}

# has OUT FLAG: FLAG is defined in OUT/config.h.
has() {
	grep -qx "#define $2 1" "$1/config.h"
}

# follows_api FLAG DIR: FLAG is missing on the kernel.org tree, present on
# the vendor tree and present on the newest line (the results under
# DIR/korg, DIR/vendor, DIR/new); otherwise print why not.
follows_api() {
	if has "$2/korg" "$1"; then
		echo "$1 is present on the 6.12 kernel.org tree, which lacks the API"
	elif ! has "$2/vendor" "$1"; then
		echo "$1 is missing on the vendor tree, which carries the API (its version says 6.12.0)"
	elif ! has "$2/new" "$1"; then
		echo "$1 is missing on $knew, whose API the vendor tree copied"
	fi
}

# 3. The real probes.
"$ck" --probes "$tmp/p/korg" korg
"$ck" --probes "$tmp/p/vendor" vendor
probes_new "$top/compat" "$tmp/p/new"
for f in $apis; do
	why=$(follows_api "$f" "$tmp/p")
	[ -z "$why" ] || fail "the probes do not follow the API: $why"
	echo "$f: missing on $korg, present on $vendor and on $knew"
done
# No other flag differs between the two trees: they differ only in those
# three APIs (and in configuration, which no probe reads).
for t in korg vendor; do
	grep '^#define HAVE_' "$tmp/p/$t/config.h" | cut -d' ' -f2 | sort >"$tmp/$t.flags"
done
differ=$(comm -3 "$tmp/korg.flags" "$tmp/vendor.flags" | tr -d '\t' | sort | tr '\n' ' ')
[ "$differ" = "$apis " ] || fail "the flags that differ between the trees are '$differ', not '$apis'"
echo "flags that differ between $korg and $vendor: $differ"

# 4. The negative control: a probe of ndo_fdb_add's "notified" written as
# a version check (what the compat layer must never do) reads the vendor
# tree as 6.12 and fails the same check, while the real probe passes it.
mini=$tmp/mini
mkdir -p "$mini/probes"
cp "$top/compat/run-probes" "$top/compat/probe-errors.awk" "$mini/"
cp "$top/compat/probes/ndo_fdb_add_notified.c" "$mini/probes/"
cat >"$mini/probes/zz_fdb_by_version.c" <<'EOF'
/* ndo_fdb_add takes "notified" since v6.13: by the version number. */
#include <linux/version.h>
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 13, 0)
#error before 6.13
#endif
int probe;
EOF
ICE_BP_COMPAT=$mini "$ck" --probes "$tmp/m/korg" korg
ICE_BP_COMPAT=$mini "$ck" --probes "$tmp/m/vendor" vendor
probes_new "$mini" "$tmp/m/new"
why=$(follows_api HAVE_NDO_FDB_ADD_NOTIFIED "$tmp/m")
[ -z "$why" ] || fail "the control's API probe failed: $why"
why=$(follows_api HAVE_ZZ_FDB_BY_VERSION "$tmp/m")
[ -n "$why" ] || fail "a probe that reads the version number passed the check"
echo "caught: a probe that reads the version number ($why)"
