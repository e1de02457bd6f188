#!/bin/sh
# `ice-backport autoinstall` on a host that works against it, with a
# stand-in dkms (tests/autoinstall-fixture.sh) in a private mount
# namespace:
#   names    /lib/modules/* and '/lib/modules/6.13.0 x' are skipped with a
#            warning, never glob-expanded or word-split (bin, boot, x);
#            control: the real kernel beside them is built for;
#   TMPDIR   an unusable TMPDIR changes nothing: a rebuild keeps its copy
#            in /var/lib/ice-backport, never writes into /;
#   log dir  a read-only /var/log/ice-backport still gets a build, with
#            the logs elsewhere and a warning naming the cause and fix;
#   journal  a journal copy that cannot be made (full disk) means no
#            rebuild: the kernel keeps its module, warned;
#   stopped  SIGTERM and SIGINT during the build, during `dkms remove`'s
#            aftermath and SIGKILL (the next run recovers) leave the kernel
#            its module, DKMS's record of it, a failed-build marker and a
#            log; control: a run that is not stopped installs the new one;
#   lock     a second run waits for the first and says so.
# What a stand-in cannot show (a real dkms, a real build, a SIGTERM
# reaching make) is test 46's.
. "$ICE_BP_TOPDIR/tests/lib.sh"
. "$top/tests/autoinstall-fixture.sh"
af_host "$0"
k=6.12.117+deb13-amd64
k2=6.12.117+deb13-rt-amd64
af_kernel "$k"
v=$af_version

echo "== names that are no kernel release"
mkdir -p "/lib/modules/*" "/lib/modules/6.13.0 x/build/include"
mkdir -p "$tmp/cwd/bin" "$tmp/cwd/boot" "$tmp/cwd/etc"
(cd "$tmp/cwd" && af_auto)
grep -E -- "-k (bin|boot|etc|x|\*)( |$)" "$tmp/calls" && fail "autoinstall built for a name that is no kernel"
grep -q "is not named as a kernel release: skipped" "$tmp/auto.out" || fail "no warning for the names skipped"
grep -q "dkms install -m ice-backport -v $v -k $k" "$tmp/calls" || fail "control: the real kernel $k was not built for"
echo "ok: only $k built for; the others skipped with a warning"
rm -rf "/lib/modules/*" "/lib/modules/6.13.0 x"
AF_RC=1 af_auto "6.13.0 x"
grep -q "is not a kernel release: skipped" "$tmp/auto.out" || fail "a kernel argument with a blank is not refused"
echo "ok: a kernel argument with a blank is refused"

echo "== an unusable TMPDIR"
af_installed "$k" "$v" old-tree
[ ! -e /ice.ko ] || skip "/ice.ko exists on this machine: cannot tell whether autoinstall writes it"
TMPDIR=/nonexistent/dir af_auto "$k"
[ ! -e /ice.ko ] || { rm -f /ice.ko; fail "autoinstall wrote /ice.ko with an unusable TMPDIR"; }
grep -q "installed" "$tmp/auto.out" || fail "the rebuild with an unusable TMPDIR did not install"
echo "ok: nothing written to /; $k rebuilt"

echo "== a read-only /var/log/ice-backport"
af_installed "$k" "$v" old-tree
mkdir -p /var/log/ice-backport
mount -t tmpfs -o ro,mode=0755 tmpfs /var/log/ice-backport
af_auto "$k"
grep -q "dkms build -m ice-backport -v $v -k $k" "$tmp/calls" || fail "no build attempted with a read-only log directory"
grep -q "build logs not kept in /var/log/ice-backport: it cannot be written" "$tmp/auto.out" || fail "no warning naming the read-only log directory"
grep -q "fix: make /var/log/ice-backport writable" "$tmp/auto.out" || fail "the warning gives no fix"
umount /var/log/ice-backport
echo "ok: built, and the warning names the cause and the fix"

echo "== no room for the journal copy"
af_installed "$k" "$v" old-tree
mount -t tmpfs -o size=4k tmpfs /var/lib/ice-backport
dd if=/dev/zero of=/var/lib/ice-backport/fill bs=4096 count=4 2>/dev/null || true
AF_RC=1 af_auto "$k"
umount /var/lib/ice-backport
grep -q "dkms remove\|dkms build" "$tmp/calls" && fail "a rebuild was attempted without a copy of the module"
grep -q "cannot keep a copy of its module" "$tmp/auto.out" || fail "no warning for the journal copy"
grep -q "old-tree" "/lib/modules/$k/updates/dkms/ice.ko" || fail "$k lost its module"
echo "ok: not rebuilt, $k keeps its module"

# check_kept KERNEL: KERNEL has its old module and DKMS's record of it,
# and the doctor's marker and log say the build failed.
check_kept() {
	grep -q "old-tree" "/lib/modules/$1/updates/dkms/ice.ko" 2>/dev/null || fail "$1 has not the module it had"
	[ "$(readlink "/var/lib/dkms/ice-backport/kernel-$1-x86_64")" = "$v/$1/x86_64" ] || fail "DKMS's kernel link of $1 is not back"
	grep -q old-tree "/var/lib/dkms/ice-backport/$v/$1/x86_64/module/ice.ko" || fail "DKMS's build record of $1 is not back"
	[ -f "/var/log/ice-backport/$1.failed" ] || fail "no failed-build marker for $1"
	[ -s "/var/log/ice-backport/$1.log" ] || fail "no log for $1"
	[ ! -e "/var/lib/ice-backport/rebuild/$1" ] || fail "the journal entry of $1 is left"
	echo "ok: $1 keeps its module and DKMS's record of it; marker and log: $(tail -n 1 "/var/log/ice-backport/$1.log")"
}

# stop_during SIGNAL: a rebuild, SIGNAL sent to autoinstall once dkms
# builds.
stop_during() {
	af_installed "$k" "$v" old-tree
	rm -f /var/log/ice-backport/*
	: >"$tmp/calls"
	# A command started with & ignores SIGINT (as no terminal's Ctrl-C
	# run does): env gives it back its default.
	AF_SLOW=30 env --default-signal=INT "$top/tools/ice-backport" autoinstall "$k" >"$tmp/stop.out" 2>&1 &
	pid=$!
	i=0
	until grep -q "dkms build" "$tmp/calls"; do
		i=$((i + 1))
		[ "$i" -lt 100 ] || { cat "$tmp/stop.out"; fail "the build never started (another run holding the lock?)"; }
		sleep 0.1
	done
	[ ! -f "/lib/modules/$k/updates/dkms/ice.ko" ] || fail "test: the module is still there during the build; it must be gone to test the restore"
	kill "-$1" "$pid"
	rc=0
	wait "$pid" || rc=$?
	sed 's/^/    | /' "$tmp/stop.out"
	echo "autoinstall stopped by SIG$1: exit $rc"
	[ "$rc" -gt 128 ] || fail "autoinstall did not stop on SIG$1"
}

echo "== SIGTERM and SIGINT during a rebuild"
mkdir -p /var/log/ice-backport
for sig in TERM INT; do
	start=$(date +%s)
	stop_during "$sig"
	[ $(($(date +%s) - start)) -lt 20 ] || fail "SIG$sig waited for the build to end"
	grep -q "interrupted by SIG$sig" "$tmp/stop.out" || fail "no warning that the build was interrupted"
	check_kept "$k"
done

echo "== SIGKILL during a rebuild, then the next run"
af_installed "$k" "$v" old-tree
rm -f /var/log/ice-backport/*
: >"$tmp/calls"
AF_SLOW=30 "$top/tools/ice-backport" autoinstall "$k" >"$tmp/kill.out" 2>&1 &
pid=$!
until grep -q "dkms build" "$tmp/calls"; do sleep 0.1; done
# As a power cut: the run and the build it started (a process group of
# its own), at once.
child=$(ps -o pid= --ppid "$pid" | tr -d ' ' | head -n 1)
[ -n "$child" ] || fail "test: no dkms process under autoinstall"
kill -KILL "$pid" "-$child"
wait "$pid" 2>/dev/null || true
[ -d "/var/lib/ice-backport/rebuild/$k" ] || fail "no journal entry after SIGKILL"
[ ! -f "/lib/modules/$k/updates/dkms/ice.ko" ] || fail "test: the module is there after SIGKILL; it must be gone to test the recovery"
echo "after SIGKILL: $k has no module, the journal holds it"
# The next run (for another kernel: it recovers all) gives it back.
af_auto 9.9.9-none
grep -q "$k: an earlier run was stopped while rebuilding" "$tmp/auto.out" || fail "the next run did not say it recovered $k"
check_kept "$k"

echo "== control: the same rebuild, not stopped"
af_installed "$k" "$v" old-tree
af_auto "$k"
grep -q "tree-$v" "/lib/modules/$k/updates/dkms/ice.ko" || fail "control: the rebuild did not install the new module"
[ ! -f "/var/log/ice-backport/$k.failed" ] || fail "control: a failed marker after a good rebuild"
echo "ok: control: rebuilt and installed"

echo "== a failed build keeps the module (the journal on the failure path)"
af_installed "$k" "$v" old-tree
: >"$tmp/fail-build"
AF_RC=1 af_auto "$k"
rm -f "$tmp/fail-build"
check_kept "$k"

echo "== two runs at once: the second waits"
af_kernel "$k2"
af_installed "$k" "$v" old-tree
: >"$tmp/calls"
AF_SLOW=3 "$top/tools/ice-backport" autoinstall "$k" >"$tmp/a.out" 2>&1 &
p1=$!
until grep -q "dkms build" "$tmp/calls"; do sleep 0.1; done
AF_SLOW=3 "$top/tools/ice-backport" autoinstall "$k" "$k2" >"$tmp/b.out" 2>&1 || fail "the second run failed"
wait "$p1" || fail "the first run failed"
sed 's/^/    a| /' "$tmp/a.out"
sed 's/^/    b| /' "$tmp/b.out"
grep -q "waiting for another ice-backport run" "$tmp/b.out" || fail "the second run did not wait"
[ "$(grep -c "dkms build -m ice-backport -v $v -k $k\$" "$tmp/calls")" = 1 ] || fail "$k was built twice"
grep -q "$k: ice-backport $v is installed" "$tmp/b.out" || fail "the second run did not find the first one's module"
for kk in "$k" "$k2"; do
	grep -q "tree-$v" "/lib/modules/$kk/updates/dkms/ice.ko" || fail "$kk has not the new module"
	[ ! -f "/var/log/ice-backport/$kk.failed" ] || fail "a failed marker for $kk"
done
echo "ok: serialised; each kernel built once, both installed"
