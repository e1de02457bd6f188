#!/bin/sh
# Two imports at once on a download cache that has the pinned .deb but
# not yet its tarball (two `make` on a fresh machine): both succeed, with
# the same tree, and the cache holds the one tarball upstream.lock pins
# and no leftover.  Each writes what it puts into the cache under a name
# of its own, then renames it (cache_put, scripts/lib/common.sh); with
# the fixed name "$tarball.tmp" one import failed with a checksum
# mismatch that blamed the pin and the other with "mv: cannot stat"
# (seen on the tree before the fix).  Control: the same two imports one
# after the other give the same tree.  And --dest a directory that holds
# other files and no PROVENANCE is refused, untouched (it lost its
# drivers/ and the like, exit 0).
. "$ICE_BP_TOPDIR/tests/lib.sh"

real=${ICE_BP_CACHE:-/var/cache/ice-backport}
[ "$(id -u)" = 0 ] || real=${ICE_BP_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/ice-backport}
deb=$(ls "$real"/dl/"$(lock_get package)"_"$(lock_get version)"_all.deb 2>/dev/null || true)
[ -f "$deb" ] || skip "the pinned .deb is not in the download cache ($real/dl): run make import first"
cache=$tmp/cache
mkdir -p "$cache/dl"
cp "$deb" "$cache/dl/"

# imp NAME: an import into $tmp/NAME with the private cache.
imp() {
	ICE_BP_CACHE=$cache "$top/scripts/import/import-upstream" --dest "$tmp/$1" >"$tmp/$1.log" 2>&1
}
imp a &
pa=$!
imp b &
pb=$!
ra=0 rb=0
wait "$pa" || ra=$?
wait "$pb" || rb=$?
for n in a b; do sed "s/^/    $n| /" "$tmp/$n.log"; done
[ "$ra" = 0 ] || fail "the first of two imports at once failed: $(tail -n 1 "$tmp/a.log")"
[ "$rb" = 0 ] || fail "the second of two imports at once failed: $(tail -n 1 "$tmp/b.log")"
ta=$(sed -n 's/^tree_sha256 //p' "$tmp/a/PROVENANCE")
tb=$(sed -n 's/^tree_sha256 //p' "$tmp/b/PROVENANCE")
if [ -z "$ta" ] || [ "$ta" != "$tb" ]; then fail "the two imports differ: $ta, $tb"; fi
tarball=$cache/dl/$(basename "$(lock_get tarball)")-$(lock_get version)
[ "$(sha256_of "$tarball")" = "$(lock_get tar_sha256)" ] || fail "the cached tarball is not the one upstream.lock pins"
left=$(find "$cache/dl" -name '.*' | head -n 3)
[ -z "$left" ] || fail "temporary files left in the cache: $left"
echo "ok: both imports at once succeeded, tree $ta; one pinned tarball in the cache, nothing left over"

echo "-- control: one after the other"
imp c || fail "a third import, alone, failed"
[ "$(sed -n 's/^tree_sha256 //p' "$tmp/c/PROVENANCE")" = "$ta" ] || fail "an import alone gives another tree"
echo "ok: the same tree"

echo "== --dest a directory that is no import"
mkdir -p "$tmp/mine/drivers"
echo "mine" >"$tmp/mine/drivers/keep.txt"
expect_fail "$tmp/d.log" "is not empty and is no earlier import" \
	env ICE_BP_CACHE="$cache" "$top/scripts/import/import-upstream" --dest "$tmp/mine"
[ "$(cat "$tmp/mine/drivers/keep.txt" 2>/dev/null)" = mine ] || fail "the import touched a directory that is no import"
imp a || fail "control: a new import into the earlier import a was refused"
echo "ok: refused, nothing touched; control: an earlier import is imported into again"
