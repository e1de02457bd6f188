#!/bin/sh
# The .deb in a Debian 12 root (dkms 3.0.10) with the 6.12.95+deb12
# headers: apt installs it and DKMS builds, signs and installs ice.ko,
# which replaces the kernel's own (modinfo, with its tier) and the copy in
# the initramfs; the headers of an in-range kernel whose build fails
# install with apt exiting 0 (dkms 3.0.10 fails a headers package whose
# `dkms autoinstall` fails: Debian bug 1037425), a warning, and the doctor
# saying so; the headers of a kernel outside the policy install with a
# message; an upgrade to the next package revision works; removal gives the
# kernel's own ice back, in the initramfs too; purge leaves nothing.  Runs
# in a scratch copy of the cached bookworm root.
# tests/run: minutes
. "$ICE_BP_TOPDIR/tests/lib.sh"
. "$top/scripts/lib/deb-test.sh"
package_test
command -v python3 >/dev/null || skip "python3 is needed to read the doctor's JSON"
kver=6.12.95+deb12-amd64
deb_package_root bookworm "linux-headers-$kver"

# The next package version, for the upgrade: the same package with the
# Debian revision bumped.
mkdir "$tmp/next"
dpkg-deb -R "$deb" "$tmp/next"
rev=$(dpkg-deb -f "$deb" Version)
rev=${rev##*-}
sed -i "s/^Version: .*/Version: $version-$((rev + 1))/" "$tmp/next/DEBIAN/control"
deb2=/tmp/ice-backport-dkms_$version-$((rev + 1))_all.deb
dpkg-deb --root-owner-group -b "$tmp/next" "$root$deb2" >/dev/null

# An initramfs that carries ice: MODULES=list keeps it small and quick.
echo ice >>"$root/etc/initramfs-tools/modules"
printf 'MODULES=list\nCOMPRESS=gzip\n' >"$root/etc/initramfs-tools/conf.d/ice-test"
in_root update-initramfs -c -k "$kver" >"$tmp/initramfs.log" 2>&1 || { cat "$tmp/initramfs.log"; fail "update-initramfs failed"; }
initrd_ice() {
	in_root lsinitramfs "/boot/initrd.img-$kver" | grep '/ice\.ko' || true
}
echo "initramfs before: $(initrd_ice)"
case $(initrd_ice) in */kernel/drivers/*) ;; *) fail "the test initramfs does not carry the kernel's ice" ;; esac

echo "== install (openssl: DKMS makes its signing key with it)"
apt_root install.log install "$deb1" openssl || fail "apt install of the .deb failed"
no_deprecation install.log
expect_ours "$kver"
in_root test -f /var/lib/dkms/mok.pub || fail "DKMS made no MOK certificate"
echo "initramfs after install: $(initrd_ice)"
case $(initrd_ice) in */updates/dkms/ice.ko*) ;; *) fail "the initramfs was not made again with our ice" ;; esac

echo "== headers of an in-range kernel whose build fails"
expect_failed_build "$kver"
expect_ours "$kver"

echo "== headers of a kernel outside the policy"
expect_skipped_outside

echo "== upgrade to $version-$((rev + 1))"
apt_root upgrade.log install "$deb2" || fail "the upgrade failed"
# shellcheck disable=SC2016
[ "$(in_root dpkg-query -W -f='${Version}' ice-backport-dkms)" = "$version-$((rev + 1))" ] ||
	fail "the new version is not installed"
expect_ours "$kver"
[ "$(in_root sh -c 'ls -d /usr/src/ice-backport-*' | wc -l)" = 1 ] || fail "more than one source tree after the upgrade"

echo "== remove"
apt_root remove.log remove ice-backport-dkms || fail "apt remove failed"
expect_intree "$kver"
echo "initramfs after removal: $(initrd_ice)"
case $(initrd_ice) in */kernel/drivers/*) ;; *) fail "the initramfs still carries our ice" ;; esac

echo "== purge"
apt_root purge.log purge ice-backport-dkms || fail "apt purge failed"
expect_clean
