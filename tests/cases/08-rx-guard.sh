#!/bin/sh
# The Rx guard accepts the fixed tree and refuses each way of losing the
# fix: the pre-fix path (the pre-fix control), the v1 fix that read the shared
# info for every frame, a cached nr_frags, a release loop that counts frags.
. "$ICE_BP_TOPDIR/tests/lib.sh"
guard=$top/scripts/import/rx-guard
"$top/scripts/import/import-upstream" --dest "$tmp/fixed"
"$guard" "$tmp/fixed" || fail "the guard refuses the fixed tree"
c=drivers/net/ethernet/intel/ice/ice_txrx.c
h=drivers/net/ethernet/intel/ice/ice_txrx.h

# The import itself refuses a tree with the fix reverted.
repo=$(repo_copy)
cp "$repo"/tests/controls/pre-fix/*.patch "$repo/patches/"
(cd "$repo/tests/controls/pre-fix" && ls ./*.patch) | sed 's|^\./||' >>"$repo/patches/series"
expect_fail "$tmp/log0" "is not the fixed one" \
	env ICE_BP_TOPDIR="$repo" "$repo/scripts/import/import-upstream" --dest "$tmp/refused"
[ ! -e "$tmp/refused" ] || fail "a refused import created the destination"

# The pre-fix control tree (tests only), and the guard's reasons.
"$top/scripts/import/import-upstream" --dest "$tmp/pre-fix" --pre-fix-control
grep -q '^variant CONTROL pre-fix' "$tmp/pre-fix/PROVENANCE" || fail "pre-fix control not marked"
expect_fail "$tmp/log1" "ice_put_rx_mbuf() does not walk from first_desc" "$guard" "$tmp/pre-fix"
grep -q "ice_get_pgcnts() does not walk" "$tmp/log1" || fail "ice_get_pgcnts() not reported"
grep -q "caches nr_frags" "$tmp/log1" || fail "cached nr_frags not reported"

# v1 of the fix: shared info read for every frame.
cp -R "$tmp/fixed" "$tmp/v1"
awk '/^static void ice_put_rx_mbuf/ { f = 1 }
f && /if \(unlikely\(xdp_buff_has_frags\(xdp\)\)\)/ { f = 0; next }
{ print }' "$tmp/fixed/$c" >"$tmp/v1/$c"
! cmp -s "$tmp/fixed/$c" "$tmp/v1/$c" || fail "could not make the v1 variant"
expect_fail "$tmp/log2" "reads the shared info without checking xdp_buff_has_frags" "$guard" "$tmp/v1"

# nr_frags cached in the ring, nothing else changed.
cp -R "$tmp/fixed" "$tmp/cached"
sed -i 's/^\tu16 first_desc;$/\tu16 first_desc;\n\tu32 nr_frags;/' "$tmp/cached/$h"
! cmp -s "$tmp/fixed/$h" "$tmp/cached/$h" || fail "could not make the cached variant"
expect_fail "$tmp/log3" "caches nr_frags" "$guard" "$tmp/cached"

# A release loop bounded by a fragment count instead of the ring index.
cp -R "$tmp/fixed" "$tmp/count"
awk '/^static void ice_put_rx_mbuf/ { f = 1 }
f && /while \(idx != ntc\)/ { sub(/idx != ntc/, "i++ <= xdp_frags"); f = 0 }
{ print }' "$tmp/fixed/$c" >"$tmp/count/$c"
expect_fail "$tmp/log4" "ice_put_rx_mbuf() does not walk" "$guard" "$tmp/count"
