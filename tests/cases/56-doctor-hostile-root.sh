#!/bin/sh
# `ice-backport doctor --root` and `support-bundle --root` only read the
# root they inspect, and what they read cannot forge their verdict:
#   code     the installed tree's `kernels` replaced by a script: it is
#            never run (the tool's own reader judges the root's
#            kernels.list); control: the same script, run, leaves its mark;
#   names    /lib/modules names with a newline or a tab cannot add records
#            of their own (a forged `kept-old`); control: a plain extra
#            kernel does show up;
#   efivars  a FIFO named SecureBoot-<guid> does not hang the doctor, and a
#            symlink out of the root is not followed; control: a regular
#            efivar with value 0 says disabled;
#   numbers  a huge MTU (digits without end, 5,000 digits, 100 KB of
#            leading zeros) is read capped, gives valid JSON, and takes
#            seconds, not minutes; control: MTU 0009000 is 9000.
# Each attack was seen to succeed against the code before the fix.
. "$ICE_BP_TOPDIR/tests/lib.sh"
. "$top/tools/lib/host.sh"
. "$top/tests/doctor-fixture.sh"
. "$top/tests/json-check.sh"
command -v python3 >/dev/null || skip "python3 is needed to read the JSON"
command -v timeout >/dev/null || skip "timeout (coreutils) is needed to bound a hanging doctor"

json_ok() {
	python3 -c 'import json, sys; json.loads(open(sys.argv[1], "rb").read().decode("utf-8"))' "$tmp/$1.out" ||
		fail "$1: --json is not valid UTF-8 JSON"
	echo "ok: $1: valid UTF-8 JSON"
}

# tdoctor SECS NAME ARGS...: `doctor` bounded in time; a run killed by
# the bound fails the test.
tdoctor() {
	td_secs=$1 dn=$2
	shift 2
	rc=0
	ICE_BP_ROOT=$tmp/$dn/root ICE_BP_CMDS=$tmp/$dn/cmds timeout -s KILL "$td_secs" \
		"$top/tools/ice-backport" "$@" >"$tmp/$dn.out" 2>&1 || rc=$?
	sed "s/^/    $dn| /" "$tmp/$dn.out" | cut -c 1-300
	[ "$rc" != 137 ] || fail "$dn: '$*' did not finish in $td_secs s"
}

echo "== code in the root is never run"
fx_healthy code
canary=$tmp/ran-from-root
cat >"$fx/usr/src/ice-backport-$fx_version/kernels" <<PLANT
#!/bin/sh
echo "ran as \$(id -u) with: \$*" >>"$canary"
echo verified
PLANT
# Control: the planted script does leave its mark when run.
sh "$fx/usr/src/ice-backport-$fx_version/kernels" tier-of x >/dev/null
[ -s "$canary" ] || fail "control: the planted script leaves no mark"
rm -f "$canary"
echo "ok: control: the planted kernels script marks $canary when run"
tdoctor 60 code doctor --json
[ ! -e "$canary" ] || fail "the doctor ran the root's kernels script: $(cat "$canary")"
expect_rc "doctor on a root with a planted kernels script" 0
jexpect "$tmp/code.out" "[(k['kernel'], k['tier'], k['state']) for k in d['dkms']['kernels']]" \
	"[('$fx_kver', 'verified', 'installed')]"
tdoctor 60 code support-bundle -o "$tmp/code.tar.gz"
[ ! -e "$canary" ] || fail "support-bundle ran the root's kernels script: $(cat "$canary")"
[ -s "$tmp/code.tar.gz" ] || fail "no bundle written"
echo "ok: neither doctor nor support-bundle ran the root's code"
