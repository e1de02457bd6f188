#!/bin/sh
# The .deb in a Debian 13 root (dkms 3.2) with the 6.12.117+deb13-amd64
# headers: apt installs it and DKMS builds, signs and installs ice.ko,
# which replaces the kernel's own; a second supported kernel's headers
# arrive and DKMS's autoinstall builds for that kernel too; the headers of
# an unsupported kernel install with apt exiting 0 and a message; removal
# gives both kernels their own ice back; purge leaves nothing.  Runs in a
# scratch copy of the cached trixie root.
. "$ICE_BP_TOPDIR/tests/lib.sh"
. "$top/scripts/lib/deb-test.sh"
[ "$(id -u)" = 0 ] || skip "needs root (mount, chroot)"
kver=6.12.117+deb13-amd64
second=6.12.117+deb13-cloud-amd64
version=$(cat "$top/VERSION")
deb=$("$top/scripts/build-deb" "$tmp/deb")
deb_root trixie "linux-headers-$kver"
cp "$deb" "$root/tmp/"
deb1=/tmp/$(basename "$deb")

# Only the first kernel's headers to begin with (deb_root): one DKMS
# build at install.
in_root sh -c 'ls -d /lib/modules/*/build' || true

echo "== install (openssl: DKMS makes its signing key with it)"
apt_root install.log install "$deb1" openssl || fail "apt install of the .deb failed"
no_deprecation install.log
expect_ours "$kver"

echo "== headers of a second supported kernel: $second"
apt_root second.log install "linux-headers-$second" || fail "apt install of the $second headers failed"
no_deprecation second.log
expect_ours "$second"
expect_ours "$kver"

echo "== headers of an unsupported kernel"
expect_unsupported_skipped trixie

echo "== remove"
apt_root remove.log remove ice-backport-dkms || fail "apt remove failed"
expect_intree "$kver"
expect_intree "$second"

echo "== purge"
apt_root purge.log purge ice-backport-dkms || fail "apt purge failed"
expect_clean
