#!/bin/sh
# A pin to a package version the archive does not have is refused,
# naming the package, the version and the suite.
. "$ICE_BP_TOPDIR/tests/lib.sh"
repo=$(repo_copy)
sed -i 's/^version .*/version      6.12.999-1/' "$repo/upstream.lock"
echo 6.12.999.1 >"$repo/VERSION"
expect_fail "$tmp/log" "package linux-source-6.12 version 6.12.999-1 not found in Debian suite '$(lock_get suite)'" \
	env ICE_BP_TOPDIR="$repo" ICE_BP_CACHE="$tmp/cache" "$repo/scripts/import/import-upstream" --dest "$tmp/dest"
[ ! -e "$tmp/dest" ] || fail "a failed import created the destination"
