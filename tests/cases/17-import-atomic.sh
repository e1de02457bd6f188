#!/bin/sh
# The import is atomic (issue 17): on a file system too small for the
# copy-list (a 1 MB tmpfs) it fails saying so and leaves the old tree as it
# was, with no staging directory behind.  The build and the packaging
# check the tree against its PROVENANCE's tree_sha256 and refuse one that
# was cut short.  Controls: the tree comparison sees a file cut short, and
# the intact tree passes the same stage-tree and dkms-source checks.
. "$ICE_BP_TOPDIR/tests/lib.sh"

echo "== a full file system leaves the old tree intact"
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
expect_fail "$tmp/full.log" "no space left" "$top/scripts/import/import-upstream" --dest "$old"
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
repo=$(repo_copy)
cp -a "$top/src/." "$repo/src/"
ICE_BP_TOPDIR=$repo "$repo/scripts/build/stage-tree" "$tmp/stage" ||
	fail "stage-tree refuses the intact import (control)"
echo "ok: the intact tree stages"
f=$repo/src/drivers/net/ethernet/intel/ice/ice_txrx.c
head -c 1000 "$f" >"$tmp/cut" && cat "$tmp/cut" >"$f"
expect_fail "$tmp/stage.log" "not the tree its PROVENANCE describes" \
	env ICE_BP_TOPDIR="$repo" "$repo/scripts/build/stage-tree" "$tmp/stage2"
if command -v dpkg-parsechangelog >/dev/null; then
	expect_fail "$tmp/dkms.log" "not the tree its PROVENANCE describes" \
		env ICE_BP_TOPDIR="$repo" "$repo/scripts/package/dkms-source" "$tmp/dkms-tree"
else
	echo "note: no dpkg-parsechangelog; dkms-source is not run (it stages through stage-tree)"
fi
