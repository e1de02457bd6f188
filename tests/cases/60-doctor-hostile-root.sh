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

echo "== /lib/modules names that would forge records"
fx_healthy names
forged=$(printf '6.12.1\nfake\tkept-old\t/var/log/ice-backport/none.log\tverified\t1\t-')
mkdir -p "$fx/lib/modules/$forged/kernel" "$fx/lib/modules/6.12.2	tab/kernel"
# Control: a kernel with a plain name beside them is seen.
mkdir -p "$fx/lib/modules/6.12.200+deb13-amd64/kernel"
tdoctor 60 names doctor --json
json_ok names
expect_rc "a host with forging /lib/modules names" 0
jexpect "$tmp/names.out" "sorted(k['kernel'] for k in d['dkms']['kernels'])" "['$fx_kver', '6.12.200+deb13-amd64']"

echo "== efivars: a FIFO, a link out of the root"
fx_healthy efi
rm -f "$fc/$(cmd_key mokutil --sb-state)"
ev=$fx/sys/firmware/efi/efivars
mkdir -p "$ev"
printf '\006\000\000\000\001' >"$tmp/outside-sb"
# Control: a regular efivar is read (0: disabled).
printf '\006\000\000\000\000' >"$ev/SecureBoot-8be4df61-93ca-11d2-aa0d-00e098032b8c"
tdoctor 60 efi doctor --json
jexpect "$tmp/efi.out" "d['secure_boot']['state']" disabled
rm -f "$ev/SecureBoot-8be4df61-93ca-11d2-aa0d-00e098032b8c"
mkfifo "$ev/SecureBoot-8be4df61-93ca-11d2-aa0d-00e098032b8c"
tdoctor 20 efi doctor --json
jexpect "$tmp/efi.out" "d['secure_boot']['state']" unknown
rm -f "$ev/SecureBoot-8be4df61-93ca-11d2-aa0d-00e098032b8c"
ln -s "$tmp/outside-sb" "$ev/SecureBoot-8be4df61-93ca-11d2-aa0d-00e098032b8c"
tdoctor 20 efi doctor --json
jexpect "$tmp/efi.out" "d['secure_boot']['state']" unknown
echo "ok: a FIFO does not block, a link out of the root is not followed"

echo "== numbers without bound"
fx_healthy num
m=$fx/sys/bus/pci/devices/$fx_bdf/net/eth0/mtu
# Control: leading zeros are dropped.
echo 0009000 >"$m"
tdoctor 60 num doctor --json
jexpect "$tmp/num.out" "[p['mtu'] for p in d['ports']]" "[9000]"
for what in "100 KB of leading zeros" "5000 digits" "20 MB of digits"; do
	case $what in
	100*) { head -c 100000 /dev/zero | tr '\0' 0; echo 9000; } >"$m" ;;
	5000*) head -c 5000 /dev/zero | tr '\0' 7 >"$m" ;;
	20*) head -c 20000000 /dev/zero | tr '\0' 7 >"$m" ;;
	esac
	start=$(date +%s)
	tdoctor 20 num doctor --json >/dev/null
	json_ok num
	size=$(wc -c <"$tmp/num.out")
	[ "$size" -lt 100000 ] || fail "$what: the JSON is $size bytes"
	echo "ok: $what: $(($(date +%s) - start)) s, valid JSON of $size bytes, mtu $(jget "$tmp/num.out" "[p['mtu'] for p in d['ports']]")"
done
