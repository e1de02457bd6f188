#!/bin/sh
# `ice-backport autoinstall`'s lock and signals against a hostile local
# user and a careless operator, with the stand-in dkms of
# tests/autoinstall-fixture.sh in a private mount namespace:
#   user     a user who holds /run/lock/ice-backport.lock (the old place,
#            world-writable) or plants a FIFO there stalls no run: the
#            lock is /run/ice-backport/lock, in a directory of mode 0700
#            owned by root, the file 0600; control: a lock held there
#            by root does make a second run wait;
#   foreign  a /run/ice-backport that another user owns is not trusted:
#            the lock goes to /var/lib/ice-backport, with a warning;
#   log dir  a /var/log/ice-backport that is a link, or another user's
#            directory (Ubuntu's /var/log is group syslog, 0775), gets no
#            write of root's: the logs go to /run/ice-backport/log, warned;
#   bounded  a lock held longer than ICE_BP_LOCK_WAIT makes the run warn,
#            change nothing and exit 1 (apt and kernel-install never hang: they ignore it);
#   SIGPIPE  `ice-backport autoinstall K | true` during a rebuild: the
#            kernel ends with the new module, the run goes on to the end;
#   signals  SIGQUIT and SIGUSR1 during the build give the kernel its
#            module back with a failed-build marker, as SIGTERM does;
#   journal  a rebuild journal entry for a kernel removed since, one cut
#            short (no `complete` marker) and one whose fields are not
#            what the tool writes (its module "kept" in /etc) are dropped
#            with a warning, never acted on; control: a whole entry is
#            restored.
# Each was seen to fail on the tree before the fix (the user's lock hung
# the run, SIGPIPE left the kernel without a module, SIGUSR1 too).
. "$ICE_BP_TOPDIR/tests/lib.sh"
. "$top/tests/autoinstall-fixture.sh"
command -v setpriv >/dev/null || skip "setpriv (util-linux) is needed"
command -v flock >/dev/null || skip "flock (util-linux) is needed"
af_host "$0"
k=6.12.117+deb13-amd64
af_kernel "$k"
v=$af_version
nobody() {
	setpriv --reuid=65534 --regid=65534 --clear-groups "$@"
}

echo "== a user holds the old lock file, or plants a FIFO in its place"
nobody flock /run/lock/ice-backport.lock sleep 60 &
held=$!
sleep 1
ICE_BP_LOCK_WAIT=30 timeout 20 "$top/tools/ice-backport" autoinstall "$k" >"$tmp/u.out" 2>&1 ||
	fail "the run did not end in 20 s while a user held /run/lock/ice-backport.lock: $(cat "$tmp/u.out")"
kill "$held" 2>/dev/null || true
grep -q "waiting" "$tmp/u.out" && fail "the run waited for a lock another user holds"
rm -f /run/lock/ice-backport.lock
nobody mkfifo /run/lock/ice-backport.lock
timeout 20 "$top/tools/ice-backport" autoinstall "$k" >"$tmp/f.out" 2>&1 ||
	fail "the run did not end in 20 s with a FIFO at /run/lock/ice-backport.lock"
st=$(stat -c '%u %a' /run/ice-backport)
[ "$st" = "0 700" ] || fail "/run/ice-backport is '$st', want '0 700'"
st=$(stat -c '%u %a %F' /run/ice-backport/lock)
[ "$st" = "0 600 regular empty file" ] || fail "the lock file is '$st', want '0 600 regular empty file'"
echo "ok: neither held; the lock is /run/ice-backport/lock, 0600, in a 0700 directory of root's"
echo "-- control: root's lock there makes a second run wait"
flock /run/ice-backport/lock sleep 3 &
held=$!
sleep 1
af_auto "$k"
grep -q "waiting for another ice-backport run to finish (lock /run/ice-backport/lock" "$tmp/auto.out" ||
	fail "a run did not wait for the lock root holds"
wait "$held" || true
echo "ok: it waited"

echo "== a /run/ice-backport another user owns"
chown 65534 /run/ice-backport
af_auto "$k"
grep -q "waiting" "$tmp/auto.out" && fail "a run used a lock directory another user owns"
[ -f /var/lib/ice-backport/lock ] || fail "no lock in /var/lib/ice-backport when /run/ice-backport is not root's"
chown 0 /run/ice-backport
echo "ok: not trusted; the lock went to /var/lib/ice-backport"

echo "== a /var/log/ice-backport planted by another user"
mkdir -p "$tmp/elsewhere"
for how in link owner; do
	rm -rf /var/log/ice-backport /run/ice-backport/log
	case $how in
	link) ln -s "$tmp/elsewhere" /var/log/ice-backport ;;
	owner) mkdir -m 0775 /var/log/ice-backport && chown 65534 /var/log/ice-backport ;;
	esac
	touch "$tmp/fail-build"
	af_installed "$k" "$v" old-tree
	AF_RC=1 af_auto "$k"
	rm -f "$tmp/fail-build"
	[ -z "$(ls -A "$tmp/elsewhere")" ] || fail "$how: root wrote through the planted /var/log/ice-backport: $(ls -A "$tmp/elsewhere")"
	[ "$how" = link ] || [ -z "$(ls -A /var/log/ice-backport)" ] || fail "$how: root wrote into another user's /var/log/ice-backport"
	grep -q "build logs not kept in /var/log/ice-backport: it is not a directory of root's" "$tmp/auto.out" ||
		fail "$how: no warning naming the planted log directory"
	[ -f "/run/ice-backport/log/$k.failed" ] || fail "$how: the failed build's marker is not in /run/ice-backport/log"
	echo "ok: $how: nothing written there; the logs went to /run/ice-backport/log"
done
rm -rf /var/log/ice-backport
echo "-- control: a root-owned /var/log/ice-backport gets the marker"
touch "$tmp/fail-build"
af_installed "$k" "$v" old-tree
AF_RC=1 af_auto "$k"
rm -f "$tmp/fail-build"
[ -f "/var/log/ice-backport/$k.failed" ] || fail "the marker is not in a sound /var/log/ice-backport"
echo "ok: it is"

echo "== a lock held past ICE_BP_LOCK_WAIT"
af_installed "$k" "$v" old-tree
flock /run/ice-backport/lock sleep 20 &
held=$!
sleep 1
t=$(date +%s)
ICE_BP_LOCK_WAIT=2 AF_RC=1 af_auto "$k"
[ $(($(date +%s) - t)) -lt 15 ] || fail "the run waited past ICE_BP_LOCK_WAIT"
grep -q "has held the lock /run/ice-backport/lock for more than 2 s: this run changes nothing" "$tmp/auto.out" ||
	fail "no warning naming the lock and the wait"
grep -q 'dkms \(build\|remove\)' "$tmp/calls" && fail "a run that did not get the lock ran dkms"
kill "$held" 2>/dev/null || true
wait "$held" 2>/dev/null || true
echo "ok: exit 1 after 2 s, nothing changed, warned"

echo "== SIGPIPE: the reader goes away during a rebuild"
af_installed "$k" "$v" old-tree
: >"$tmp/calls"
# true exits at once: every write of the run meets a closed pipe.
AF_SLOW=1 "$top/tools/ice-backport" autoinstall "$k" 2>"$tmp/p.err" | true
grep -q "dkms install -m ice-backport -v $v -k $k" "$tmp/calls" ||
	fail "the run stopped before it installed (dkms calls: $(tr '\n' ';' <"$tmp/calls"))"
[ -f "/lib/modules/$k/updates/dkms/ice.ko" ] || fail "$k was left without a module"
grep -q "tree-$v" "/lib/modules/$k/updates/dkms/ice.ko" || fail "$k has not the new module"
echo "ok: the rebuild went to the end; $k has the new module"

for sig in QUIT USR1; do
	echo "== SIG$sig during the build"
	af_installed "$k" "$v" old-tree
	rm -f "/var/log/ice-backport/$k.failed"
	: >"$tmp/calls"
	# A command started with & ignores SIGQUIT (and SIGINT): give the run
	# the default a run from apt or a terminal has.
	AF_SLOW=10 env --default-signal="$sig" "$top/tools/ice-backport" autoinstall "$k" >"$tmp/s.out" 2>&1 &
	run=$!
	i=0
	until grep -q 'dkms build' "$tmp/calls" 2>/dev/null; do
		i=$((i + 1))
		[ "$i" -lt 100 ] || fail "the build did not start"
		sleep 0.1
	done
	kill -"$sig" "$run"
	wait "$run" || true
	grep -q "old-tree" "/lib/modules/$k/updates/dkms/ice.ko" 2>/dev/null ||
		fail "SIG$sig left $k without the module it had: $(cat "$tmp/s.out")"
	[ -f "/var/log/ice-backport/$k.failed" ] || fail "SIG$sig left no failed-build marker"
	grep -q "interrupted by SIG$sig" "$tmp/s.out" || fail "the run did not say it was stopped by SIG$sig"
	echo "ok: $k keeps its module, marked failed"
done

echo "== journal entries that must not be acted on"
jd=/var/lib/ice-backport/rebuild
# entry KERNEL WHERE [complete]: a journal entry as dk_keep writes it.
entry() {
	mkdir -p "$jd/$1/module"
	echo "ice $v kept-tree for $1" >"$jd/$1/module/ice.ko"
	echo "$2" >"$jd/$1/where"
	echo "$v" >"$jd/$1/version"
	[ "${3:-}" != complete ] || : >"$jd/$1/complete"
}
gone=6.12.99+deb13-amd64
entry "$gone" "/lib/modules/$gone/updates/dkms" complete
af_auto "$k"
[ ! -e "/lib/modules/$gone" ] || fail "the entry of a removed kernel recreated /lib/modules/$gone"
[ ! -e "$jd/$gone" ] || fail "the entry of a removed kernel is still there"
grep -q "dropped the rebuild journal entry $jd/$gone: kernel $gone is no longer installed" "$tmp/auto.out" ||
	fail "no warning for the entry of a removed kernel"
echo "ok: a removed kernel's entry dropped, nothing recreated"
af_installed "$k" "$v"
entry "$k" "/lib/modules/$k/updates/dkms"
af_auto "$k"
grep -q "kept-tree" "/lib/modules/$k/updates/dkms/ice.ko" && fail "an entry cut short was restored"
grep -q "dropped the rebuild journal entry $jd/$k: it is incomplete" "$tmp/auto.out" || fail "no warning for the entry cut short"
entry "$k" /etc complete
af_auto "$k"
[ ! -e /etc/ice.ko ] || { rm -f /etc/ice.ko; fail "an entry whose module was kept in /etc wrote /etc/ice.ko"; }
grep -q "dropped the rebuild journal entry $jd/$k: it is incomplete or not one this tool wrote" "$tmp/auto.out" ||
	fail "no warning for the planted entry"
echo "ok: an entry cut short and a planted one dropped, warned"
echo "-- control: a whole entry is restored"
af_installed "$k" "$v"
rm -f "/lib/modules/$k/updates/dkms/ice.ko"
entry "$k" "/lib/modules/$k/updates/dkms" complete
af_auto "$k"
grep -q "got back the module it had" "$tmp/auto.out" || fail "control: a whole entry was not restored"
echo "ok: restored"
