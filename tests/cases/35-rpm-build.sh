#!/bin/sh
# `scripts/package/build-rpm` twice gives byte-identical binary and source RPMs,
# and a changed input (another release pattern in kernels.list) changes
# both (negative control).  The RPM is noarch, needs dkms before its
# scriptlets run, its Version-Release is debian/changelog's version (the
# .deb's), and /usr/src/ice-backport-<version>/ holds exactly the tree the
# .deb installs.
. "$ICE_BP_TOPDIR/tests/lib.sh"
command -v rpmbuild >/dev/null && command -v dpkg-buildpackage >/dev/null ||
	[ "$(id -u)" = 0 ] || skip "packaging tools missing and not root to install them"
[ -f "$top/src/PROVENANCE" ] || "$top/scripts/import/import-upstream"
version=$(cat "$top/VERSION")
# The first, the run's (this_package), may be minutes older: the same
# bytes still.
pkgs=$(this_package rpm) || fail "could not build the .rpm"
# shellcheck disable=SC2086 # two paths without blanks
set -- $pkgs
a=$1 as=$2
# shellcheck disable=SC2046
set -- $("$top/scripts/package/build-rpm" "$tmp/b")
for p in "$a" "$as" "$1" "$2"; do
	echo "$(sha256_of "$p")  $(stat -c %s "$p") bytes  ${p#"$tmp"/}"
done
cmp "$a" "$1" || fail "two builds of the binary RPM differ"
cmp "$as" "$2" || fail "two builds of the source RPM differ"
echo "two builds: identical"

rpm -qip "$a"
pkgver=$(dpkg-parsechangelog -l "$top/debian/changelog" -S Version)
[ "$(rpm -qp --qf '%{VERSION}-%{RELEASE}' "$a")" = "$pkgver" ] ||
	fail "RPM version $(rpm -qp --qf '%{VERSION}-%{RELEASE}' "$a") is not the .deb's $pkgver"
[ "$(rpm -qp --qf '%{ARCH}' "$a")" = noarch ] || fail "not noarch"
rpm -qp --requires "$a" >"$tmp/requires"
grep -qx 'dkms' "$tmp/requires" || fail "does not require dkms"
rpm -qp --qf '[%{REQUIREFLAGS:deptype} %{REQUIRENAME}\n]' "$a" >"$tmp/deptypes"
grep -qx 'post dkms' "$tmp/deptypes" || fail "dkms is not required before %post"
grep -qx 'preun dkms' "$tmp/deptypes" || fail "dkms is not required until %preun"

# The installed tree is the .deb's, file for file.
mkdir "$tmp/x" "$tmp/d"
(cd "$tmp/x" && rpm2cpio "$a" | cpio -idm --quiet) || fail "could not unpack the RPM"
deb=$(this_package deb) || fail "could not build the .deb"
dpkg-deb -x "$deb" "$tmp/d"
src=usr/src/ice-backport-$version
[ -f "$tmp/x/$src/dkms.conf" ] || fail "no $src/dkms.conf in the RPM"
grep -qx "PACKAGE_VERSION=\"$version\"" "$tmp/x/$src/dkms.conf" || fail "PACKAGE_VERSION is not $version"
[ "$(tree_hash "$tmp/x/$src")" = "$(tree_hash "$tmp/d/$src")" ] ||
	fail "the RPM's /$src differs from the .deb's: $(diff -r "$tmp/x/$src" "$tmp/d/$src" | head -n 5)"
echo "/$src: $(find "$tmp/x/$src" -type f | wc -l) files, the same as the .deb's"
# ice-backport(8) sends the reader to README.md, the RPM's %doc.
cmp "$tmp/x/usr/share/doc/ice-backport-dkms/README.md" "$top/README.md" ||
	fail "the RPM's /usr/share/doc/ice-backport-dkms/README.md is not README.md"
# One layout and one description for both (scripts/package/install-layout,
# debian/control's Description): the tool, its data and the kernel hook are
# the .deb's, file for file, and the RPM says what the .deb says.
for d in usr/sbin usr/share/ice-backport etc/kernel/postinst.d; do
	[ -d "$tmp/x/$d" ] || fail "the RPM has no /$d"
	[ "$(tree_hash "$tmp/x/$d")" = "$(tree_hash "$tmp/d/$d")" ] ||
		fail "the RPM's /$d differs from the .deb's: $(diff -r "$tmp/x/$d" "$tmp/d/$d" | head -n 5)"
done
dpkg-deb -f "$deb" Description | sed '1d; s/^ //; s/^\.$//' >"$tmp/desc.deb"
rpm -qp --qf '%{DESCRIPTION}\n' "$a" >"$tmp/desc.rpm"
diff "$tmp/desc.deb" "$tmp/desc.rpm" || fail "the RPM's description is not the .deb's"
[ "$(rpm -qp --qf '%{SUMMARY}' "$a")" = "$(dpkg-deb -f "$deb" Description | head -n 1)" ] ||
	fail "the RPM's summary is not the .deb's synopsis"
echo "the tool, its data, the kernel hook and the description: the same as the .deb's"

# Negative control: a changed input must change the bytes.
copy=$(repo_copy)
cp -R "$top/src/." "$copy/src/"
# The first verified line gets another release pattern.
awk '!done && $1 == "line" { $4 = $4 "x"; done = 1 } 1' "$top/kernels.list" >"$copy/kernels.list"
cmp -s "$top/kernels.list" "$copy/kernels.list" && fail "could not change kernels.list for the negative control"
# ... and debian/control's Description gets another synopsis and first
# line: the RPM must follow it (it is made from it, not written twice).
sed -i -e 's/^Description: .*/Description: Changed synopsis for the control/' \
	-e '0,/^ [A-Za-z]/s/^ [A-Za-z].*/ A changed first line of the description./' "$copy/debian/control"
# shellcheck disable=SC2046
set -- $(ICE_BP_TOPDIR=$copy "$copy/scripts/package/build-rpm" "$tmp/c")
cmp -s "$a" "$1" && fail "the binary RPM did not change with kernels.list"
cmp -s "$as" "$2" && fail "the source RPM did not change with kernels.list"
[ "$(rpm -qp --qf '%{SUMMARY}' "$1")" = "Changed synopsis for the control" ] ||
	fail "the RPM's summary did not follow debian/control: $(rpm -qp --qf '%{SUMMARY}' "$1")"
rpm -qp --qf '%{DESCRIPTION}\n' "$1" | head -n 1 | grep -qx 'A changed first line of the description.' ||
	fail "the RPM's description did not follow debian/control"
echo "changed kernels.list and description: both RPMs differ, and say what debian/control says"
