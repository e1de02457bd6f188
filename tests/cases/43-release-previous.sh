#!/bin/sh
# The upgrade tests start from the previous release's real package
# (scripts/package/release-deb, the one reader of releases.list): the
# previous release is the last record whose version differs from VERSION;
# none while VERSION is still the last release's (exit 3, said); a
# malformed record or an empty list is refused naming the cause; a release
# commit missing from a shallow clone is reported (exit 3, the upgrade test
# then skips, never passes); a package built once is reused by its commit.
. "$ICE_BP_TOPDIR/tests/lib.sh"
command -v git >/dev/null || skip "git is missing"
rd=$top/scripts/package/release-deb
c1=1111111111111111111111111111111111111111
c2=2222222222222222222222222222222222222222
c3=3333333333333333333333333333333333333333

# fake VERSION RECORD...: a top directory with that VERSION and releases.list.
fake() {
	rm -rf "$tmp/top"
	mkdir -p "$tmp/top"
	echo "$1" >"$tmp/top/VERSION"
	shift
	{
		echo '# release VERSION DATE COMMIT SHIPPED_SHA256'
		for r in "$@"; do echo "$r"; done
	} >"$tmp/top/releases.list"
}
rel() { ICE_BP_TOPDIR=$tmp/top ICE_BP_CACHE=$tmp/cache "$rd" "$@"; }

fake 2.0.1 "release 1.0.1 2026-01-01 $c1 -" "release 2.0.1 2026-02-01 $c2 -" "release 2.0.1 2026-03-01 $c3 -"
[ "$(rel previous)" = "1.0.1 $c1" ] || fail "previous is '$(rel previous)', not the last record of another version (1.0.1)"
[ "$(rel last)" = "2.0.1 $c3" ] || fail "last is '$(rel last)', not the last record"
echo "VERSION 2.0.1: previous release 1.0.1, last 2.0.1 ($c3)"
echo 2.0.2 >"$tmp/top/VERSION"
[ "$(rel previous)" = "2.0.1 $c3" ] || fail "with VERSION 2.0.2 the previous release is '$(rel previous)', not 2.0.1 ($c3)"
echo "VERSION 2.0.2: previous release 2.0.1 ($c3)"

echo "== negative controls"
fake 1.0.1 "release 1.0.1 2026-01-01 $c1 -"
rc=0
rel previous >"$tmp/none.log" 2>&1 || rc=$?
cat "$tmp/none.log"
[ "$rc" = 3 ] || fail "no release of another version: exit $rc, not 3"
grep -q 'no release in releases.list has a version other than VERSION (1.0.1)' "$tmp/none.log" || fail "the reason is not said"
fake 1.0.2 "release 1.0.1 2026-01-01 1234 -"
expect_fail "$tmp/bad.log" 'releases.list:2: not a record' rel previous
fake 1.0.2
expect_fail "$tmp/empty.log" 'releases.list records no release' rel last

echo "== a release commit that a shallow clone lacks"
g=$tmp/git
git init -q "$g"
for n in 1 2; do
	echo "$n" >"$g/file"
	git -C "$g" add file
	git -C "$g" -c user.name=t -c user.email=t@ice-backport.invalid commit -q -m "commit $n"
done
first=$(git -C "$g" rev-parse HEAD~1)
git clone -q --depth 1 "file://$g" "$tmp/shallow"
rc=0
ICE_BP_TOPDIR=$tmp/shallow ICE_BP_CACHE=$tmp/cache "$rd" build "$first" >"$tmp/shallow.log" 2>&1 || rc=$?
cat "$tmp/shallow.log"
[ "$rc" = 3 ] || fail "a commit missing from a shallow clone: exit $rc, not 3"
grep -q "commit $first is not in this clone's history (this clone is shallow)" "$tmp/shallow.log" ||
	fail "the shallow clone is not named as the reason"
# Control: the full repository has the commit, and a package cached for it
# is what build gives, without building.
mkdir -p "$tmp/cache/releases/$first"
: >"$tmp/cache/releases/$first/ice-backport-dkms_1.0.1-1_all.deb"
got=$(ICE_BP_TOPDIR=$g ICE_BP_CACHE=$tmp/cache "$rd" build "$first") || fail "build of a commit the clone has failed"
[ "$got" = "$tmp/cache/releases/$first/ice-backport-dkms_1.0.1-1_all.deb" ] || fail "build did not reuse the package cached for $first: $got"
echo "the full clone has $first; its cached package is reused: $got"
