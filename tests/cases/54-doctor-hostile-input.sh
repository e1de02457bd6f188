#!/bin/sh
# `ice-backport doctor` tells the truth or says it cannot tell, on hostile input:
# a root that does not exist or has no proc and sys, an unusable TMPDIR, a
# non-numeric ICE_BP_SAMPLE_SECS and a kernels.list regex grep cannot read
# give exit 2 with a message naming the cause; --json stays valid UTF-8
# JSON whatever bytes the host holds (MTU 007, escape and non-UTF-8 bytes)
# and no escape byte reaches the terminal; ports named '*' and '.eth1' are
# seen as they are; the package version is the one DKMS registered.  The
# control of each: the same fake host without the fault is judged
# healthy (exit 0).
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
mkdir -p "$n/*" "$n/.eth1"
echo 1500 >"$n/*/mtu"
echo 1500 >"$n/.eth1/mtu"
# Files a glob '*' would expand to, where the doctor runs.
mkdir -p "$tmp/cwd"
: >"$tmp/cwd/a-file"
(cd "$tmp/cwd" && doctor bytes doctor --json)
json_ok bytes
jexpect "$tmp/bytes.out" "sorted(p['netdev'] for p in d['ports'])" "['*', '.eth1', 'eth0']"
jexpect "$tmp/bytes.out" "[p['mtu'] for p in d['ports'] if p['netdev'] == 'eth0']" "[7]"
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
