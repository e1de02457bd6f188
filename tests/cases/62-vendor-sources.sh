#!/bin/sh
# The lines proven from their source (kernels.list's `source` records) and
# the sources that prove them (vendor-kernels.lock, read by
# scripts/kbuild/vendor-kernel) agree, and a source is built only when it is
# the one pinned.
#
# 1. Every devel tree a source line names exists in the lock, pins its
#    source's checksum, and has a release that the line's own pattern
#    makes verified (the tier of `ice-backport tier`).  Shown failing: a
#    kernels.list whose RHEL 9.6 pattern lost its `+rt` no longer covers
#    the rt tree, and the same check says so.
# 2. The source check, on a small source of this test's own (a git
#    repository with a blob removed, as the fetched snapshots lack some):
#    `pin` records its checksum; the repository, and a directory holding
#    the same tree, are accepted; a directory with one file changed is
#    refused with the checksum named; a lock that does not list the
#    missing blob as ABSENT is refused with the count of files and the
#    blob's path named, and the ABSENT value that lists it.
#    The same tree as a vendor's kernel SRPM (made by rpmbuild) is
#    accepted, its configuration where devel records read it; an SRPM
#    with one file of its tarball changed, one without the kernel tarball
#    and a truncated one are refused, each naming the cause.
#    No kernel is built here: tests/source-cases do that.
. "$ICE_BP_TOPDIR/tests/lib.sh"
vk=$top/scripts/kbuild/vendor-kernel

# consistent LIST: check 1 against the kernels.list LIST.
consistent() {
	n=0
	kernels --list "$1" sources >"$tmp/sources"
	while read -r name _series _regex devels; do
		for d in $(echo "$devels" | tr ',' ' '); do
			rel=$("$vk" release "$d") || return 1
			src=$(awk -v d="$d" '$1 == "devel" && $2 == d { print $3 }' "$top/vendor-kernels.lock")
			sha=$(awk -v s="$src" '$1 == "source" && $2 == s { print $6 }' "$top/vendor-kernels.lock")
			case $sha in
			[0-9a-f]*) ;;
			*) echo "devel $d: its source '$src' pins no checksum"; return 1 ;;
			esac
			tier=$(kernels --list "$1" tier "$rel" --json)
			case $tier in
			*'"tier":"verified","line":"'"$name"'"'*) ;;
			*) echo "devel $d ($rel) of line $name: $tier"; return 1 ;;
			esac
			echo "line $name: devel $d, $rel: verified, source $src pinned"
			n=$((n + 1))
		done
	done <"$tmp/sources"
	[ "$n" -gt 0 ] || { echo "no source line"; return 1; }
}
consistent "$top/kernels.list" || fail "kernels.list and vendor-kernels.lock disagree (above)"
sed 's/el9_6\\\.x86_64(\\+rt)?\$/el9_6\\.x86_64$/' "$top/kernels.list" >"$tmp/kernels.list"
! cmp -s "$tmp/kernels.list" "$top/kernels.list" || fail "the control could not change the RHEL 9.6 pattern"
if consistent "$tmp/kernels.list" >"$tmp/ctl" 2>&1; then
	cat "$tmp/ctl"
	fail "a RHEL 9.6 line without +rt passed the check"
fi
grep -q 'devel rhel9.6-rt (5.14.0-570.32.1.el9_6.x86_64+rt) of line rhel9.6' "$tmp/ctl" ||
	{ cat "$tmp/ctl"; fail "the control failed for another reason"; }
echo "control: a RHEL 9.6 line without +rt is caught (the rt tree is not covered)"

# 2. A small source.
export ICE_BP_CACHE="$tmp/cache"
g=$tmp/src.git
git init -q "$g"
mkdir -p "$g/drivers/big" "$g/kernel"
printf 'VERSION = 6\nPATCHLEVEL = 12\nSUBLEVEL = 0\nEXTRAVERSION =\n' >"$g/Makefile"
echo 'int x;' >"$g/kernel/a.c"
echo 'large register header' >"$g/drivers/big/regs.h"
git -C "$g" add -A
git -C "$g" -c user.name=t -c user.email=t@t commit -qm import
commit=$(git -C "$g" rev-parse HEAD)
blob=$(git -C "$g" rev-parse HEAD:drivers/big/regs.h)
rm "$g/.git/objects/$(echo "$blob" | cut -c 1-2)/$(echo "$blob" | cut -c 3-)"
cat >"$tmp/lock" <<EOT
source t github:example/t $commit drivers/big -
devel  t t 6.12.0-1.el10_9.x86_64 trixie Makefile -
EOT
export ICE_BP_VENDOR_LOCK="$tmp/lock"
"$vk" --source "$g" pin t
sha=$(awk '$1 == "source" { print $6 }' "$tmp/lock")
case $sha in [0-9a-f]*) ;; *) fail "pin wrote no checksum: $(cat "$tmp/lock")" ;; esac
"$vk" --source "$g" source t >/dev/null || fail "the pinned repository was refused"
echo "the pinned repository is accepted ($sha)"
mkdir "$tmp/dir"
git -C "$g" archive HEAD -- Makefile kernel | tar -x -C "$tmp/dir"
"$vk" --source "$tmp/dir" source t >/dev/null || fail "a directory holding the same tree was refused"
echo "a directory holding the same tree is accepted"
echo 'int y;' >"$tmp/dir/kernel/a.c"
expect_fail "$tmp/log" "does not match vendor-kernels.lock" "$vk" --source "$tmp/dir" source t

# srpm NAME TREE: an SRPM laid out as a vendor's kernel SRPM is (the tree
# as linux-RELEASE.tar.xz, the configuration and a rebuild's patch beside
# it), made by rpmbuild; TREE "-" for one without the kernel tarball.
srpm() {
	d=$tmp/rpm.$1
	mkdir -p "$d/SOURCES" "$d/SPECS"
	src0=
	if [ "$2" != - ]; then
		cp -a "$2" "$d/linux-6.12.0-1.el10_9"
		tar -C "$d" -cJf "$d/SOURCES/linux-6.12.0-1.el10_9.tar.xz" linux-6.12.0-1.el10_9
		src0='Source0: linux-6.12.0-1.el10_9.tar.xz'
	fi
	echo 'CONFIG_ICE=m' >"$d/SOURCES/kernel-x86_64-rhel.config"
	echo 'a rebuild patch' >"$d/SOURCES/0001-rebuild.patch"
	printf '%s\n' 'Name: kernel' 'Version: 6.12.0' 'Release: 1.el10_9' 'Summary: t' 'License: GPLv2' \
		"$src0" 'Source32: kernel-x86_64-rhel.config' 'Patch2001: 0001-rebuild.patch' \
		'%description' 't' >"$d/SPECS/kernel.spec"
	rpmbuild -bs --nodeps --define "_topdir $d" "$d/SPECS/kernel.spec" >"$d.log" 2>&1 ||
		{ cat "$d.log"; fail "rpmbuild could not make the test's SRPM"; }
	ls "$d"/SRPMS/*.src.rpm
}
"$top/scripts/kbuild/need-tools" "SRPM tools" rpmbuild:rpm rpm2cpio:rpm2cpio cpio:cpio
rm -rf "$tmp/dir"
mkdir "$tmp/dir"
git -C "$g" archive HEAD -- Makefile kernel | tar -x -C "$tmp/dir"
good=$(srpm good "$tmp/dir")
"$vk" --source "$good" source t >/dev/null || fail "the SRPM of the pinned tree was refused"
[ -f "$ICE_BP_CACHE/vendor-kernels/src/t/almalinux/kernel-x86_64-rhel.config" ] ||
	fail "the SRPM's configuration is not in the source's almalinux/, where devel records read it"
[ ! -e "$ICE_BP_CACHE/vendor-kernels/src/t/almalinux/0001-rebuild.patch" ] ||
	fail "the rebuild's patch was taken into the source"
echo "the SRPM of the pinned tree is accepted, its configuration in almalinux/"
echo 'int y;' >"$tmp/dir/kernel/a.c"
bad=$(srpm bad "$tmp/dir")
expect_fail "$tmp/log" "does not match vendor-kernels.lock" "$vk" --source "$bad" source t
none=$(srpm none -)
expect_fail "$tmp/log" "holds no kernel tarball" "$vk" --source "$none" source t
head -c 3000 "$good" >"$tmp/kernel-6.12.0-1.el10_9.src.rpm"
expect_fail "$tmp/log" "is not a readable SRPM" "$vk" --source "$tmp/kernel-6.12.0-1.el10_9.src.rpm" source t
left=$(find "$ICE_BP_CACHE/vendor-kernels/src" -mindepth 1 -maxdepth 1 ! -name t ! -name .t.lock)
[ -z "$left" ] || fail "refused SRPMs left files behind: $left"
[ -f "$ICE_BP_CACHE/vendor-kernels/src/t/.icebp-verified" ] || fail "a refused SRPM lost the verified source"
echo "the refused SRPMs left nothing behind and the verified source in place"

sed -i 's| drivers/big | - |' "$tmp/lock"
expect_fail "$tmp/log" "not the commit's 3" "$vk" --source "$g" source t
grep -q '^  drivers/big/regs.h$' "$tmp/log" ||
	fail "the refusal does not name the path whose blob the repository lacks"
grep -q 'it would read: drivers/big/regs.h$' "$tmp/log" ||
	fail "the refusal does not give the ABSENT value that lists the path"
