#!/bin/sh
# `scripts/package/build-deb` twice gives byte-identical packages, whose contents
# are what DKMS needs to build offline: the staged tree and a dkms.conf
# with the version filled in, beside the kernel policy (kernels, kernels.list).
. "$ICE_BP_TOPDIR/tests/lib.sh"
command -v dpkg-buildpackage >/dev/null ||
	[ "$(id -u)" = 0 ] || skip "packaging tools missing and not root to install them"
[ -f "$top/src/PROVENANCE" ] || "$top/scripts/import/import-upstream"
version=$(cat "$top/VERSION")
# The first, the run's (this_package), may be minutes older: the same
# bytes still.
a=$(this_package deb) || fail "could not build the .deb"
b=$("$top/scripts/package/build-deb" "$tmp/b")
echo "first build:  $(sha256_of "$a")  $(stat -c %s "$a") bytes"
echo "second build: $(sha256_of "$b")  $(stat -c %s "$b") bytes"
cmp "$a" "$b" || fail "two builds differ"

dpkg-deb -f "$a" Package Version Architecture Depends Recommends
[ "$(dpkg-deb -f "$a" Package)" = ice-backport-dkms ] || fail "wrong package name"
[ "$(dpkg-deb -f "$a" Architecture)" = all ] || fail "not Architecture: all"
case $(dpkg-deb -f "$a" Version) in "$version"-*) ;; *) fail "package version is not VERSION-revision" ;; esac
dpkg-deb -f "$a" Depends | grep -q '^dkms' || fail "does not depend on dkms"

dpkg-deb -x "$a" "$tmp/x"
src=$tmp/x/usr/src/ice-backport-$version
for f in dkms.conf Kbuild Makefile PROVENANCE ice_backport_provenance.h compat/run-probes \
	drivers/net/ethernet/intel/ice/ice_txrx.c drivers/net/ethernet/intel/ice/Makefile; do
	[ -f "$src/$f" ] || fail "$f missing from /usr/src/ice-backport-$version"
done
[ ! -e "$src/.staged" ] || fail "stage-tree's marker is packaged"
# The packaged tree is the staged tree: src/ and compat/, nothing else.
"$top/scripts/kbuild/stage-tree" "$tmp/staged"
rm -f "$tmp/staged/.staged" "$src/dkms.conf"
[ "$(tree_hash "$src")" = "$(tree_hash "$tmp/staged")" ] ||
	fail "packaged tree differs from scripts/kbuild/stage-tree: $(diff -r "$src" "$tmp/staged" | head -n 5)"
dpkg-deb --fsys-tarfile "$a" | tar -xO "./usr/src/ice-backport-$version/dkms.conf" >"$tmp/dkms.conf"
grep -qx "PACKAGE_VERSION=\"$version\"" "$tmp/dkms.conf" || fail "PACKAGE_VERSION is not $version"
sed "s/#MODULE_VERSION#/$version/g" "$top/dkms.conf" | cmp - "$tmp/dkms.conf" ||
	fail "packaged dkms.conf is not dkms.conf with its version"
# The kernel policy beside it, and for the operator tool.
cmp "$src/kernels.list" "$top/kernels.list" || fail "the tree's kernels.list is not the repository's"
dpkg-deb --fsys-tarfile "$a" | tar -xO ./usr/share/ice-backport/kernels.list | cmp - "$top/kernels.list" ||
	fail "/usr/share/ice-backport/kernels.list is not the repository's"
for hook in etc/kernel/postinst.d/ice-backport etc/kernel/header_postinst.d/ice-backport; do
	dpkg-deb --fsys-tarfile "$a" | tar -xO "./$hook" | cmp - "$top/tools/kernel-hook" || fail "/$hook is not tools/kernel-hook"
done
echo "kernel policy and hooks packaged"
# ice-backport(8) sends the reader to README.md at this path (SEE ALSO).
dpkg-deb --fsys-tarfile "$a" | tar -xO ./usr/share/doc/ice-backport-dkms/README.md.gz | gzip -dc | cmp - "$top/README.md" ||
	fail "/usr/share/doc/ice-backport-dkms/README.md.gz is not README.md"
grep -q '^\.I /usr/share/doc/ice-backport-dkms/README\.md\.gz$' "$top/tools/ice-backport.8" ||
	fail "ice-backport(8) does not name the README the .deb ships"
echo "README.md shipped where the manual page says"
