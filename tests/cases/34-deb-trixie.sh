#!/bin/sh
# The .deb in a Debian 13 root (dkms 3.2) with the 6.12.117+deb13-amd64
# headers: apt installs it and DKMS builds, signs and installs ice.ko,
# which replaces the kernel's own, its modinfo naming its tier; the
# headers of an in-range kernel whose build fails (headers broken on
# purpose) install with apt exiting 0, a warning with the log and the
# retry command, the kernel keeping its own ice and the doctor saying so;
# the headers of a kernel outside the policy install with a message and no
# build; removal gives the kernel its own ice back; purge leaves nothing.
# Runs in a scratch copy of the cached trixie root.
. "$ICE_BP_TOPDIR/tests/lib.sh"
. "$top/scripts/lib/deb-test.sh"
[ "$(id -u)" = 0 ] || skip "needs root (mount, chroot)"
command -v python3 >/dev/null || skip "python3 is needed to read the doctor's JSON"
kver=6.12.117+deb13-amd64
version=$(cat "$top/VERSION")
deb=$("$top/scripts/build-deb" "$tmp/deb")
deb_root trixie "linux-headers-$kver"
cp "$deb" "$root/tmp/"
deb1=/tmp/$(basename "$deb")

echo "== install (openssl: DKMS makes its signing key with it)"
apt_root install.log install "$deb1" openssl || fail "apt install of the .deb failed"
no_deprecation install.log
expect_ours "$kver"

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
