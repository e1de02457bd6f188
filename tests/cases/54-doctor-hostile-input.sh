#!/bin/sh
# `ice-backport doctor` tells the truth or says it cannot tell, on hostile input:
# a root that does not exist or has no proc and sys, an unusable TMPDIR, a
# non-numeric ICE_BP_SAMPLE_SECS and a kernels.list regex grep cannot read
# give exit 2 with a message naming the cause; --json stays valid UTF-8
# JSON whatever bytes the host holds (MTU 007, escape and non-UTF-8 bytes)
# and no escape byte reaches the terminal; ports named '*' and '.eth1' are
# seen as they are, ports whose names are no printable interface name (an
# escape sequence, a newline, a byte that is not ASCII, 16 bytes) are not
# examined and said so; the package version is the one DKMS registered.
# --json where the doctor cannot run (an osrelease with a quote and a
# backslash, no root, an unusable TMPDIR, a bad setting): exit 2 with a
# JSON object saying the error and its fix.  Stopped by SIGINT, SIGTERM or
# SIGHUP (the process group, as Ctrl-C, timeout and a closed terminal do)
# while a slow command runs, doctor and support-bundle exit 128+N and
# leave neither their scratch directory nor a partial bundle.  The
# control of each: the same fake host without the fault is judged
# healthy (exit 0); the scratch directory is there while the command runs.
. "$ICE_BP_TOPDIR/tests/lib.sh"
. "$top/tools/lib/host.sh"
. "$top/tests/doctor-fixture.sh"
. "$top/tests/json-check.sh"
command -v python3 >/dev/null || skip "python3 is needed to read the JSON"

# says NAME PATTERN: the last output of NAME says PATTERN.
says() {
	grep -q -- "$2" "$tmp/$1.out" || fail "$1: the output does not say '$2'"
	echo "ok: $1: says '$2'"
}
# json_ok NAME: the last output of NAME is strict UTF-8 JSON.
json_ok() {
	python3 -c 'import json, sys; json.loads(open(sys.argv[1], "rb").read().decode("utf-8"))' "$tmp/$1.out" ||
		fail "$1: --json is not valid UTF-8 JSON"
	echo "ok: $1: valid UTF-8 JSON"
}

fx_healthy h
doctor h doctor --json
expect_rc "healthy host (control)" 0

echo "== a root that is not a host's"
rc=0
"$top/tools/ice-backport" doctor --root "$tmp/typo" >"$tmp/typo.out" 2>&1 || rc=$?
cat "$tmp/typo.out"
expect_rc "--root to no directory" 2
says typo "does not exist"
mkdir -p "$tmp/empty/root" "$tmp/empty/cmds"
doctor empty doctor
expect_rc "a root without proc and sys" 2
says empty "no /proc and /sys"

echo "== bad knobs"
rc=0
TMPDIR=$tmp/no-such-dir ICE_BP_ROOT=$tmp/h/root ICE_BP_CMDS=$tmp/h/cmds "$top/tools/ice-backport" doctor >"$tmp/tmpdir.out" 2>&1 || rc=$?
cat "$tmp/tmpdir.out"
expect_rc "TMPDIR that does not exist" 2
says tmpdir "TMPDIR"
mkdir "$tmp/full"
if mount -t tmpfs -o size=64k tmpfs "$tmp/full" 2>/dev/null; then
	trap 'umount "$tmp/full" 2>/dev/null; rm -rf "$tmp"' EXIT
	dd if=/dev/zero of="$tmp/full/fill" bs=4096 2>/dev/null || true
	rc=0
	TMPDIR=$tmp/full ICE_BP_ROOT=$tmp/h/root ICE_BP_CMDS=$tmp/h/cmds "$top/tools/ice-backport" doctor >"$tmp/full.out" 2>&1 || rc=$?
	cat "$tmp/full.out"
	expect_rc "a full TMPDIR" 2
	says full "TMPDIR"
	umount "$tmp/full"
	trap 'rm -rf "$tmp"' EXIT
else
	echo "note: cannot mount a tmpfs here; the full TMPDIR is not checked"
fi
rc=0
ICE_BP_SAMPLE_SECS=two ICE_BP_ROOT=$tmp/h/root ICE_BP_CMDS=$tmp/h/cmds "$top/tools/ice-backport" doctor >"$tmp/secs.out" 2>&1 || rc=$?
cat "$tmp/secs.out"
expect_rc "ICE_BP_SAMPLE_SECS=two" 2
says secs "ICE_BP_SAMPLE_SECS='two' is not a number"

echo "== host bytes: MTU 007, escape and non-UTF-8 bytes, ports named '*' and '.eth1'"
fx_healthy bytes
n=$fx/sys/bus/pci/devices/$fx_bdf/net
echo 007 >"$n/eth0/mtu"
ESC=$(printf '\033')
printf 'driver: ice\nversion: 1.0\033[2J\nfirmware-version: 4.40 \377\376 \033]0;pwned\007\nbus-info: %s\n' "$fx_bdf" >"$fc/$(cmd_key ethtool -i eth0)"
mkdir -p "$n/*" "$n/.eth1" "$n/eth${ESC}[2J" "$n/$(printf 'eth\nx')" "$n/$(printf 'eth\377')" "$n/eth0123456789abc"
echo 1500 >"$n/*/mtu"
echo 1500 >"$n/.eth1/mtu"
# Files a glob '*' would expand to, where the doctor runs.
mkdir -p "$tmp/cwd"
: >"$tmp/cwd/a-file"
(cd "$tmp/cwd" && doctor bytes doctor --json)
json_ok bytes
jexpect "$tmp/bytes.out" "sorted(p['netdev'] for p in d['ports'])" "['*', '.eth1', 'eth0']"
jexpect "$tmp/bytes.out" "[p['mtu'] for p in d['ports'] if p['netdev'] == 'eth0']" "[7]"
jexpect "$tmp/bytes.out" "[f['level'] for f in d['findings'] if 'not a printable interface name' in f['message']]" "['unknown']"
(cd "$tmp/cwd" && doctor bytes doctor)
if grep -q "$ESC" "$tmp/bytes.out"; then fail "an escape byte of the host reached the terminal"; fi
echo "ok: no escape byte in the human output"

echo "== two package trees: the one DKMS registered is the package"
fx_healthy twover
for o in 0.9 99.0; do
	mkdir -p "$fx/usr/src/ice-backport-$o"
	sed "s/#MODULE_VERSION#/$o/g" "$top/dkms.conf" >"$fx/usr/src/ice-backport-$o/dkms.conf"
	cp "$top/tools/lib/kernels" "$top/kernels.list" "$fx/usr/src/ice-backport-$o/"
done
doctor twover doctor --json
jexpect "$tmp/twover.out" "d['dkms']['package']" "$fx_version"
expect_rc twover 0

echo "== a kernels.list regex grep cannot read"
fx_healthy regex
sed -i 's/^\(line *6\.12-deb13 *6\.12 *\^6\)/\1(/' "$fx/usr/src/ice-backport-$fx_version/kernels.list"
grep '^line *6.12-deb13' "$fx/usr/src/ice-backport-$fx_version/kernels.list"
doctor regex doctor --json
expect_rc "a broken kernels.list regex" 2
jexpect "$tmp/regex.out" "[k['state'] for k in d['dkms']['kernels']]" "['policy-error']"

echo "== --json where the doctor cannot run: a JSON error object"
# jerr NAME WANT: the last run exited 2 and its stdout ($tmp/NAME.json) is
# one JSON object with status error, an error that says WANT, and a fix.
jerr() {
	[ "$rc" = 2 ] || fail "$1: exit $rc, want 2"
	jexpect "$tmp/$1.json" "d['status'], d['exit'], d['tool'], bool(d['fix'])" "('error', 2, 'ice-backport doctor', True)"
	jexpect "$tmp/$1.json" "$2 in d['error']" True
}
fx_healthy q
printf '6.1.0-"x\\y\n' >"$fx/proc/sys/kernel/osrelease"
rc=0
ICE_BP_ROOT=$fx ICE_BP_CMDS=$fc "$top/tools/ice-backport" doctor --json >"$tmp/q.json" 2>"$tmp/q.err" || rc=$?
cat "$tmp/q.json" "$tmp/q.err"
jerr q "'6.1.0-\"x\\\\y'"
grep -q "is not a kernel release string" "$tmp/q.err" || fail "q: stderr does not say the error"
rc=0
"$top/tools/ice-backport" doctor --json --root "$tmp/typo" >"$tmp/typo.json" 2>/dev/null || rc=$?
jerr typo "'does not exist'"
rc=0
TMPDIR=$tmp/no-such-dir ICE_BP_ROOT=$tmp/h/root ICE_BP_CMDS=$tmp/h/cmds "$top/tools/ice-backport" doctor --json >"$tmp/tmpdir.json" 2>/dev/null || rc=$?
jerr tmpdir "'TMPDIR'"
rc=0
ICE_BP_SAMPLE_SECS=two ICE_BP_ROOT=$tmp/h/root ICE_BP_CMDS=$tmp/h/cmds "$top/tools/ice-backport" doctor --json >"$tmp/secs.json" 2>/dev/null || rc=$?
jerr secs "'ICE_BP_SAMPLE_SECS'"

echo "== stopped by a signal: nothing left behind"
command -v setsid >/dev/null || skip "setsid (util-linux) is needed"
env --default-signal=INT true 2>/dev/null || skip "env --default-signal (coreutils 8.31) is needed"
fx_healthy s
fx_commands s
mkdir -p "$tmp/scratch" "$tmp/bundles"
# stop_during CMD SIGNAL SUBCOMMAND...: the tool, in a group of its own
# with every signal's default (a command started with & ignores SIGINT,
# and under nohup, as a CI job may run, SIGHUP is ignored: a shell cannot
# trap a signal ignored when it started), signalled
# whole (as Ctrl-C and timeout do) while the stand-in CMD runs; it must
# exit 128+N and leave nothing in TMPDIR or beside the bundle.
stop_during() {
	sd_cmd=$1 sd_sig=$2
	shift 2
	printf '#!/bin/sh\n: >"%s/slow-started"\nsleep 30\n' "$tmp" >"$fb/$sd_cmd"
	chmod +x "$fb/$sd_cmd"
	rm -f "$tmp/slow-started"
	TMPDIR=$tmp/scratch PATH=$fb:$PATH ICE_BP_ROOT=$fx ICE_BP_LIVE=1 \
		setsid env --default-signal "$top/tools/ice-backport" "$@" >"$tmp/sig.out" 2>&1 &
	pid=$!
	i=0
	until [ -e "$tmp/slow-started" ]; do
		i=$((i + 1))
		[ "$i" -lt 300 ] || fail "$1: the slow $sd_cmd did not start: $(cat "$tmp/sig.out")"
		sleep 0.1
	done
	[ -n "$(ls -A "$tmp/scratch")" ] || fail "control: $1 has no scratch directory while it runs"
	[ "$sd_cmd" != tar ] || [ -n "$(ls -A "$tmp/bundles")" ] || fail "control: no partial bundle while tar runs"
	kill -s "$sd_sig" -- "-$pid"
	rc=0
	wait "$pid" || rc=$?
	case $sd_sig in INT) want=130 ;; TERM) want=143 ;; HUP) want=129 ;; esac
	[ "$rc" = "$want" ] || fail "$1 stopped by SIG$sd_sig: exit $rc, want $want: $(cat "$tmp/sig.out")"
	left=$(ls -A "$tmp/scratch"; ls -A "$tmp/bundles")
	[ -z "$left" ] || fail "$1 stopped by SIG$sd_sig during $sd_cmd left: $left"
	echo "ok: $1 stopped by SIG$sd_sig during $sd_cmd: exit $rc, nothing left in TMPDIR or beside the bundle"
	printf '#!/bin/sh\nexit 0\n' >"$fb/$sd_cmd"
}
# dmesg is the first command the doctor runs; tar makes the bundle.
for sig in INT TERM HUP; do
	stop_during dmesg "$sig" doctor
	stop_during dmesg "$sig" support-bundle -o "$tmp/bundles/b.tar.gz"
done
rm -f "$fb/tar"
stop_during tar TERM support-bundle -o "$tmp/bundles/b.tar.gz"
