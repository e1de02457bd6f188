#!/bin/sh
# The .rpm's scriptlets, run for real: the host's rpm installs the package
# with --root into a scratch copy of the cached Debian 13 root, with dkms
# 3.2 from apt and four kernels: the pinned upstream's kernel
# (6.12.N+deb13-amd64, a verified line), an in-range kernel with a release
# string of an RPM distribution (6.12.N-200.fc41.x86_64: a copy of the
# first's headers that says so),
# a kernel outside the policy (skipped) and the rt flavour with its
# headers' Makefile taken away (a build that fails).  %post (ice-backport
# autoinstall) registers the tree, DKMS builds, signs and installs ice.ko
# for the first two, each modinfo naming its tier, and rpm exits 0 in
# spite of the other two.  A kernel-devel installed after its kernel
# fires the package's file trigger, which runs ice-backport autoinstall.  An upgrade to the next
# release builds the module again and keeps it installed; erase gives the
# kernel its own ice back and leaves nothing; a %preun that removes on
# upgrade is caught (negative control).  Each initramfs that carries ice is made again after
# install, upgrade and erase (dracut and lsinitrd played by stand-ins).
# rpm's dependency check is skipped with --nodeps: dkms and /bin/sh are
# Debian packages here, unknown to the rpm database.
# tests/run: minutes
. "$ICE_BP_TOPDIR/tests/lib.sh"
. "$top/scripts/lib/deb-test.sh"
package_test
kver=$(pinned_kernel)
broken=$(kernel_version "$kver")-rt-amd64
pkgs=$(this_package rpm) || fail "could not build the .rpm"
# shellcheck disable=SC2086 # two paths without blanks
set -- $pkgs
rpm1=$1
rel=$(rpm -qp --qf '%{RELEASE}' "$rpm1")

# The next releases, rebuilt from the source RPM's own spec: R+1 and R+3
# as built, R+2 with a %preun that removes on upgrade too (the negative
# control).
mkdir -p "$tmp/rb/SOURCES" "$tmp/rb/SPECS"
"$top/scripts/kbuild/need-tools" "test tools" rpm2cpio:rpm cpio:cpio
(cd "$tmp/rb/SOURCES" && rpm2cpio "$2" | cpio -i --quiet) || fail "could not unpack $2"
spec=$(echo "$tmp"/rb/SOURCES/*.spec)
# next N [SED_ARGS...]: build release R+N; prints the package's path.
next() {
	n=$(($1 + rel))
	shift
	sed "s/^Release:.*/Release:\t$n/" "$spec" | sed "$@" >"$tmp/rb/SPECS/r$n.spec"
	SOURCE_DATE_EPOCH=$(rpm -qp --qf '%{BUILDTIME}' "$rpm1") rpmbuild -bb \
		--define "_topdir $tmp/rb" "$tmp/rb/SPECS/r$n.spec" >"$tmp/rb/r$n.log" 2>&1 ||
		{ tail -n 20 "$tmp/rb/r$n.log"; fail "rpmbuild of release $n failed"; }
	echo "$tmp/rb/RPMS/noarch/ice-backport-dkms-$version-$n.noarch.rpm"
}
rpm2=$(next 1 -e '')
# shellcheck disable=SC2016 # $1 of the scriptlet, not ours
bad=$(next 2 's/^if \[ "\$1" -eq 0 \]; then$/if true; then/')
# shellcheck disable=SC2016
rpm -qp --scripts "$bad" | sed -n '/^preuninstall/,/^postuninstall/p' | grep -q '"$1" -eq 0' &&
	fail "the negative control's %preun still tests for erase: the spec changed, update the sed"
rpm4=$(next 3 -e '')

deb_root trixie "linux-headers-$kver" "linux-headers-$broken"
# The in-range kernel of another distribution: Debian's headers of $kver
# copied, their release strings saying $fkver, as a Fedora kernel-devel
# would lay them out for DKMS (/lib/modules/$fkver/build).
fkver=$(pinned_base)-200.fc41.x86_64
[ "$(kernels tier-of "$fkver")" = in-range ] || fail "$fkver is not in-range"
in_root sh -c "$(relabel_headers_cmds "$kver" "$fkver" "/usr/src/kernels-$fkver") &&
	mkdir -p /lib/modules/$fkver && ln -s /usr/src/kernels-$fkver /lib/modules/$fkver/build" ||
	fail "could not lay out the headers of $fkver"
# The kernel outside the policy: only its headers' place is needed.
ukver=9.9.0-200.fc99.x86_64
[ "$(kernels tier-of "$ukver")" = outside ] || fail "$ukver is not outside"
in_root sh -c "mkdir -p /lib/modules/$ukver && ln -s /usr/src/linux-headers-$kver /lib/modules/$ukver/build"
root_dkms dkms.log
mv "$root/usr/src/linux-headers-$broken/Makefile" "$root/usr/src/linux-headers-$broken/Makefile.gone"
in_root sh -c 'ls -d /lib/modules/*/build'

# Stand-ins for dracut and lsinitrd (initrd_standins): an "initramfs" of
# a kernel is the list of what it carries, and dracut makes it again with
# the ice that modprobe would load.  The scriptlets must remake exactly
# the ones that carry ice and whose module changed.
# shellcheck disable=SC2016 # $1 of the root's shell
initrd_standins 'modinfo -k "$1" -n ice | sed "s,^/,,"'
for k in "$kver" "$fkver" "$broken" "$ukver"; do
	in_root modinfo -k "$k" -n ice 2>/dev/null | sed 's,^/,,' >"$root/tmp/initrd/$k"
done
# initrd_remade WHERE: dracut ran for $kver alone since the last call, and
# its initramfs now carries the ice under WHERE (a path of /lib/modules).
initrd_remade() {
	ran=$(cat "$root/tmp/initrd/dracut.log" 2>/dev/null || true)
	rm -f "$root/tmp/initrd/dracut.log"
	[ "$ran" = "$kver" ] || fail "dracut ran for '$(echo "$ran" | tr '\n' ' ')', not for $kver alone"
	grep -q "^lib/modules/$kver/$1/.*ice\.ko" "$root/tmp/initrd/$kver" ||
		fail "the initramfs of $kver does not carry the ice of $1: $(cat "$root/tmp/initrd/$kver")"
	echo "initramfs of $kver made again, with $(cat "$root/tmp/initrd/$kver")"
}

# expect_ours_file KVER: DKMS installed our module, signed, for KVER, a
# kernel of which only the headers are here (no modules of its own for
# depmod to index, so modinfo -k cannot look it up by name): its file's
# modinfo names our version and the in-range tier.
expect_ours_file() {
	f=$(in_root sh -c "ls /lib/modules/$1/updates/dkms/ice.ko*" 2>/dev/null) || fail "no module installed for $1"
	v=$(in_root modinfo -F version "$f")
	t=$(in_root modinfo -F backport_tier "$f")
	g=$(in_root modinfo -F vermagic "$f")
	echo "$f: version $v, tier $t, vermagic $g, signer: $(in_root modinfo -F signer "$f")"
	[ "$v" = "$version" ] || fail "the module of $1 is version '$v', not $version"
	[ "$t" = in-range ] || fail "the module of $1 says tier '$t', not in-range"
	case $g in "$1 "*) ;; *) fail "the module of $1 was built for another kernel: $g" ;; esac
	installed_for "$1" || fail "dkms status does not show ice-backport installed for $1"
}
# installed_for KVER: DKMS has our module installed for KVER.
installed_for() {
	in_root dkms status -m ice-backport -k "$1" 2>/dev/null | grep -q ": installed"
}
only_release() {
	rpm --root "$root" --dbpath /var/lib/rpm -q ice-backport-dkms >"$tmp/q" || fail "ice-backport-dkms is not installed"
	[ "$(cat "$tmp/q")" = "ice-backport-dkms-$version-$1.noarch" ] ||
		fail "installed: $(cat "$tmp/q"), not only release $1"
	[ "$(in_root sh -c 'ls -d /usr/src/ice-backport-*' | wc -l)" = 1 ] || fail "not exactly one source tree"
}

echo "== install release $rel (rpm -i --nodeps)"
rpm_root install.log -i --nodeps "$rpm1" || fail "rpm -i failed: a skipped or failed kernel must not fail it"
grep -q "kernel $ukver is outside .*; skipped, it keeps its own ice driver" "$tmp/install.log" ||
	fail "no message saying $ukver is skipped"
grep -q "warning: $broken: the build of ice-backport $version failed; $broken keeps its own ice driver. Log: /var/log/ice-backport/$broken.log; retry: ice-backport autoinstall $broken" \
	"$tmp/install.log" || fail "no warning for the failed build on $broken"
in_root dkms status 2>/dev/null
expect_ours "$kver"
expect_ours_file "$fkver"
for k in "$ukver" "$broken"; do
	in_root sh -c "ls /lib/modules/$k/updates/dkms/ice.ko* 2>/dev/null" && fail "a module was installed for $k"
	! installed_for "$k" || fail "dkms status shows a module installed for $k"
done
only_release "$rel"
initrd_remade updates/dkms
rpm --root "$root" --dbpath /var/lib/rpm -V --nodeps ice-backport-dkms || fail "rpm -V: the installed files differ from the package"
echo "rpm -V: the installed files are the package's"

echo "== a kernel-devel arriving after its kernel: the file trigger runs ice-backport autoinstall"
# A stand-in kernel-devel of an outside kernel (no build: the trigger's
# run shows in the policy's message), laid out as Fedora's.
devrel=9.8.0-100.fc99.x86_64
mkdir -p "$tmp/rb/SPECS"
cat >"$tmp/rb/SPECS/devel.spec" <<DEVEL
Name: kernel-devel-stand-in
Version: 1
Release: 1
Summary: stand-in kernel-devel of $devrel for the ice-backport tests
License: GPL-2.0-only
BuildArch: noarch
%description
Headers of $devrel: a Makefile and the build link.
%install
mkdir -p %{buildroot}/usr/src/kernels/$devrel %{buildroot}/lib/modules/$devrel
echo 'all:' >%{buildroot}/usr/src/kernels/$devrel/Makefile
ln -s /usr/src/kernels/$devrel %{buildroot}/lib/modules/$devrel/build
%files
/usr/src/kernels/$devrel
/lib/modules/$devrel
DEVEL
rpmbuild -bb --define "_topdir $tmp/rb" "$tmp/rb/SPECS/devel.spec" >"$tmp/rb/devel.log" 2>&1 ||
	{ tail -n 20 "$tmp/rb/devel.log"; fail "rpmbuild of the stand-in kernel-devel failed"; }
rpm_root devel.log -i --nodeps "$tmp/rb/RPMS/noarch/kernel-devel-stand-in-1-1.noarch.rpm" ||
	fail "rpm -i of the stand-in kernel-devel failed"
grep -q "kernel $devrel is outside" "$tmp/devel.log" || fail "the file trigger did not run ice-backport autoinstall for $devrel"
rpm_root devel-e.log -e --nodeps kernel-devel-stand-in || fail "rpm -e of the stand-in kernel-devel failed"

echo "== upgrade to release $((rel + 1)) (all scriptlets)"
rm -f "$root/tmp/initrd/dracut.log"
rpm_root upgrade.log -U --nodeps "$rpm2" || fail "rpm -U to release $((rel + 1)) failed"
grep -q "ice-backport: $kver: ice-backport $version is installed (verified)" "$tmp/upgrade.log" ||
	fail "the new %post did not find the module of $kver in place"
expect_ours "$kver"
expect_ours_file "$fkver"
only_release "$((rel + 1))"
initrd_remade updates/dkms

echo "== erase"
rpm_root erase.log -e --nodeps ice-backport-dkms || fail "rpm -e failed"
expect_intree "$kver"
in_root sh -c "ls /lib/modules/$fkver/updates/dkms/ice.ko* 2>/dev/null" && fail "%preun left the module of $fkver"
initrd_remade kernel
rpm --root "$root" --dbpath /var/lib/rpm -q ice-backport-dkms && fail "ice-backport-dkms is still installed"
in_root sh -c 'ls -d /usr/src/ice-backport* /var/lib/dkms/ice-backport* /lib/modules/*/updates/dkms/ice.ko* /usr/share/doc/ice-backport-dkms* /usr/share/licenses/ice-backport-dkms* 2>/dev/null' &&
	fail "erase left files behind"
in_root dkms status 2>/dev/null | grep ice-backport && fail "dkms still knows ice-backport"
echo "erased: nothing under /usr/src, /var/lib/dkms, updates/dkms or /usr/share"

# Negative control: the same upgrade from a release whose %preun removes
# on upgrade too.  A registered module is enough to see it (no build):
# %post is not run.
echo "== negative control: an upgrade from release $((rel + 2)), whose %preun removes on upgrade"
registered() {
	in_root dkms status -m ice-backport 2>/dev/null | grep -q "ice-backport/$version"
}
rpm_root neg1.log -i --nodeps --nopost "$rpm2" || fail "rpm -i of release $((rel + 1)) failed"
in_root dkms add -m ice-backport -v "$version" >/dev/null || fail "dkms add failed"
registered || fail "dkms add registered nothing"
rpm_root neg2.log -U --nodeps --nopost "$bad" || fail "rpm -U to release $((rel + 2)) failed"
registered || fail "the %preun of release $((rel + 1)) removed the module on upgrade"
rpm_root neg3.log -U --nodeps --nopost "$rpm4" || fail "rpm -U to release $((rel + 3)) failed"
if registered; then
	fail "the module survived a %preun that removes on upgrade: this test cannot see that bug"
fi
echo "caught: after the upgrade from release $((rel + 2)), DKMS no longer knows ice-backport/$version"
