#!/bin/sh
# The release stream holds (scripts/package/release check): releases.list
# is well formed and its versions grow, each release has its changelog
# entry, and a tree whose VERSION is the last release's ships exactly what
# that release recorded.  Negative controls, in a copy: a change to what
# ships without a new version, a version recorded out of order, a VERSION
# older than the last release and a malformed record are each refused;
# `release bump` then makes the changed tree acceptable again.  A cut
# refuses a src/ imported before the committed patches, and a cut whose
# commit fails leaves neither its tag nor its record.
# tests/run: minutes
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
	printf 'release %s %s %s %s\n' "$version" "$(LC_ALL=C date -u -d '2 hours ago' +%F)" "$commit" "$hash" >>"$copy/releases.list"
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

echo "== release cut, in a git repository made of the copy"
# Each precondition of a cut is refused by name, then a cut records the
# version with its commit and tag, and `check` holds on the result.
command -v git >/dev/null || skip "git is missing (the cut needs a repository)"
g() { git -C "$copy" -c user.name=t -c user.email=t@ice-backport.invalid "$@"; }
commit() { g add -A && g commit -q -m "$1"; }
# setentry SED: edit the top changelog entry's header or trailer.
setentry() { sed -i "1,/^ -- /{$1}" "$copy/debian/changelog"; }
g init -q
commit "the copy"
rel bump >/dev/null
expect_fail "$tmp/cut1" "uncommitted changes" rel cut
commit "bump"
expect_fail "$tmp/cut2" "is UNRELEASED" rel cut
setentry 's/) UNRELEASED;/) unstable;/'
commit "finished"
expect_fail "$tmp/cut3" "still has its placeholder" rel cut
setentry 's/(describe what this release changes for operators)/A change./'
setentry 's/^\( -- .*>  \).*/\1Fri, 01 Jan 2100 00:00:00 +0000/'
commit "dated ahead"
expect_fail "$tmp/cut4" "dated in the future" rel cut
setentry "s/^\\( -- .*>  \\).*/\\1$(LC_ALL=C date -u -R -d '1 hour ago')/"
commit "dated"
next=$(cat "$copy/VERSION")
import() {
	ICE_BP_TOPDIR=$copy "$copy/scripts/import/import-upstream" >"$tmp/import.log" 2>&1 ||
		{ tail "$tmp/import.log"; fail "could not import for $next"; }
}
import
# src/ is not in git: an import older than the committed patches (here a
# patch's header edited and committed after it) is refused by name, not
# recorded as what ships.
p=$(grep -v '^[[:space:]]*\(#\|$\)' "$copy/patches/series" | tail -n 1)
sed -i '1i # a note' "$copy/patches/$p"
commit "a patch's header edited"
expect_fail "$tmp/cut6" "is not the import of this tree's pin and patches" rel cut
grep -qF "patch ${p##*/}" "$tmp/cut6" || fail "the refusal does not name the patch that differs"
g tag -l | grep -q . && fail "a refused cut left a tag: $(g tag -l)"
import
# A cut whose commit fails (a hook refuses it) takes back its tag and its
# record: the retry finds the tree as it was.
printf '#!/bin/sh\nexit 1\n' >"$copy/.git/hooks/pre-commit"
chmod +x "$copy/.git/hooks/pre-commit"
expect_fail "$tmp/cut7" "the commit of the record of $next failed" rel cut
[ -z "$(g tag -l "v$next")" ] || fail "a cut whose commit failed left its tag v$next"
[ -z "$(g status --porcelain)" ] || fail "a cut whose commit failed left the tree changed: $(g status --porcelain)"
rm "$copy/.git/hooks/pre-commit"
rel cut || fail "a finished, committed entry was not released"
head=$(g rev-parse HEAD~1)
tail -n 1 "$copy/releases.list" | grep -q "^release $next [0-9-]* $head [0-9a-f]\{64\}$" ||
	fail "the record of $next is not its commit and hash: $(tail -n 1 "$copy/releases.list")"
[ "$(g rev-parse "v$next^{commit}")" = "$head" ] || fail "tag v$next is not the released commit"
rel check | grep -q "is the last release, and ships what it recorded" || fail "check does not hold after the cut"
expect_fail "$tmp/cut5" "is already released" rel cut
echo "release cut: each unfinished state refused (a stale import too); a failed commit leaves nothing; the cut records $next at its commit, tags it, and check holds"
