#!/bin/sh
# Two imports give byte-identical trees, and the same as src/.
. "$ICE_BP_TOPDIR/tests/lib.sh"
"$top/scripts/import/import-upstream" --dest "$tmp/a"
"$top/scripts/import/import-upstream" --dest "$tmp/b"
a=$(tree_hash "$tmp/a")
b=$(tree_hash "$tmp/b")
echo "first import  $a"
echo "second import $b"
[ "$a" = "$b" ] || fail "two imports differ: $(diff -r "$tmp/a" "$tmp/b" | head -n 5)"
if [ -f "$top/src/PROVENANCE" ]; then
	cmp "$tmp/a/PROVENANCE" "$top/src/PROVENANCE" ||
		fail "src/ was imported from something else; run make import"
fi
grep -q "^tree_sha256 " "$tmp/a/PROVENANCE" || fail "PROVENANCE records no tree hash"
