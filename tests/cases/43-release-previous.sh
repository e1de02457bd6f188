#!/bin/sh
# The upgrade tests start from the previous release's real package
# (scripts/package/release, the one reader of releases.list): the previous
# release is the newest record older than VERSION; none while VERSION is
# still the first release's (exit 3, said); a
# malformed record or an empty list is refused naming the cause; a release
# commit missing from a shallow clone is reported (exit 3, the upgrade test
# then skips, never passes); a package built once is reused by its commit.
. "$ICE_BP_TOPDIR/tests/lib.sh"
command -v git >/dev/null || skip "git is missing"
rd=$top/scripts/package/release
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

fake 2.0.0.1 "release 1.0.0.1 2026-01-01 $c1 -" "release 1.0.0.2 2026-02-01 $c2 -" "release 2.0.0.1 2026-03-01 $c3 -"
[ "$(rel previous)" = "1.0.0.2 $c2" ] || fail "previous is '$(rel previous)', not the newest record older than VERSION (1.0.0.2)"
[ "$(rel last)" = "2.0.0.1 $c3" ] || fail "last is '$(rel last)', not the last record"
echo "VERSION 2.0.0.1: previous release 1.0.0.2, last 2.0.0.1 ($c3)"
echo 2.0.0.2 >"$tmp/top/VERSION"
[ "$(rel previous)" = "2.0.0.1 $c3" ] || fail "with VERSION 2.0.0.2 the previous release is '$(rel previous)', not 2.0.0.1 ($c3)"
echo "VERSION 2.0.0.2: previous release 2.0.0.1 ($c3)"

echo "== negative controls"
fake 1.0.0.1 "release 1.0.0.1 2026-01-01 $c1 -"
rc=0
rel previous >"$tmp/none.log" 2>&1 || rc=$?
cat "$tmp/none.log"
[ "$rc" = 3 ] || fail "no release older than VERSION: exit $rc, not 3"
grep -q 'no release older than VERSION (1.0.0.1) is recorded' "$tmp/none.log" || fail "the reason is not said"
fake 1.0.0.2 "release 1.0.0.1 2026-01-01 1234 -"
expect_fail "$tmp/bad.log" 'releases.list:2: commit 1234 is not a full commit hash' rel previous
fake 1.0.0.2
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
for d in "$g" "$tmp/shallow"; do
	echo "release 1.0.0.1 2026-01-01 $first -" >"$d/releases.list"
done
rc=0
ICE_BP_TOPDIR=$tmp/shallow ICE_BP_CACHE=$tmp/cache "$rd" build 1.0.0.1 "$tmp/out" >"$tmp/shallow.log" 2>&1 || rc=$?
cat "$tmp/shallow.log"
[ "$rc" = 3 ] || fail "a commit missing from a shallow clone: exit $rc, not 3"
grep -q "commit $first of release 1.0.0.1 is not in this clone's history (this clone is shallow)" "$tmp/shallow.log" ||
	fail "the shallow clone is not named as the reason"
# Control: the full repository has the commit, and a package cached for it
# is what build gives, without building.
mkdir -p "$tmp/cache/releases/$first/out"
echo deb >"$tmp/cache/releases/$first/out/ice-backport-dkms_1.0.0.1-1_all.deb"
echo rpm >"$tmp/cache/releases/$first/out/ice-backport-dkms-1.0.0.1-1.noarch.rpm"
: >"$tmp/cache/releases/$first/done"
got=$(ICE_BP_TOPDIR=$g ICE_BP_CACHE=$tmp/cache "$rd" build 1.0.0.1 "$tmp/out" | head -n 1) || fail "build of a commit the clone has failed"
{ [ "$got" = "$tmp/out/ice-backport-dkms_1.0.0.1-1_all.deb" ] && [ "$(cat "$got")" = deb ]; } ||
	fail "build did not give the package cached for $first: $got"
echo "the full clone has $first; its cached package is reused: $got"
