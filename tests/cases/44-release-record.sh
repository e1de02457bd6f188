#!/bin/sh
# The release stream holds (scripts/package/release check): releases.list
# is well formed and its versions grow, each release has its changelog
# entry, and a tree whose VERSION is the last release's ships exactly what
# that release recorded.  Negative controls, in a copy: a change to what
# ships without a new version, a version recorded out of order, a VERSION
# older than the last release and a malformed record are each refused;
# `release bump` then makes the changed tree acceptable again.
. "$ICE_BP_TOPDIR/tests/lib.sh"
command -v dpkg-parsechangelog >/dev/null || skip "dpkg-dev missing (dpkg-parsechangelog)"
[ -f "$top/src/PROVENANCE" ] || "$top/scripts/import/import-upstream"

"$top/scripts/package/release" check || fail "this clone's release record does not hold"

copy=$(repo_copy)
cp -R "$top/src/." "$copy/src/"
rel() { ICE_BP_TOPDIR=$copy "$copy/scripts/package/release" "$@"; }
version=$(cat "$copy/VERSION")
commit=$(git -C "$top" rev-parse HEAD)
# The copy as if VERSION had just been released from it.
if ! grep -q "^release $version " "$copy/releases.list"; then
	hash=$(ICE_BP_TOPDIR=$copy "$copy/scripts/package/shipped-hash")
	printf 'release %s %s %s %s\n' "$version" 2099-01-01 "$commit" "$hash" >>"$copy/releases.list"
fi
cp "$copy/releases.list" "$tmp/released"
# The copy has no .git: records are not compared with commits there.
rel check || fail "a tree that ships what its release recorded is refused"

# 1. What ships changes (a comment in the operator tool), VERSION does not.
echo '# a change' >>"$copy/tools/ice-backport"
expect_fail "$tmp/log1" "what ships changed since release $version" rel check
# ... and the packaging counts as shipped too.
cp "$top/tools/ice-backport" "$copy/tools/ice-backport"
echo '# a change' >>"$copy/debian/ice-backport-dkms.postinst"
expect_fail "$tmp/log1b" "what ships changed since release $version" rel check

# 2. The way out: bump makes a new, unreleased version with its entry.
rel bump >"$tmp/bump.log" 2>&1 || { cat "$tmp/bump.log"; fail "release bump failed"; }
next=$(cat "$copy/VERSION")
[ "$next" = "${version%.*}.$((${version##*.} + 1))" ] || fail "bump made $next of $version"
[ "$(dpkg-parsechangelog -l "$copy/debian/changelog" -S Version)" = "$next-1" ] ||
	fail "bump wrote no changelog entry for $next"
rel check || fail "the changed tree with a new version is refused"
expect_fail "$tmp/log2" "not released yet" rel bump
cp "$top/VERSION" "$copy/VERSION"
cp "$top/debian/changelog" "$copy/debian/changelog"
cp "$top/debian/ice-backport-dkms.postinst" "$copy/debian/ice-backport-dkms.postinst"

# 3. A release recorded out of order.
awk '$1 == "release" { print; $2 = "0.0.0.1"; print; next } 1' "$tmp/released" >"$copy/releases.list"
expect_fail "$tmp/log3" "is not newer" rel check

# 4. VERSION older than the last release.
cp "$tmp/released" "$copy/releases.list"
echo "${version%.*}.0" >"$copy/VERSION"
expect_fail "$tmp/log4" "older than the last release" rel check
cp "$top/VERSION" "$copy/VERSION"

# 5. A malformed record is named by its line.
printf 'release %s 2099-13 abc -\n' "$version" >>"$copy/releases.list"
expect_fail "$tmp/log5" "releases.list:[0-9]*: date" rel check
cp "$tmp/released" "$copy/releases.list"
rel check || fail "the copy restored is refused"
echo "the release record holds, and each breakage of it is refused"
