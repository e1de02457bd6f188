#!/bin/sh
# The .rpm's scriptlets on a RHEL host's layout, run for real as in
# 37-rpm-scriptlets (the host's rpm, --root, a scratch copy of the cached
# Debian 13 root with Debian's dkms 3.2), with RHEL's release strings and
# kernel-devel layout: headers at /usr/src/kernels/<release>, the build
# link /lib/modules/<release>/build to them, the kernel image at
# /lib/modules/<release>/vmlinuz (a stand-in file), an rt kernel
# (<release>+rt), and os-release of a RHEL rebuild (AlmaLinux 9:
# ID_LIKE="rhel centos fedora"), which is what dkms reads to choose where
# modules go and whether to call weak-modules.  dkms itself knows nothing
# of /usr/src/kernels: it builds against /lib/modules/<release>/build
# (_get_kernel_dir in dkms 3.2.2), the link kernel-devel makes.
#
# Not RHEL's headers: the real kernel-devel trees of RHEL 9.5, 9.6 and 10.0
# are not available here yet, so each is a copy of Debian's headers of the
# pinned kernel whose release strings say RHEL's (as 37 does for Fedora).
# What this proves is the packaging path (release strings, layout, dkms's
# choices, the scriptlets), not that the module builds against RHEL's
# APIs: that is the kernel-devel trees' matrix build.
#
# It proves: %post's autoinstall builds and installs ice.ko for each
# release the kernel policy accepts that has headers, and the modinfo
# names the policy's tier (tools/lib/kernels tier-of, asked here, not
# written down); a release it refuses, or one without headers, is skipped
# and keeps its own ice; dkms installs the module under extra/, not the
# package's updates/dkms (dkms overrides DEST_MODULE_LOCATION on fedora*,
# centos*, rhel*), and ice-backport finds it there ("installed", not a
# failed build; the doctor says installed); a kernel-rt-devel installed after its kernel fires the
# file trigger; the initramfs (dracut, a stand-in) is made again after
# install and erase; dkms never calls weak-modules (NO_WEAK_MODULES in
# dkms.conf), while the same dkms.conf without the setting makes it call
# a stand-in /usr/sbin/weak-modules on install and uninstall (the
# negative control: this dkms does call it on such a host), and the tool
# blind to extra/ (the doctor) does not see the module (the other control).
# tests/run: minutes
. "$ICE_BP_TOPDIR/tests/lib.sh"
. "$top/scripts/lib/deb-test.sh"
. "$top/tests/json-check.sh"
package_test
kver=$(pinned_kernel)
pkgs=$(this_package rpm) || fail "could not build the .rpm"
# shellcheck disable=SC2086 # two paths without blanks
set -- $pkgs
rpm1=$1

el10=6.12.0-55.24.1.el10_0.x86_64
rt=5.14.0-570.32.1.el9_6.x86_64+rt
el96=5.14.0-570.32.1.el9_6.x86_64
el94=5.14.0-427.42.1.el9_4.x86_64
for k in "$el10" "$rt" "$el96" "$el94"; do
	echo "$k: $(kernels tier-of "$k")"
done

deb_root trixie "linux-headers-$kver"
root_dkms dkms.log
# Debian's own kernel is no part of this host: without its build link it
# is not built for (one build less).
in_root rm -f "/lib/modules/$kver/build"
# Every kernel has its image where RHEL's kernel-core puts it.  $el10 has
# its kernel-devel now; $rt gets kernel-rt-devel later (the trigger): its
# headers are copied now, the link that makes them found comes with the
# package; $el96 and $el94 have no kernel-devel.
for k in "$el10" "$rt" "$el96" "$el94"; do
	in_root sh -c "mkdir -p /lib/modules/$k /usr/src/kernels && echo 'stand-in kernel image' >/lib/modules/$k/vmlinuz"
done
# Debian's headers link scripts/ and tools/ relative to /usr/src/<dir>:
# one level deeper, under /usr/src/kernels, they point at those of the
# original, absolute.
for k in "$el10" "$rt"; do
	in_root sh -c "$(relabel_headers_cmds "$kver" "$k" "/usr/src/kernels/$k")" ||
		fail "could not lay out the headers of $k"
	# shellcheck disable=SC2016 # the root's shell expands them
	in_root sh -c 'cd "$1" && for l in *; do [ ! -L "$l" ] || ln -sfn "$(readlink -f "$2/$l")" "$l" || exit 1; done' \
		sh "/usr/src/kernels/$k" "/usr/src/linux-headers-$kver" || fail "could not link the headers of $k"
	in_root test -e "/usr/src/kernels/$k/scripts/Kbuild.include" || fail "the headers of $k have no scripts/"
done
in_root ln -s "/usr/src/kernels/$el10" "/lib/modules/$el10/build"

# The host's os-release: a RHEL rebuild's, as dkms reads it.
rm -f "$root/etc/os-release"
cat >"$root/etc/os-release" <<'OSREL'
NAME="AlmaLinux"
VERSION="9.6 (Sage Margay)"
ID="almalinux"
ID_LIKE="rhel centos fedora"
VERSION_ID="9.6"
PRETTY_NAME="AlmaLinux 9.6 (Sage Margay)"
OSREL

# Stand-ins: weak-modules (at /usr/sbin, where dkms since 3.1.5 calls it)
# records each call and the modules given to it;
# dracut and lsinitrd as in 37 (initrd_standins), an "initramfs" being
# the list of the ice modules it carries (RHEL's own ice to begin with,
# then every ice.ko under the kernel's modules when dracut makes it again).
cat >"$root/usr/sbin/weak-modules" <<'STUB'
#!/bin/sh
echo "weak-modules $* <- $(cat)" >>/tmp/weak-modules.log
STUB
chmod +x "$root/usr/sbin/weak-modules"
# shellcheck disable=SC2016 # $1 of the root's shell
initrd_standins 'find "/lib/modules/$1" -name "ice.ko*" | sed "s,^/,,"'
for k in "$el10" "$rt" "$el96" "$el94"; do
	echo "lib/modules/$k/kernel/drivers/net/ethernet/intel/ice/ice.ko.xz" >"$root/tmp/initrd/$k"
done
# dracut_ran KVER...: dracut ran for exactly these kernels since the last call.
dracut_ran() {
	ran=$(sort "$root/tmp/initrd/dracut.log" 2>/dev/null | tr '\n' ' ')
	rm -f "$root/tmp/initrd/dracut.log"
	want=
	[ $# = 0 ] || want=$(printf '%s\n' "$@" | sort | tr '\n' ' ')
	[ "$ran" = "$want" ] || fail "dracut ran for '$ran', not for '$want'"
	echo "dracut ran for: $ran"
}

# expect_extra KVER: DKMS installed our module for KVER under extra/ (and
# nothing under updates/dkms), built for KVER, its modinfo naming our
# version and the policy's tier, and ice-backport says it is installed.
expect_extra() {
	f=$(in_root sh -c "ls /lib/modules/'$1'/extra/ice.ko*" 2>/dev/null) || fail "no module under /lib/modules/$1/extra"
	in_root sh -c "ls /lib/modules/'$1'/updates/dkms/ice.ko* 2>/dev/null" && fail "a module under updates/dkms for $1"
	v=$(in_root modinfo -F version "$f")
	t=$(in_root modinfo -F backport_tier "$f")
	g=$(in_root modinfo -F vermagic "$f")
	echo "$f: version $v, tier $t, vermagic $g, signer: $(in_root modinfo -F signer "$f")"
	[ "$v" = "$version" ] || fail "the module of $1 is version '$v', not $version"
	[ "$t" = "$(kernels tier-of "$1")" ] || fail "the module of $1 says tier '$t', the policy $(kernels tier-of "$1")"
	case $g in "$1 "*) ;; *) fail "the module of $1 was built for another kernel: $g" ;; esac
	in_root dkms status -m ice-backport -k "$1" 2>/dev/null | grep -q ": installed" ||
		fail "dkms status does not show ice-backport installed for $1"
	in_root ice-backport autoinstall "$1" >"$tmp/again.log" 2>&1 || true
	grep -q "ice-backport: $1: ice-backport $version is installed" "$tmp/again.log" ||
		fail "ice-backport does not find the module of $1 in extra/: $(cat "$tmp/again.log")"
}
# expect_none KVER: no module of ours for KVER, anywhere.
expect_none() {
	in_root sh -c "ls /lib/modules/'$1'/extra/ice.ko* /lib/modules/'$1'/updates/dkms/ice.ko* 2>/dev/null" &&
		fail "a module was installed for $1"
	echo "$1: no module of ours"
}
# expect_skipped LOG KVER: the scriptlet's output says why KVER is not
# built: no headers, or the policy's refusal.
expect_skipped() {
	if ! in_root test -e "/lib/modules/$2/build"; then
		grep -q "ice-backport: $2: no headers installed" "$1" || fail "no message saying $2 has no headers"
	else
		grep -q "kernel $2 is outside .*; skipped" "$1" || fail "no message saying $2 is skipped"
	fi
	expect_none "$2"
}
# built_or_skipped LOG KVER: KVER is built when the policy accepts it,
# skipped otherwise.
built_or_skipped() {
	if kernels accepts "$2" >/dev/null 2>&1; then
		expect_extra "$2"
	else
		expect_skipped "$1" "$2"
	fi
}

echo "== install (rpm -i --nodeps)"
rpm_root install.log -i --nodeps "$rpm1" || fail "rpm -i failed"
in_root dkms status 2>/dev/null
kernels accepts "$el10" >/dev/null || fail "$el10 is refused by the policy: this test needs a kernel it builds"
expect_extra "$el10"
for k in "$rt" "$el96" "$el94"; do
	expect_skipped "$tmp/install.log" "$k"
done
dracut_ran "$el10"
grep -q "lib/modules/$el10/extra/ice.ko" "$root/tmp/initrd/$el10" ||
	fail "the initramfs of $el10 does not carry the ice of extra/"
[ ! -s "$root/tmp/weak-modules.log" ] || fail "dkms called weak-modules: $(cat "$root/tmp/weak-modules.log")"
echo "weak-modules: not called"

echo "== kernel-rt-devel of $rt arriving after its kernel: the file trigger"
mkdir -p "$tmp/rb/SPECS"
cat >"$tmp/rb/SPECS/devel.spec" <<DEVEL
Name: kernel-rt-devel-stand-in
Version: 1
Release: 1
Summary: stand-in kernel-rt-devel of $rt for the ice-backport tests
License: GPL-2.0-only
BuildArch: noarch
%description
The build link of $rt and a file of its headers (the headers themselves
are laid out by the test).
%install
mkdir -p %{buildroot}/usr/src/kernels/$rt %{buildroot}/lib/modules/$rt
echo stand-in >%{buildroot}/usr/src/kernels/$rt/.stand-in
ln -s /usr/src/kernels/$rt %{buildroot}/lib/modules/$rt/build
%files
/usr/src/kernels/$rt/.stand-in
/lib/modules/$rt/build
DEVEL
rpmbuild -bb --define "_topdir $tmp/rb" "$tmp/rb/SPECS/devel.spec" >"$tmp/rb/devel.log" 2>&1 ||
	{ tail -n 20 "$tmp/rb/devel.log"; fail "rpmbuild of the stand-in kernel-rt-devel failed"; }
rpm_root devel.log -i --nodeps "$tmp/rb/RPMS/noarch/kernel-rt-devel-stand-in-1-1.noarch.rpm" ||
	fail "rpm -i of the stand-in kernel-rt-devel failed"
grep -q "ice-backport: $el10: ice-backport $version is installed" "$tmp/devel.log" ||
	fail "the file trigger did not run ice-backport autoinstall"
built_or_skipped "$tmp/devel.log" "$rt"
# The trigger's autoinstall --initramfs makes again the initramfs of each
# kernel that has the module (as %post on an upgrade).
if kernels accepts "$rt" >/dev/null 2>&1; then dracut_ran "$el10" "$rt"; else dracut_ran "$el10"; fi
[ ! -s "$root/tmp/weak-modules.log" ] || fail "dkms called weak-modules: $(cat "$root/tmp/weak-modules.log")"

# Negative control: the installed dkms.conf without NO_WEAK_MODULES.  The
# module is built: dkms uninstall and install only move it, and call
# weak-modules on this host.
echo "== negative control: dkms.conf without NO_WEAK_MODULES"
conf=/usr/src/ice-backport-$version/dkms.conf
cp "$root$conf" "$tmp/dkms.conf.orig"
grep -q '^NO_WEAK_MODULES="yes"$' "$tmp/dkms.conf.orig" || fail "dkms.conf does not set NO_WEAK_MODULES=\"yes\""
sed -i '/^NO_WEAK_MODULES=/d' "$root$conf"
in_root dkms uninstall -m ice-backport -v "$version" -k "$el10" >"$tmp/neg.log" 2>&1 || { cat "$tmp/neg.log"; fail "dkms uninstall failed"; }
in_root dkms install -m ice-backport -v "$version" -k "$el10" >>"$tmp/neg.log" 2>&1 || { cat "$tmp/neg.log"; fail "dkms install failed"; }
cat "$root/tmp/weak-modules.log" 2>/dev/null || true
grep -q "^weak-modules --no-initramfs --remove-modules <- .*/lib/modules/$el10/extra/ice.ko" "$root/tmp/weak-modules.log" ||
	fail "without NO_WEAK_MODULES dkms uninstall did not call weak-modules: this test cannot see the setting's effect"
grep -q "^weak-modules --no-initramfs --add-modules <- .*/lib/modules/$el10/extra/ice.ko" "$root/tmp/weak-modules.log" ||
	fail "without NO_WEAK_MODULES dkms install did not call weak-modules: this test cannot see the setting's effect"
echo "caught: without the setting, dkms hands ice.ko to weak-modules"
cp "$tmp/dkms.conf.orig" "$root$conf"
rm -f "$root/tmp/weak-modules.log" "$root/tmp/initrd/dracut.log"

# doctor_state KVER: the state the doctor gives KVER's module.
doctor_state() {
	in_root ice-backport doctor --json >"$tmp/d.json" 2>/dev/null || true
	jget "$tmp/d.json" "[k['state'] for k in d['dkms']['kernels'] if k['kernel'] == '$1']"
}
s=$(doctor_state "$el10")
echo "doctor: $el10: $s"
[ "$s" = "['installed']" ] || fail "the doctor says $el10 is '$s', not installed"

# Negative control: the tool looking in updates/dkms only, as before
# dkms_module_file knew extra/: the doctor no longer sees the module
# (ice-backport autoinstall, in the same state, takes dkms's install for a
# failed build: not run here, it costs a rebuild).
echo "== negative control: ice-backport looking in updates/dkms only"
hs=/usr/share/ice-backport/host.sh
cp "$root$hs" "$tmp/host.sh.orig"
# shellcheck disable=SC2016 # host.sh's text, not ours
sed -i 's, "\$1/lib/modules/\$2/extra/ice\.ko"\*,,' "$root$hs"
cmp -s "$root$hs" "$tmp/host.sh.orig" && fail "the control's sed changed nothing in $hs: update it"
s=$(doctor_state "$el10")
echo "doctor: $el10: $s"
[ "$s" = "['installed']" ] && fail "the doctor blind to extra/ still says installed: this test cannot see it"
echo "caught: blind to extra/, the doctor does not see dkms's install"
cp "$tmp/host.sh.orig" "$root$hs"
rm -f "$root/tmp/initrd/dracut.log"

echo "== erase"
rpm_root erase.log -e --nodeps ice-backport-dkms || fail "rpm -e failed"
for k in "$el10" "$rt"; do
	expect_none "$k"
done
if kernels accepts "$rt" >/dev/null 2>&1; then dracut_ran "$el10" "$rt"; else dracut_ran "$el10"; fi
grep -q "ice.ko" "$root/tmp/initrd/$el10" && fail "the initramfs of $el10 still carries an ice: $(cat "$root/tmp/initrd/$el10")"
[ ! -s "$root/tmp/weak-modules.log" ] || fail "dkms called weak-modules on erase: $(cat "$root/tmp/weak-modules.log")"
in_root sh -c 'ls -d /usr/src/ice-backport* /var/lib/dkms/ice-backport* /lib/modules/*/extra/ice.ko* 2>/dev/null' &&
	fail "erase left files behind"
echo "erased: nothing under /usr/src, /var/lib/dkms or extra/; weak-modules never called"
