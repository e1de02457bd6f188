#!/bin/sh
# The .deb in a Debian 13 root (dkms 3.2) with the headers of the pinned
# upstream's kernel (upstream.lock: 6.12.N+deb13-amd64), through Debian's own DKMS test (/usr/lib/dkms/dkms-autopkgtest,
# what Debian's CI runs on every DKMS package): it installs the package
# with apt and reports PASS for the kernel, whose module DKMS built,
# signed and installed and which replaces the kernel's own, its modinfo
# naming its tier; the
# headers of an in-range kernel whose build fails (headers broken on
# purpose) install with apt exiting 0, a warning with the log and the
# retry command, the kernel keeping its own ice and the doctor saying so;
# the headers of a kernel outside the policy install with a message and no
# build; removal gives the kernel its own ice back; purge leaves nothing.
# Runs in a scratch copy of the cached trixie root.
# tests/run: minutes
. "$ICE_BP_TOPDIR/tests/lib.sh"
. "$top/scripts/lib/deb-test.sh"
package_test
command -v python3 >/dev/null || skip "python3 is needed to read the doctor's JSON"
kver=$(pinned_kernel)
deb_package_root trixie "linux-headers-$kver"

echo "== Debian's dkms-autopkgtest"
root_dkms dkms.log
rc=0
in_root /usr/lib/dkms/dkms-autopkgtest "$deb1" >"$tmp/autopkgtest.log" 2>&1 || rc=$?
grep -v '^\(Get\|Selecting\|Preparing\|Unpacking\|(Reading\)' "$tmp/autopkgtest.log" | tail -n 25
[ "$rc" = 0 ] || fail "dkms-autopkgtest failed (exit $rc)"
grep -qx "I: PASS ice-backport/$version $kver" "$tmp/autopkgtest.log" || fail "dkms-autopkgtest does not say PASS for $kver"
grep -q "I: SKIP" "$tmp/autopkgtest.log" && fail "dkms-autopkgtest skipped a kernel the policy accepts"
no_deprecation autopkgtest.log
# It disables DKMS's autoinstall for the rest of the host's life.
in_root rm -f /etc/dkms/no-autoinstall
expect_ours "$kver"

echo "== ice-backport tier, as installed (/usr/share/ice-backport)"
in_root ice-backport tier "$kver" | tee "$tmp/tier.txt"
grep -qx "$kver: verified" "$tmp/tier.txt" || fail "ice-backport tier does not say $kver is verified"
in_root ice-backport tier 6.15.11-200.fc42.x86_64 --json | tee "$tmp/tier.json"
python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); assert d["tier"] == "in-range" and d["built"] is True, d' \
	"$tmp/tier.json" || fail "ice-backport tier --json does not say 6.15.11-200.fc42.x86_64 is in-range and built"
echo "accept = verified" >"$tmp/policy.conf"
in_root mkdir -p /etc/ice-backport
cp "$tmp/policy.conf" "$root/etc/ice-backport/policy.conf"
in_root ice-backport tier 6.15.11-200.fc42.x86_64 | grep -q "DKMS skips it" || fail "the installed policy file is not read"
in_root rm -f /etc/ice-backport/policy.conf
echo "ice-backport tier reads the installed policy and the operator's file"

echo "== headers of an in-range kernel whose build fails"
expect_failed_build "$kver"
expect_ours "$kver"

echo "== headers of a kernel outside the policy"
expect_skipped_outside

echo "== remove"
apt_root remove.log remove ice-backport-dkms || fail "apt remove failed"
expect_intree "$kver"

echo "== purge"
apt_root purge.log purge ice-backport-dkms || fail "apt purge failed"
expect_clean
