#!/bin/sh
# A tampered tarball or .deb is refused with both sums, and the tree it
# would have replaced is left as it was: whether the copy-list is
# extracted or taken from the cache (import-upstream step 2).
. "$ICE_BP_TOPDIR/tests/lib.sh"
"$top/scripts/import/import-upstream" --dest "$tmp/dest"
before=$(tree_hash "$tmp/dest")
version=$(lock_get version)
tarball=$ICE_BP_CACHE/dl/$(basename "$(lock_get tarball)")-$version

cp "$tarball" "$tmp/tampered.tar.xz"
printf 'x' | dd of="$tmp/tampered.tar.xz" bs=1 seek=4096 conv=notrunc 2>/dev/null
expect_fail "$tmp/log1" "checksum mismatch" \
	"$top/scripts/import/import-upstream" --dest "$tmp/dest" --tarball "$tmp/tampered.tar.xz"
grep -q "expected (upstream.lock) $(lock_get tar_sha256)" "$tmp/log1" || fail "the expected sum is not shown"
grep -q "got  *$(sha256_of "$tmp/tampered.tar.xz")" "$tmp/log1" || fail "the sum found is not shown"
# The first import filled the cache, so that was the cached path; now
# the extracting one, with an empty cache of our own.
grep -q "from the cache" "$tmp/log1" || fail "the tampered tarball did not meet the cache"
mkdir -p "$tmp/nocache"
expect_fail "$tmp/log3" "checksum mismatch" \
	env ICE_BP_CACHE="$tmp/nocache" "$top/scripts/import/import-upstream" --dest "$tmp/dest" --tarball "$tmp/tampered.tar.xz"
! grep -q "from the cache" "$tmp/log3" || fail "an empty cache was used"

# The .deb, through a cache of our own.
mkdir -p "$tmp/cache/dl"
deb=$ICE_BP_CACHE/dl/$(lock_get package)_${version}_all.deb
cp "$deb" "$tmp/cache/dl/"
printf 'x' | dd of="$tmp/cache/dl/$(basename "$deb")" bs=1 seek=100000 conv=notrunc 2>/dev/null
expect_fail "$tmp/log2" "checksum mismatch for .*$(basename "$deb")" \
	env ICE_BP_CACHE="$tmp/cache" "$top/scripts/import/import-upstream" --dest "$tmp/dest"
grep -q "expected (upstream.lock) $(lock_get deb_sha256)" "$tmp/log2" || fail "the expected sum is not shown"

[ "$(tree_hash "$tmp/dest")" = "$before" ] || fail "a refused import changed the destination"
