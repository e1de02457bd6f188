#!/bin/sh
# The apt repository of scripts/package/repo (make repo), with apt itself
# in a Debian 12 root (apt 2.6, gpgv) and in a Debian 13 root (apt 3.0,
# sqv), each configured with the .sources snippet make repo writes
# (Signed-By the repository's key): over file://, apt-get update and the
# install of ice-backport-dkms; over a static HTTP server on 127.0.0.1
# (by-hash requests seen in its log), the next release published to the
# same repository is held back by the apt pin make repo writes (the
# fleet's hold), installed once the pin goes (the upgrade), and rolled
# back to by putting the pin back; then removal.  Negative controls, each
# refused by apt with its own message: a Release signed by another key, a
# Release past its Valid-Until, a tampered .deb in the pool.  And the
# tests' apt_root, with the release's shared download cache locked (as
# another test's apt holds it through its DKMS builds), installs through
# the root's own cache, where apt-get itself refuses (the control).
# The roots have no kernel headers, so DKMS builds nothing: what DKMS does
# with the package is tests 33 and 34's job.
# tests/run: minutes
. "$ICE_BP_TOPDIR/tests/lib.sh"
. "$top/scripts/lib/deb-test.sh"
. "$top/tests/repo-fixture.sh"
[ "$(id -u)" = 0 ] || skip "needs root (mount, chroot)"
command -v python3 >/dev/null || skip "python3 is needed for the HTTP server"
version=$(cat "$top/VERSION")

# Every root and the server go on any exit; roots before $tmp (the roots'
# directories are outside it, and bind-mount part of it).
sr=
cleanup() {
	serve_stop
	agents_stop
	[ -z "$sr" ] || "$top/scripts/kbuild/scratch-root" drop "$sr"
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

deb=$(this_package deb) || fail "could not build the .deb"
rev=$(dpkg-deb -f "$deb" Version)
rev=${rev##*-}
v1=$version-$rev
v2=$version-$((rev + 1))
# The next release: the same package with the Debian revision bumped.
mkdir "$tmp/next"
dpkg-deb -R "$deb" "$tmp/next"
sed -i "s/^Version: .*/Version: $v2/" "$tmp/next/DEBIAN/control"
deb2=$tmp/ice-backport-dkms_${v2}_all.deb
dpkg-deb --root-owner-group -b "$tmp/next" "$deb2" >/dev/null

repo_keys
serve
http=http://127.0.0.1:$port
# The repository: release v1 first (v2 comes later, to the same place);
# the same tree once more for file:// clients (only clients/ differs).
publish good "$http/good" "$deb"
publish good-file file:///srv/www/good "$deb"
diff -r "$www/good/apt" "$www/good-file/apt" >/dev/null || fail "the apt tree depends on the URL"
cp "$www/good/clients/ice-backport-dkms.pref" "$tmp/hold.pref"
grep -qx "Pin: version $v1" "$tmp/hold.pref" || fail "make repo's pin does not hold $v1, the newest: $(cat "$tmp/hold.pref")"
# Controls: signed by key B (the client has key A), past its Valid-Until
# (dated 2026-01-01, valid 1 day), a tampered .deb in the pool.
pub_home=$tmp/keyB publish otherkey "$http/otherkey" "$deb"
publish expired "$http/expired" --date 2026-01-01 --valid-days 1 "$deb"
grep -q '^Valid-Until: Fri, 02 Jan 2026 00:00:00' "$www/expired/apt/dists/bookworm/Release" ||
	fail "--date/--valid-days did not give Valid-Until 2026-01-02: $(grep Valid-Until "$www/expired/apt/dists/bookworm/Release")"
publish tampered "$http/tampered" "$deb"
tamper "$(ls "$www"/tampered/apt/pool/main/i/ice-backport/*.deb)"

# use SNIPPET_DIR: make repo's .sources of this suite, as the client's.
use() {
	cp "$www/$1/clients/ice-backport-$suite.sources" "$root/etc/apt/sources.list.d/ice-backport.sources"
}
# upd LOG: apt-get update of the ice-backport source alone (the Debian
# lists of the cached root stay as they are: no network needed).
upd() {
	apt_root "$1" update -o Dir::Etc::SourceList=/dev/null -o APT::Get::List-Cleanup=0
}
# ag LOG ARGS: apt-get with the packages of our repository downloaded to
# a directory of this root, not to the shared cache of Debian's debs.
ag() {
	l=$1
	shift
	apt_root "$l" -o Dir::Cache::Archives=/var/cache/ice-bp-repo/ "$@"
}
installed() {
	# shellcheck disable=SC2016 # dpkg-query's format
	in_root dpkg-query -W -f='${Status} ${Version}\n' ice-backport-dkms 2>/dev/null | sed -n 's/^install ok installed //p'
}
# refused LOG PATTERN WHAT: the last apt-get failed (exit status in $rc)
# and said PATTERN; its own words are shown.
refused() {
	[ "$rc" != 0 ] || fail "apt accepted $3"
	grep -E "$2" "$tmp/$1" >/dev/null || fail "apt refused $3 without saying /$2/"
	echo "refused by apt: $3:"
	grep -E "^(E|W): " "$tmp/$1" | sed 's/^/    /'
}

for suite in bookworm trixie; do
	echo "===== $suite"
	t0=$(date +%s)
	sr=$(mktemp -d "${TMPDIR:-/tmp}/ice-repo-root.XXXXXX")
	root=$("$top/scripts/kbuild/scratch-root" new "$suite" "$sr") || fail "could not make a $suite scratch root"
	# No kernel headers: the package installs and DKMS has nothing to build.
	# shellcheck disable=SC2016 # dpkg-query's format
	in_root sh -c 'dpkg --purge $(dpkg-query -W -f "\${Package}\n" "linux-headers-*-amd64")' >"$tmp/purge.log" 2>&1 ||
		{ cat "$tmp/purge.log"; fail "could not purge the headers in the $suite root"; }
	apt_root dkms-$suite.log install dkms >/dev/null || { cat "$tmp/dkms-$suite.log"; fail "apt could not install dkms"; }
	if [ "$suite" = bookworm ]; then
		# The release's shared download cache locked, as another test's apt
		# holds it through its DKMS builds: apt_root downloads into the
		# root's own cache (hello, which no test leaves in the shared one).
		# Control: apt-get itself refuses while the lock is held.
		python3 -c 'import fcntl, sys, time
f = open(sys.argv[1], "a")
fcntl.lockf(f, fcntl.LOCK_EX)
print("locked", flush=True)
time.sleep(300)' "$ICE_BP_CACHE/debs/$suite/lock" >"$tmp/locker.out" &
		locker=$!
		i=0
		until [ -s "$tmp/locker.out" ]; do
			i=$((i + 1))
			[ "$i" -lt 100 ] || { kill "$locker"; fail "could not take the download cache's lock"; }
			sleep 0.1
		done
		rc=0
		in_root apt-get -y -q install --no-install-recommends hello >"$tmp/lock-ctl.log" 2>&1 || rc=$?
		crc=$rc # apt_root keeps its own status in rc
		lrc=0
		apt_root lock.log install --no-install-recommends hello >"$tmp/lock.out" || lrc=$?
		kill "$locker"
		rc=$crc
		refused lock-ctl.log 'Could not get lock /var/cache/apt/archives/lock' "an install while the download cache is locked"
		[ "$lrc" = 0 ] || { cat "$tmp/lock.log"; fail "apt_root did not install while the shared download cache was locked"; }
		grep -q "the shared download cache is in use" "$tmp/lock.out" || fail "apt_root did not say it used the root's own download cache"
		echo "the shared download cache locked: apt_root installed through the root's own"
	fi
	mkdir -p "$root/srv/www" "$root/etc/apt/keyrings" "$root/var/cache/ice-bp-repo/partial"
	mount --bind "$www" "$root/srv/www"
	install -m 644 "$www/good/ice-backport.asc" "$root/etc/apt/keyrings/ice-backport.asc"
	# The repository as it was before v2 (the loop's last suite published v2).
	publish good "$http/good" "$deb"
	echo "root ready in $(($(date +%s) - t0)) s: $(in_root apt-get --version | head -n 1)"

	echo "== control: Release signed by another key"
	use otherkey
	rc=0
	upd otherkey-$suite.log >/dev/null || rc=$?
	refused otherkey-$suite.log 'NO_PUBKEY|Missing key|not signed' "a Release signed by another key"
	# For the right reason: the key it lacks is B.
	grep -q "${fprB#????????????????????????}" "$tmp/otherkey-$suite.log" || fail "apt does not name key B as the one it lacks"

	echo "== control: Valid-Until passed"
	use expired
	rc=0
	upd expired-$suite.log >/dev/null || rc=$?
	refused expired-$suite.log 'is expired' "a Release past its Valid-Until"

	echo "== control: tampered .deb in the pool"
	use tampered
	upd tampered-update-$suite.log >/dev/null || fail "apt-get update of the tampered repository failed: its index is intact"
	rc=0
	ag tampered-$suite.log install ice-backport-dkms >/dev/null || rc=$?
	refused tampered-$suite.log 'Hash Sum mismatch|[Hh]ashes of expected file|File has unexpected size' "a tampered .deb"
	[ -z "$(installed)" ] || fail "the tampered package got installed"

	echo "== file:// install of $v1"
	use good-file
	upd file-update-$suite.log || fail "apt-get update over file:// failed"
	ag file-install-$suite.log install ice-backport-dkms || fail "apt-get install over file:// failed"
	[ "$(installed)" = "$v1" ] || fail "installed: '$(installed)', not $v1"
	in_root apt-cache policy ice-backport-dkms | tee "$tmp/policy.txt"
	grep -q "file:/srv/www/good/apt $suite/main" "$tmp/policy.txt" || fail "$v1 does not come from the file:// repository"

	echo "== over HTTP, $v2 published to the same repository, held by the pin"
	use good
	cp "$tmp/hold.pref" "$root/etc/apt/preferences.d/ice-backport-dkms.pref"
	publish good "$http/good" "$deb" "$deb2"
	seen=$(wc -l <"$tmp/http.log")
	upd http-update-$suite.log || fail "apt-get update over HTTP failed"
	tail -n "+$((seen + 1))" "$tmp/http.log" >"$tmp/http-$suite.log"
	grep -q "GET /good/apt/dists/$suite/main/binary-amd64/by-hash/SHA256/" "$tmp/http-$suite.log" ||
		fail "apt did not fetch the index by hash: $(cat "$tmp/http-$suite.log")"
	echo "apt fetched the index by hash: $(grep -o "GET [^ ]*by-hash[^ ]*" "$tmp/http-$suite.log" | head -n 1)"
	in_root apt-cache policy ice-backport-dkms | tee "$tmp/policy.txt"
	grep -q "^     $v2 " "$tmp/policy.txt" || fail "$v2 is not in the repository apt sees"
	grep -q "Candidate: $v1" "$tmp/policy.txt" || fail "the pin does not make $v1 the candidate"
	ag hold-$suite.log install ice-backport-dkms || fail "apt-get install with the pin failed"
	ag hold2-$suite.log install --only-upgrade ice-backport-dkms || fail "apt-get install --only-upgrade with the pin failed"
	[ "$(installed)" = "$v1" ] || fail "the pin did not hold $v1: '$(installed)' installed"
	echo "held at $v1 with $v2 in the repository"

	echo "== pin removed: upgrade to $v2"
	rm "$root/etc/apt/preferences.d/ice-backport-dkms.pref"
	ag upgrade-$suite.log install --only-upgrade ice-backport-dkms || fail "the upgrade failed"
	[ "$(installed)" = "$v2" ] || fail "the upgrade left '$(installed)', not $v2"

	echo "== pin back: roll back one release to $v1"
	cp "$tmp/hold.pref" "$root/etc/apt/preferences.d/ice-backport-dkms.pref"
	ag rollback-$suite.log install --allow-downgrades ice-backport-dkms || fail "the rollback failed"
	[ "$(installed)" = "$v1" ] || fail "the rollback left '$(installed)', not $v1"

	echo "== removal"
	ag purge-$suite.log purge ice-backport-dkms || fail "apt-get purge failed"
	[ -z "$(installed)" ] || fail "ice-backport-dkms is still installed"
	in_root sh -c 'ls -d /usr/src/ice-backport-* 2>/dev/null' && fail "the purge left the source tree"

	"$top/scripts/kbuild/scratch-root" drop "$sr"
	sr=
	echo "===== $suite: $(($(date +%s) - t0)) s"
done
