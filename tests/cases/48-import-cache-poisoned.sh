#!/bin/sh
# A poisoned extraction cache builds nothing: the import's cache of the
# copy-list ($ICE_BP_CACHE/extract/<key>.tar, a writable directory) is
# unpacked, a line added to ice_devids.h, re-tarred, and its sidecar sum
# written again (all an attacker with write access to the cache can do).
# The import must not take it: it says the cached copy-list is not the one
# upstream.lock pins (copy_sha256), extracts the verified tarball again,
# and gives the tree and PROVENANCE of a clean import.  A copy-list that
# does not hash to the pin when extracted from the tarball itself stops
# the import, naming both sums, and the destination is left as it was.
# Control: with the poisoned tree's own hash pinned, the same cache is
# taken and the added line reaches the tree, so the checks below see the
# attack when the pin does not stop it.
. "$ICE_BP_TOPDIR/tests/lib.sh"
# A cache of our own, sharing the downloads, with a copy of the shared
# cache's entry of the pinned copy-list if it has one (the one whose
# contents hash to copy_sha256; the import makes one if none fits).
mkdir -p "$tmp/cache/extract"
ln -s "$ICE_BP_CACHE/dl" "$tmp/cache/dl"
for x in "$ICE_BP_CACHE"/extract/*.tar; do
	[ -f "$x" ] || continue
	rm -rf "$tmp/x"
	mkdir "$tmp/x"
	tar -xf "$x" -C "$tmp/x" 2>/dev/null || continue
	if [ "$(tree_hash "$tmp/x")" = "$(lock_get copy_sha256)" ]; then
		cp "$x" "$tmp/cache/extract/"
	fi
done
import() {
	env ICE_BP_CACHE="$tmp/cache" "$@" >"$tmp/import.log" 2>&1 || { cat "$tmp/import.log"; return 1; }
	cat "$tmp/import.log"
}
import "$top/scripts/import/import-upstream" --dest "$tmp/clean" || fail "the clean import failed"
clean=$(tree_hash "$tmp/clean")
devids=drivers/net/ethernet/intel/ice/ice_devids.h
poison='#define ICE_DEV_ID_POISONED 0xdead'

# poison_cache ENTRY...: the attack.
poison_cache() {
	for x in "$@"; do
		rm -rf "$tmp/x"
		mkdir "$tmp/x"
		tar -xf "$x" -C "$tmp/x"
		echo "$poison" >>"$tmp/x/$devids"
		tar -cf "$x" -C "$tmp/x" --sort=name .
		sha256_of "$x" >"$x.sha256"
	done
}
poison_cache "$tmp"/cache/extract/*.tar
ls "$tmp"/cache/extract/*.tar >/dev/null 2>&1 || fail "the clean import left no cache entry to poison"

echo "== the import after the cache was poisoned"
import "$top/scripts/import/import-upstream" --dest "$tmp/after" || fail "the import after the poisoning failed"
grep -q "is not the one upstream.lock pins (copy_sha256" "$tmp/import.log" || fail "the import did not say that the cached copy-list is not the pinned one"
grep -q "extracting the copy-list" "$tmp/import.log" || fail "the import did not extract the verified tarball again"
# The entry the import looked up (and wrote again, clean).
used=$(sed -n 's/.* from the cache (\(.*\))$/\1/p' "$tmp/import.log")
[ -f "$used" ] || fail "the import named no cache entry"
! grep -qF "$poison" "$tmp/after/$devids" || fail "the poisoned ice_devids.h reached the tree"
[ "$(tree_hash "$tmp/after")" = "$clean" ] || fail "the tree differs from a clean import"
cmp "$tmp/after/PROVENANCE" "$tmp/clean/PROVENANCE" || fail "PROVENANCE differs from a clean import's"
echo "ok: the poisoned cache was not used; tree and PROVENANCE are a clean import's"

echo "== a copy-list that does not hash to the pin, from the tarball itself"
repo=$(repo_copy)
sed -i 's/^copy_sha256 .*/copy_sha256  0000000000000000000000000000000000000000000000000000000000000000/' "$repo/upstream.lock"
mkdir -p "$tmp/nocache"
ln -s "$ICE_BP_CACHE/dl" "$tmp/nocache/dl"
before=$(tree_hash "$tmp/clean")
expect_fail "$tmp/log2" "does not hash to upstream.lock's copy_sha256" \
	env ICE_BP_TOPDIR="$repo" ICE_BP_CACHE="$tmp/nocache" "$repo/scripts/import/import-upstream" --dest "$tmp/clean"
grep -q "got  *[0-9a-f]\{64\}" "$tmp/log2" || fail "the sum found is not shown"
grep -q "fix: .*move-pin" "$tmp/log2" || fail "the fix is not named"
[ "$(tree_hash "$tmp/clean")" = "$before" ] || fail "a refused import changed the destination"
[ ! -e "$tmp/nocache/extract" ] || [ -z "$(ls "$tmp/nocache/extract")" ] || fail "a refused copy-list was cached"

echo "-- control: the poisoned tree's own hash pinned, the cache is taken"
poison_cache "$used"
mkdir "$tmp/x2"
tar -xf "$used" -C "$tmp/x2"
sed -i "s/^copy_sha256 .*/copy_sha256  $(tree_hash "$tmp/x2")/" "$repo/upstream.lock"
import env ICE_BP_TOPDIR="$repo" "$repo/scripts/import/import-upstream" --dest "$tmp/ctl" ||
	fail "control: the import failed"
grep -q "from the cache" "$tmp/import.log" || fail "control: the cache was not taken"
grep -qF "$poison" "$tmp/ctl/$devids" || fail "control: the poisoned line did not reach the tree: the checks above prove nothing"
echo "control: a pin of the poisoned tree lets it through, and the checks see it"
