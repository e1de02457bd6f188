#!/bin/sh
# Two imports give byte-identical trees, and the same as src/; the cache of
# the extracted copy-list (import-upstream step 2) gives the tree that
# extracting the tarball gives, and a cache whose hash does not match is
# not used.
. "$ICE_BP_TOPDIR/tests/lib.sh"
# A cache of our own, sharing only the downloads: the first import must
# extract, the second take the copy-list from the cache.
mkdir -p "$tmp/cache"
ln -s "$ICE_BP_CACHE/dl" "$tmp/cache/dl"
import() {
	env ICE_BP_CACHE="$tmp/cache" "$top/scripts/import/import-upstream" --dest "$tmp/$1" >"$tmp/$1.log" 2>&1 ||
		{ cat "$tmp/$1.log"; fail "import $1 failed"; }
	grep -q "$2" "$tmp/$1.log" || { cat "$tmp/$1.log"; fail "import $1 did not say '$2'"; }
	tree_hash "$tmp/$1"
}
a=$(import a "extracting the copy-list")
b=$(import b "from the cache")
echo "first import (extracted)  $a"
echo "second import (cached)    $b"
[ "$a" = "$b" ] || fail "two imports differ: $(diff -r "$tmp/a" "$tmp/b" | head -n 5)"
# A cache entry cut short is not used: the tarball is extracted again.
for x in "$tmp"/cache/extract/*.tar; do
	truncate -s 4096 "$x"
done
c=$(import c "extracting the copy-list")
[ "$a" = "$c" ] || fail "the import after a damaged cache differs"
if [ -f "$top/src/PROVENANCE" ]; then
	cmp "$tmp/a/PROVENANCE" "$top/src/PROVENANCE" ||
		fail "src/ was imported from something else; run make import"
fi
grep -q "^tree_sha256 " "$tmp/a/PROVENANCE" || fail "PROVENANCE records no tree hash"
