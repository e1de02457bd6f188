#!/bin/sh
# A patch that does not apply stops the import, naming the patch and its
# files, and leaves the destination as it was.
. "$ICE_BP_TOPDIR/tests/lib.sh"
repo=$(repo_copy)
ICE_BP_TOPDIR=$repo "$repo/scripts/import/import-upstream" --dest "$tmp/dest"
before=$(tree_hash "$tmp/dest")
p=$repo/patches/product/0002-ice-report-backport-version-in-ethtool-drvinfo.patch
sed -i 's/^ \tstrscpy(drvinfo->driver, KBUILD_MODNAME/ \tstrscpy(drvinfo->drivers, KBUILD_MODNAME/' "$p"
expect_fail "$tmp/log" "patch 0002-ice-report-backport-version-in-ethtool-drvinfo.patch does not apply (files: drivers/net/ethernet/intel/ice/ice_ethtool.c" \
	env ICE_BP_TOPDIR="$repo" "$repo/scripts/import/import-upstream" --dest "$tmp/dest"
[ "$(tree_hash "$tmp/dest")" = "$before" ] || fail "a failed import changed the destination"
