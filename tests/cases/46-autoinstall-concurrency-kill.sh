#!/bin/sh
# `ice-backport autoinstall` with the real dkms (bookworm's 3.0.10) and
# real builds, in a scratch bookworm root with two 6.12.95 kernels (the
# second a relabelled copy of the first's headers, relabelled_kernel: its
# objects come from the compiler cache, as in 38-deb-upgrade-real-host):
#   at once   three runs started together, two on one kernel and one on
#             the other (dkms 3.0.10 builds every kernel of a version in
#             one shared build directory): the runs wait for each other,
#             each kernel is built once, both get the module, no failed
#             marker is left;
#   stopped   a rebuild of the same version (a package revision: the
#             tree's hash changed) stopped by SIGTERM and by SIGINT during
#             the build, by SIGTERM during `dkms install`, and killed with
#             SIGKILL with its build (a power cut), then recovered by the
#             next run.
# After each: `dkms status`, `modinfo -n ice` of both kernels and the
# doctor's verdict agree, and neither kernel is ever without the module
# it had (checked the moment the run is gone).  The controls: the module
# is gone while each build of a rebuild runs (so a restore is what brings
# it back), and the runs at once, not stopped, install their builds.  The stand-in
# cases of the same code (more signals and points, no real build) are in
# 59-autoinstall-hostile-host.
# tests/run: minutes
. "$ICE_BP_TOPDIR/tests/lib.sh"
. "$top/scripts/lib/deb-test.sh"
package_test
command -v python3 >/dev/null || skip "python3 is needed to read the doctor's JSON"
k1=6.12.95+deb12-amd64
k2=6.12.95+deb12.99-amd64
t0=$(date +%s)
deb_package_root bookworm "linux-headers-$k1"
relabelled_kernel "$k1" "$k2"
root_dkms dkms.log
# Installed without a build: the runs below are the builds.
mkdir -p "$root/etc/dkms"
: >"$root/etc/dkms/no-autoinstall"
apt_root install.log install "$deb1" || fail "apt install of the .deb failed"
rm -f "$root/etc/dkms/no-autoinstall"
echo "set-up: $(($(date +%s) - t0)) s"

# run_bg NAME ARGS...: ice-backport ARGS in the root, in the background,
# with SIGINT at its default (a command started with & ignores it); its
# pid is the run's own (scratch-root, chroot and env exec it).
run_bg() {
	n=$1
	shift
	"$top/scripts/kbuild/scratch-root" run "$sr" env --default-signal=INT ice-backport "$@" >"$tmp/$n.out" 2>&1 &
	bg=$!
}

# pid_of TEXT: the pid of a process of this root whose command line
# holds TEXT (other tests may build the same module in roots of theirs).
pid_of() {
	# One find, not a readlink a process of the machine: this polls every
	# 0.05 s, and those were 7,000 processes a run.
	# shellcheck disable=SC2044 # /proc/PID/root: no blank, no glob
	for p in $(find -L /proc/[0-9]*/root -maxdepth 0 -samefile "$root" 2>/dev/null); do
		p=${p%/root}
		c=$({ tr '\0' ' ' <"$p/cmdline"; } 2>/dev/null) || continue
		case $c in *"$1"*) echo "${p#/proc/}"; return 0 ;; esac
	done
	return 1
}

# wait_for TEXT SECS: until a process with TEXT in its command line runs.
wait_for() {
	i=0
	until pid_of "$1" >/dev/null; do
		i=$((i + 1))
		[ "$i" -lt $(($2 * 20)) ] || fail "no '$1' within $2 s"
		sleep 0.05
	done
}

# The build's compile stage: kbuild's make, which src/Makefile starts once
# the probes are done (a stop planned "3 s into the build" missed the
# build once it took less than that).
compiling="M=/var/lib/dkms/ice-backport/$version/build ICE_BACKPORT_TIER="

# consistent KERNEL...: each kernel has our module (modinfo -n), DKMS says
# installed for it, and the doctor says installed or kept-old (with a log
# that exists); prints the doctor's state.
consistent() {
	rc=0
	in_root ice-backport doctor --json >"$tmp/doctor.json" 2>/dev/null || rc=$?
	for ck in "$@"; do
		where=$(in_root modinfo -k "$ck" -n ice 2>/dev/null) || fail "$ck: modinfo finds no ice"
		case $where in /lib/modules/"$ck"/updates/dkms/ice.ko*) ;; *) fail "$ck: ice is not DKMS's: $where" ;; esac
		in_root modinfo -F vermagic "$where" >/dev/null 2>&1 || fail "$ck: its module cannot be read"
		in_root dkms status -m ice-backport -k "$ck" 2>/dev/null | grep -q ': installed' ||
			fail "$ck: dkms status does not say installed: $(in_root dkms status 2>/dev/null)"
		st=$(python3 - "$tmp/doctor.json" "$ck" <<-'PY'
			import json, sys
			d = json.load(open(sys.argv[1]))
			k = [k for k in d["dkms"]["kernels"] if k["kernel"] == sys.argv[2]][0]
			print(k["state"], k["log"] or "-")
		PY
		) || fail "the doctor's JSON has no record of $ck"
		set -- "$@"
		case $st in
		installed*) ;;
		kept-old*) in_root test -s "${st#* }" || fail "$ck: the doctor names log ${st#* }, which is not there" ;;
		*) fail "$ck: the doctor says $st" ;;
		esac
		echo "ok: $ck: modinfo -n $where; dkms: installed; doctor: $st"
	done
}

echo "== three runs at once: $k1 twice, $k2 once"
t=$(date +%s)
run_bg a autoinstall "$k1"
pa=$bg
run_bg b autoinstall "$k1"
pb=$bg
run_bg c autoinstall "$k2"
pc=$bg
wait "$pa" || fail "run a failed"
wait "$pb" || fail "run b failed"
wait "$pc" || fail "run c failed"
for n in a b c; do sed "s/^/    $n| /" "$tmp/$n.out"; done
echo "three runs: $(($(date +%s) - t)) s"
cat "$tmp/a.out" "$tmp/b.out" "$tmp/c.out" >"$tmp/abc.out"
grep -q "waiting for another ice-backport run" "$tmp/abc.out" || fail "no run waited for another"
[ "$(grep -c "$k1: building" "$tmp/abc.out")" = 1 ] || fail "$k1 was built more than once"
grep -q "warning" "$tmp/abc.out" && fail "a run warned"
in_root sh -c 'ls /var/log/ice-backport/*.failed 2>/dev/null' && fail "a failed-build marker is left"
consistent "$k1" "$k2"

# A package revision: the same version from another tree.
sed -i 's/^tree_sha256 .*/tree_sha256 0000revision/' "$root/usr/src/ice-backport-$version/PROVENANCE"

# stop KERNEL SIGNAL WHEN: a rebuild of KERNEL stopped by SIGNAL once
# WHEN (a command line) runs; checked at once: KERNEL has a module.
stop() {
	run_bg stop autoinstall "$1"
	wait_for "dkms $3 -m ice-backport -v $version -k $1" 120
	[ "$3" != build ] || wait_for "$compiling" 120
	in_root sh -c "ls /lib/modules/$1/updates/dkms/ice.ko* 2>/dev/null" &&
		[ "$3" = build ] && fail "control: $1's module is still there while it is rebuilt"
	kill "-$2" "$bg"
	rc=0
	wait "$bg" || rc=$?
	sed 's/^/    | /' "$tmp/stop.out"
	[ "$rc" -gt 128 ] || fail "the run did not stop on SIG$2 (exit $rc)"
	grep -q "interrupted by SIG$2" "$tmp/stop.out" || fail "no warning that the build was stopped"
	pid_of "dkms $3 -m ice-backport" >/dev/null && fail "dkms $3 still runs after the run stopped"
	echo "stopped by SIG$2 during dkms $3: exit $rc"
}

echo "== SIGTERM during the build of $k1"
stop "$k1" TERM build
consistent "$k1" "$k2"
echo "== SIGINT during the build of $k2"
stop "$k2" INT build
consistent "$k1" "$k2"

echo "== SIGKILL of the run and its build (a power cut) on $k2, then the next run"
run_bg kill autoinstall "$k2"
wait_for "dkms build -m ice-backport -v $version -k $k2" 120
wait_for "$compiling" 120
dk=$(pid_of "dkms build -m ice-backport -v $version -k $k2")
kill -KILL "$bg" "-$dk"
wait "$bg" 2>/dev/null || true
in_root test -d "/var/lib/ice-backport/rebuild/$k2" || fail "no journal entry after SIGKILL"
in_root sh -c "ls /lib/modules/$k2/updates/dkms/ice.ko* 2>/dev/null" && fail "control: $k2's module is there after the kill"
echo "after SIGKILL: $k2 has no module; the journal holds it"
in_root ice-backport autoinstall 9.9.9-none >"$tmp/recover.out" 2>&1 || fail "the next run failed"
sed 's/^/    | /' "$tmp/recover.out"
grep -q "$k2: an earlier run was stopped while rebuilding" "$tmp/recover.out" || fail "the next run did not recover $k2"
consistent "$k1" "$k2"

echo "== SIGTERM during dkms install of $k1 (a whole build first)"
t=$(date +%s)
stop "$k1" TERM install
echo "build and stop: $(($(date +%s) - t)) s"
consistent "$k1" "$k2"

echo "total: $(($(date +%s) - t0)) s"
