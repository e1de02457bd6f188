#!/bin/sh
# The import is atomic: on a file system too small for the
# copy-list (a 1 MB tmpfs) it fails saying so and leaves the old tree as it
# was, with no staging directory behind.  The build and the packaging
# check the tree against its PROVENANCE's tree_sha256 and refuse one that
# was cut short.  Controls: the tree comparison sees a file cut short, and
# the intact tree passes the same stage-tree and dkms-source checks.  A
# staging again copies what changed and only that.
. "$ICE_BP_TOPDIR/tests/lib.sh"

repo=$(repo_copy)

echo "== a full file system leaves the old tree intact"
# A small upstream of our own, pinned in the copy's upstream.lock: every
# path of the copy-list, and 2 MB that do not compress, more than the
# tmpfs holds (the real tarball would cost a 150 MB xz decompression).
up=$tmp/up/linux-source-6.12
lock_all copy | while read -r c; do
	case $c in
	*/) mkdir -p "$up/$c" ;;
	*) mkdir -p "$up/$(dirname "$c")" && echo "/* $c */" >"$up/$c" ;;
	esac
done
head -c 2000000 /dev/urandom >"$up/drivers/net/ethernet/intel/ice/ice_main.c"
tar -cJf "$tmp/up.tar.xz" -C "$tmp/up" linux-source-6.12
sed -i "s/^tar_sha256 .*/tar_sha256   $(sha256_of "$tmp/up.tar.xz")/" "$repo/upstream.lock"
# No patch and a guard that accepts it, so that every step but the write
# can pass: what is tested is how the tree is put in place.
: >"$repo/patches/series"
printf '#!/bin/sh\nexit 0\n' >"$repo/scripts/import/rx-guard"
small=$tmp/small
mkdir -p "$small"
mount -t tmpfs -o size=1m tmpfs "$small" 2>/dev/null || skip "cannot mount a tmpfs here (needs root)"
trap 'umount "$small" 2>/dev/null || true; rm -rf "$tmp"' EXIT
# An old import: our two files, one imported file, a PROVENANCE over them.
old=$small/src
mkdir -p "$old/drivers/net/ethernet/intel/ice"
cp "$top/src/Kbuild" "$top/src/Makefile" "$old/"
echo "/* the old import */" >"$old/drivers/net/ethernet/intel/ice/ice_main.c"
echo "tree_sha256 old" >"$old/PROVENANCE"
before=$(tree_hash "$old")
expect_fail "$tmp/full.log" "no space left" \
	env ICE_BP_TOPDIR="$repo" "$repo/scripts/import/import-upstream" --dest "$old" --tarball "$tmp/up.tar.xz"
after=$(tree_hash "$old")
[ "$after" = "$before" ] || fail "the failed import changed the old tree: $(find "$old" -type f | head)"
for s in "$small"/.src.import.*; do
	[ ! -e "$s" ] || fail "the staging directory $s was left behind"
done
echo "ok: the old tree is byte for byte as it was, nothing left beside it"
echo "-- control: the comparison sees one file cut short"
: >"$old/drivers/net/ethernet/intel/ice/ice_main.c"
[ "$(tree_hash "$old")" != "$before" ] || fail "the tree comparison misses a truncated file"
umount "$small"
trap 'rm -rf "$tmp"' EXIT

echo "== the build and the packaging check tree_sha256"
[ -f "$top/src/PROVENANCE" ] || skip "no imported upstream in src/ (make import)"
cp "$top/upstream.lock" "$repo/upstream.lock"
cp -a "$top/src/." "$repo/src/"
ICE_BP_TOPDIR=$repo "$repo/scripts/kbuild/stage-tree" "$tmp/stage" ||
	fail "stage-tree refuses the intact import (control)"
echo "ok: the intact tree stages"
# What kbuild builds is the staged tree: a source changed since the last
# staging must reach it, one unchanged keep its time stamp (kbuild
# rebuilds what is newer than its object), one gone leave it.
st=$tmp/stage
diff -r "$repo/compat" "$st/compat" >/dev/null || fail "the staged tree's compat/ is not the sources'"
touch -d '2000-01-01' "$st/Kbuild" "$st/compat/compat.h"
echo '/* changed by test 17 */' >>"$repo/compat/compat.h"
echo 'test 17' >"$repo/compat/test-17.txt"
ICE_BP_TOPDIR=$repo "$repo/scripts/kbuild/stage-tree" "$st" || fail "the second staging failed"
cmp -s "$repo/compat/compat.h" "$st/compat/compat.h" || fail "a changed file did not reach the staged tree"
[ -f "$st/compat/test-17.txt" ] || fail "a new file did not reach the staged tree"
[ "$(stat -c %Y "$st/Kbuild")" = "$(date -d 2000-01-01 +%s)" ] ||
	fail "an unchanged file was copied again (kbuild would rebuild what depends on it)"
rm "$repo/compat/test-17.txt"
cp "$top/compat/compat.h" "$repo/compat/compat.h"
ICE_BP_TOPDIR=$repo "$repo/scripts/kbuild/stage-tree" "$st" || fail "the third staging failed"
[ ! -e "$st/compat/test-17.txt" ] || fail "a file gone from the sources stays in the staged tree"
cmp -s "$top/compat/compat.h" "$st/compat/compat.h" || fail "the restored file did not reach the staged tree"
echo "ok: a staging copies what changed, keeps what did not, removes what is gone"
f=$repo/src/drivers/net/ethernet/intel/ice/ice_txrx.c
head -c 1000 "$f" >"$tmp/cut" && cat "$tmp/cut" >"$f"
expect_fail "$tmp/stage.log" "not the tree its PROVENANCE describes" \
	env ICE_BP_TOPDIR="$repo" "$repo/scripts/kbuild/stage-tree" "$tmp/stage2"
if command -v dpkg-parsechangelog >/dev/null; then
	expect_fail "$tmp/dkms.log" "not the tree its PROVENANCE describes" \
		env ICE_BP_TOPDIR="$repo" "$repo/scripts/package/dkms-source" "$tmp/dkms-tree"
else
	echo "note: no dpkg-parsechangelog; dkms-source is not run (it stages through stage-tree)"
fi
