#!/bin/sh
# The copy-list of upstream.lock is what scripts/import/derive-copylist finds in
# the pinned tree: ice plus the Intel family headers and helpers it uses.
. "$ICE_BP_TOPDIR/tests/lib.sh"
version=$(lock_get version)
tarball=$ICE_BP_CACHE/dl/$(basename "$(lock_get tarball)")-$version
[ -f "$tarball" ] || "$top/scripts/import/import-upstream" --dest "$tmp/imp"
mkdir "$tmp/tree"
# The whole tree: whether a header belongs to the Intel family depends on
# who else in the kernel includes it.
tar -xJf "$tarball" -C "$tmp/tree" --strip-components=1 --exclude='*/Documentation/*'
"$top/scripts/import/derive-copylist" "$tmp/tree" >"$tmp/derived"
lock_all copy >"$tmp/locked"
cat "$tmp/derived"
diff -u "$tmp/locked" "$tmp/derived" || fail "upstream.lock's copy-list differs from the derived one"
