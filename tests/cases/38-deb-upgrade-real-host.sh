#!/bin/sh
# The package on a host that dkms does not take for a chroot, with three
# kernels, through an upgrade whose build fails on one of them.
#
# dkms's common.postinst (what dh_dkms packages run) takes the running
# kernel's /lib/modules/$(uname -r) as the sign of a real host; then it
# builds for the running kernel and the newest one only, unless
# autoinstall_all_kernels is set (Debian 13's dkms 3.2 sets it in
# /etc/dkms/framework.conf.d; Debian 12's 3.0.10 does not).  Here that
# directory exists in the root, as on a real host, so dkms takes its
# real-host branch: the control runs dkms's own common.postinst (with a
# dkms that only records what it is asked to build) and shows it picks
# fewer kernels than have headers.  Then ice-backport-dkms itself, from
# the previous release's real package (built from its commit; see below)
# to this tree's:
#   install       every kernel with headers gets the module (two);
#   upgrade       to the next package version while one kernel's headers
#                 are broken: apt exits 0, the other gets the new
#                 version, the broken one keeps the old version's module
#                 (never none), and the doctor says so;
#   retry         its headers repaired, `ice-backport autoinstall KERNEL`
#                 (the command the warning gave) gives it the new version,
#                 and the old version is unregistered;
#   new kernel    the third kernel, its image and headers packages from
#                 the archive, arrives through apt: Debian's own
#                 postinsts run the hooks, ice-backport's kernel hook
#                 builds for it before the initramfs hook runs (its
#                 initramfs carries our ice).
# Six module builds (the third kernel arrives last, so that it is built
# once), one of them a compile, most of two minutes of make check on 2
# cores: the first two kernels are relabelled copies of the third's
# headers (relabelled_kernel), made before its packages are removed to
# come back last, so that the compiler cache gives back every build of a
# version after its first (this tree's: 33-deb-bookworm's, for the same
# kernel).
# Runs in a scratch copy of the cached bookworm root (dkms 3.0.10), with
# the bookworm-backports 6.12 kernels.  Skipped, saying so, in a shallow
# clone that lacks the release's commit.
# tests/run: minutes
. "$ICE_BP_TOPDIR/tests/lib.sh"
. "$top/scripts/lib/deb-test.sh"
package_test
command -v python3 >/dev/null || skip "python3 is needed to read the doctor's JSON"
# Two later point releases of k3's line, as their names would be
# (verified).
k1=6.12.95+deb12.98-amd64
k2=6.12.95+deb12.99-amd64
k3=6.12.95+deb12-amd64
for k in "$k1" "$k2"; do
	[ "$(kernels tier-of "$k")" = verified ] || fail "$k is not of a verified line"
done

# From the previous release's real package (built from its commit by its
# own scripts, scripts/package/release build) to this tree's.  While this
# tree still carries the version of its last release, the last release is
# the start and this tree, its VERSION's last field bumped (and a changelog
# entry for it), is the upgrade.
rc=0
prev=$("$top/scripts/package/release" previous) || rc=$?
case $rc in
0) next=$version ;;
3)
	prev=$("$top/scripts/package/release" last) || fail "releases.list names no release to upgrade from"
	next=$(echo "$version" | awk -F. -v OFS=. '{ $NF = $NF + 1; print }')
	;;
*) fail "releases.list could not be read" ;;
esac
version=${prev%% *}
commit=${prev#* }
rc=0
"$top/scripts/package/release" build "$version" "$tmp/release" >"$tmp/release.list" || rc=$?
[ "$rc" != 3 ] || skip "commit $commit of release $version is not in this clone's history (a shallow clone): the upgrade from its real package cannot be tested"
[ "$rc" = 0 ] || fail "the package of release $version could not be built from $commit"
deb=$(grep '\.deb$' "$tmp/release.list")
if [ "$next" = "$(cat "$top/VERSION")" ]; then
	debnext=$(this_package deb) || fail "could not build the .deb"
else
	repo=$(repo_copy)
	echo "$next" >"$repo/VERSION"
	{
		printf 'ice-backport (%s-1) unstable; urgency=medium\n\n  * Test upgrade.\n\n' "$next"
		printf ' -- %s  %s\n\n' "$(dpkg-parsechangelog -l "$top/debian/changelog" -S Maintainer)" \
			"$(dpkg-parsechangelog -l "$top/debian/changelog" -S Date)"
		cat "$top/debian/changelog"
	} >"$repo/debian/changelog"
	ICE_BP_TOPDIR=$repo "$repo/scripts/import/import-upstream" >"$tmp/import-next.log" 2>&1 ||
		{ tail "$tmp/import-next.log"; fail "could not import the upstream for $next"; }
	debnext=$(ICE_BP_TOPDIR=$repo "$repo/scripts/package/build-deb" "$tmp/debnext")
fi
echo "upgrade from release $version ($commit: $(basename "$deb")) to $next ($(basename "$debnext"))"
[ "$(dpkg-deb -f "$deb" Version)" != "$(dpkg-deb -f "$debnext" Version)" ] ||
	fail "the release and this tree's package have the same version: no upgrade to test"

deb_root bookworm "linux-headers-$k3"
relabelled_kernel "$k3" "$k1"
relabelled_kernel "$k3" "$k2"
# k3 leaves, image and headers, to come back last.
in_root dpkg --purge "linux-headers-$k3" "linux-image-$k3" >"$tmp/k3-purge.log" 2>&1 ||
	{ cat "$tmp/k3-purge.log"; fail "could not remove the packages of $k3"; }
cp "$deb" "$debnext" "$root/tmp/"
deb1=/tmp/$(basename "$deb")
deb2=/tmp/$(basename "$debnext")
# The running kernel is installed, as on any real host (its headers are
# not: dkms has nothing to build for it).
running=$(uname -r)
mkdir -p "$root/lib/modules/$running/kernel"
root_dkms dkms.log

echo "== control: dkms's common.postinst on this root takes the real-host branch"
mkdir -p "$root/usr/src/ice-backport-$version"
dpkg-deb --fsys-tarfile "$deb" | tar -xf - -C "$root" "./usr/src/ice-backport-$version"
mkdir -p "$root/tmp/rec"
cat >"$root/tmp/rec/dkms" <<'STUB'
#!/bin/sh
# Records what common.postinst asks; registers like `dkms add`.
echo "dkms $*" >>/tmp/rec/calls
case $1 in
add) mkdir -p "/var/lib/dkms/$3/$5" && ln -sfn "/usr/src/$3-$5" "/var/lib/dkms/$3/$5/source" ;;
esac
exit 0
STUB
chmod +x "$root/tmp/rec/dkms"
in_root env PATH=/tmp/rec:/usr/sbin:/usr/bin:/sbin:/bin sh /usr/lib/dkms/common.postinst ice-backport "$version" "" "" "" \
	>"$tmp/control.log" 2>&1 || true
cat "$tmp/control.log"
grep -q 'belongs to a chroot' "$tmp/control.log" && fail "dkms took this root for a chroot: the test cannot show the real-host branch"
asked=$(grep -c '^dkms build' "$root/tmp/rec/calls" || true)
with_headers=$(in_root sh -c 'ls -d /lib/modules/*/build' | wc -l)
echo "dkms's common.postinst: builds asked for $asked kernel(s) of $with_headers with headers ($(grep '^dkms build' "$root/tmp/rec/calls" | tr '\n' ';'))"
[ "$asked" -lt "$with_headers" ] || fail "dkms's common.postinst built for every kernel: this root does not show its real-host branch"
rm -rf "$root/var/lib/dkms/ice-backport" "$root/usr/src/ice-backport-$version" "$root/tmp/rec"

echo "== install $version: every kernel with headers"
apt_root install.log install "$deb1" || fail "apt install of the .deb failed"
expect_ours "$k1"
expect_ours "$k2"

echo "== upgrade to $next while $k2's headers are broken"
mk=$(in_root readlink -f "/lib/modules/$k2/build")/Makefile
cp "$root$mk" "$tmp/Makefile.k2"
# shellcheck disable=SC2016 # make's $(error), not the shell's
printf '\n$(error headers broken on purpose by the ice-backport tests)\n' >>"$root$mk"
apt_root upgrade.log install "$deb2" || fail "the upgrade failed: one kernel's failed build must not fail it"
grep -q "warning: $k2: the build of ice-backport $next failed; $k2 keeps the ice-backport module it had ($version)" "$tmp/upgrade.log" ||
	fail "no warning saying $k2 keeps the module of $version"
old=$version
version=$next
expect_ours "$k1"
v=$(in_root modinfo -k "$k2" -F version ice)
[ "$v" = "$old" ] || fail "$k2 runs '$v', not the module of the version it had ($old)"
echo "$k2 keeps ice-backport $v"
rc=0
in_root ice-backport doctor --json >"$tmp/doctor.json" 2>&1 || rc=$?
python3 - "$tmp/doctor.json" "$k2" <<'PY' || fail "the doctor does not say $k2 kept the old module (exit $rc): $(cat "$tmp/doctor.json")"
import json, sys
d = json.load(open(sys.argv[1]))
k = [k for k in d["dkms"]["kernels"] if k["kernel"] == sys.argv[2]]
assert k and k[0]["state"] == "kept-old", k
PY
[ "$rc" = 1 ] || fail "the doctor exits $rc, not 1"
echo "doctor: $k2 kept-old, exit 1"

echo "== retry, the headers repaired"
cp "$tmp/Makefile.k2" "$root$mk"
in_root ice-backport autoinstall "$k2" >"$tmp/retry.log" 2>&1 || { cat "$tmp/retry.log"; fail "ice-backport autoinstall $k2 failed"; }
cat "$tmp/retry.log"
for k in "$k1" "$k2"; do
	expect_ours "$k"
done
in_root sh -c "ls -d /var/lib/dkms/ice-backport/$old" 2>/dev/null &&
	fail "the replaced version is still registered with DKMS"
echo "every kernel has ice-backport $next; $old is unregistered"

echo "== the third kernel and its headers arrive: the kernel hook builds for it"
# Its image's postinst makes its initramfs after the kernel hooks: a small
# one (MODULES=list, as in 33-deb-bookworm) that carries ice holds our
# module only if ice-backport's hook built it first.
echo ice >>"$root/etc/initramfs-tools/modules"
printf 'MODULES=list\nCOMPRESS=gzip\n' >"$root/etc/initramfs-tools/conf.d/ice-test"
apt_root k3.log install "linux-headers-$k3" || fail "apt install of the $k3 headers failed"
grep -q "ice-backport: $k3: ice-backport $version installed" "$tmp/k3.log" || fail "the kernel hooks did not build for $k3"
expect_ours "$k3"
ice=$(in_root lsinitramfs "/boot/initrd.img-$k3" | grep '/ice\.ko' || true)
case $ice in
*/updates/dkms/ice.ko*) echo "initramfs of $k3: $ice" ;;
*) fail "the initramfs of $k3 does not carry our ice (${ice:-no ice}): the kernel hook did not build before the initramfs hook" ;;
esac

echo "== purge"
apt_root purge.log purge ice-backport-dkms || fail "apt purge failed"
expect_clean
