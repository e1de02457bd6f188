#!/bin/sh
# `ice-backport doctor` judges fake hosts (tests/doctor-fixture.sh) the
# way an operator needs: exit 0 healthy, 1 action needed, 2 could not tell,
# with the JSON saying why.  Each property has its broken twin beside it:
# a healthy host, then the same host with one fact changed, must flip the
# verdict (affected kernel fixed by the next Debian upload, clean counters
# made stale, DKMS installed made failed, E810 removed).  Also: the tool's
# E800 PCI id list is the one of the imported driver.
. "$ICE_BP_TOPDIR/tests/lib.sh"
. "$top/tools/lib/host.sh"
. "$top/tests/doctor-fixture.sh"
. "$top/tests/json-check.sh"
command -v python3 >/dev/null || skip "python3 is needed to read the JSON"

# expect NAME EXPR WANT: in the last JSON output of the fake host NAME.
expect() {
	jexpect "$tmp/$1.out" "$2" "$3"
}
has_finding() {
	n=$(jget "$tmp/$1.out" "len([f for f in d['findings'] if f['level'] == '$2' and f['check'] == '$3'])")
	[ "$n" -gt 0 ] || fail "$1: no '$2' finding of check '$3'"
	echo "ok: $1: $2 finding on $3"
}

echo "== healthy host"
fx_healthy healthy
doctor healthy doctor --json
expect_rc healthy 0
expect healthy "d['status']" healthy
expect healthy "d['kernel']['own_ice_rx_leak']" fixed
expect healthy "d['module']['which']" dkms
expect healthy "d['module']['matches_dkms']" True
expect healthy "d['dkms']['kernels'][0]['state']" installed
expect healthy "d['ports'][0]['rx_pages']['verdict']" ok
expect healthy "d['ports'][0]['rx_pages']['rings']" 2
expect healthy "d['ports'][0]['xdp']" "id 42"
expect healthy "d['ports'][0]['mtu']" 9000
expect healthy "d['ports'][0]['ddp']" "ICE OS Default Package 1.3.36.0"
expect healthy "d['secure_boot']['trusted']" yes
doctor healthy doctor
expect_rc healthy 0
grep -q 'HEALTHY (exit 0)' "$tmp/healthy.out" || fail "the human output does not say HEALTHY"

echo "== affected in-tree kernel, package missing (Debian 6.12.38-1)"
fx_new affected 6.12.38+deb13-amd64 6.12.38-1
fx_loaded intree
fx_port ice
doctor affected doctor --json
expect_rc affected 1
expect affected "d['kernel']['own_ice_rx_leak']" affected
expect affected "d['module']['which']" in-tree
expect affected "d['ports'][0]['rx_pages']['verdict']" no-counters
has_finding affected action kernel
echo "-- control: the same host on Debian 6.12.57-1, which carries the fix"
fx_new fixedkernel 6.12.57+deb13-amd64 6.12.57-1
fx_loaded intree
fx_port ice
doctor fixedkernel doctor --json
expect_rc fixedkernel 0
expect fixedkernel "d['kernel']['own_ice_rx_leak']" fixed
echo "-- control: a vendor kernel whose source version is not readable, and no rpm database to read its changelog from (test 61 has those)"
fx_new vendor 5.14.0-503.el9.x86_64 ""
fx_loaded intree
fx_port ice
doctor vendor doctor --json
expect_rc vendor 2
expect vendor "d['kernel']['own_ice_rx_leak']" unknown

echo "== kernel.org 6.6.110: 6.6 leaks from 6.6.78 on and no 6.6 release carries the fix"
fx_new k66 6.6.110 ""
fx_loaded intree
fx_port ice
doctor k66 doctor --json
expect_rc k66 1
expect k66 "d['kernel']['own_ice_rx_leak']" affected
expect k66 "'no 6.6 release carries the fix yet' in d['kernel']['reason']" True
has_finding k66 action kernel
# No distribution ships headers of a kernel.org build: no linux-headers
# package is named (there is none), the build tree is.
expect k66 "'linux-headers-6.6.110' in [f['fix'] for f in d['findings'] if f['check'] == 'kernel'][0]" False
expect k66 "'/lib/modules/6.6.110/build' in [f['fix'] for f in d['findings'] if f['check'] == 'kernel'][0]" True
echo "-- control: the same host judged with a 6.6 row that names a fix (6.6.108) reads as fixed"
mkdir -p "$tmp/fixed66"
cp -R "$top/tools/lib/." "$tmp/fixed66/"
sed -i 's/^6\.6 .*/6.6       6.6.78          6.6.108/' "$tmp/fixed66/rx-leak-ranges"
export ICE_BP_DATA="$tmp/fixed66"
doctor k66 doctor --json
unset ICE_BP_DATA
expect_rc k66 0
expect k66 "d['kernel']['own_ice_rx_leak']" fixed
echo "-- control: kernel.org 6.6.77, before the leaking backport"
fx_new k6677 6.6.77 ""
fx_loaded intree
fx_port ice
doctor k6677 doctor --json
expect_rc k6677 0
expect k6677 "d['kernel']['own_ice_rx_leak']" not-affected

echo "== package installed, the kernel's own ice still loaded"
fx_healthy notloaded
rm -rf "$fx/sys/module/ice"
fx_loaded intree
doctor notloaded doctor --json
expect_rc notloaded 1
expect notloaded "d['module']['which']" in-tree
expect notloaded "d['module']['dkms_version']" "$fx_version"
has_finding notloaded action module
echo "-- and no ice loaded at all"
rm -rf "$fx/sys/module/ice" "$fx/sys/bus/pci/devices/$fx_bdf/driver"
doctor notloaded doctor --json
expect_rc notloaded 1
expect notloaded "d['module']['loaded']" False
expect notloaded "d['ports'][0]['driver']" none

echo "== leak: a non-zero stale-page counter on ring 1"
fx_healthy stale
fx_stats 2 "0 1010 5600 10 2 0" "1 805 4400 5 0 3"
doctor stale doctor --json
expect_rc stale 1
expect stale "d['ports'][0]['rx_pages']['verdict']" leak
expect stale "d['ports'][0]['rx_pages']['stale_rings']" "['1']"
has_finding stale action ports
echo "== leak signature: ring 0 allocates while reuse stays flat"
fx_healthy signature
fx_stats 2 "0 1900 5000 10 2 0" "1 805 4400 5 0 0"
doctor signature doctor --json
expect_rc signature 1
expect signature "d['ports'][0]['rx_pages']['verdict']" leak-signature
expect signature "d['ports'][0]['rx_pages']['leak_signature_rings']" "['0']"
echo "-- control: the same allocations, every page released (waive): no leak"
fx_stats 2 "0 1900 5000 910 2 0" "1 805 4400 5 0 0"
doctor signature doctor --json
expect_rc signature 0
expect signature "d['ports'][0]['rx_pages']['verdict']" ok

echo "== DKMS build failure on one kernel of three"
fx_healthy dkmsfail
fx_kernel 6.12.117+deb13-rt-amd64
mkdir -p "$fx/lib/modules/6.12.117+deb13-rt-amd64/build"
log=/var/lib/dkms/ice-backport/$fx_version/6.12.117+deb13-rt-amd64/x86_64/log/make.log
mkdir -p "$(dirname "$fx$log")"
echo "error: implicit declaration" >"$fx$log"
# A kernel outside the policy's range (Debian 11's 5.10): DKMS skips it.
unsup=5.10.0-46-amd64
[ "$(kernels tier-of "$unsup")" = outside ] || fail "$unsup is not outside the kernel policy"
fx_kernel "$unsup"
mkdir -p "$fx/lib/modules/$unsup/build"
doctor dkmsfail doctor --json
expect_rc dkmsfail 1
expect dkmsfail "sorted((k['kernel'], k['state']) for k in d['dkms']['kernels'])" \
	"$(python3 -c 'import sys; print(sorted([(sys.argv[1], "refused"), ("6.12.117+deb13-amd64", "installed"), ("6.12.117+deb13-rt-amd64", "failed")]))' "$unsup")"
expect dkmsfail "[k['log'] for k in d['dkms']['kernels'] if k['state'] == 'failed']" "['$log']"
expect dkmsfail "sorted((k['kernel'], k['tier']) for k in d['dkms']['kernels'])" \
	"$(python3 -c 'import sys; print(sorted([(sys.argv[1], "outside"), ("6.12.117+deb13-amd64", "verified"), ("6.12.117+deb13-rt-amd64", "verified")]))' "$unsup")"
has_finding dkmsfail action dkms
echo "-- control: DKMS installed it for that kernel too"
fx_dkms_installed 6.12.117+deb13-rt-amd64
doctor dkmsfail doctor --json
expect_rc dkmsfail 0

echo "== a package upgrade whose build failed on one kernel: it keeps the old module"
fx_healthy keptold
fx_kernel 6.15.11-200.fc42.x86_64
fx_dkms_installed 6.15.11-200.fc42.x86_64
# The module that kernel keeps is the replaced package's.
fx_version_old=6.12.117.0
sed -i "s/^version: .*/version:        $fx_version_old/" "$fc/$(cmd_key modinfo /lib/modules/6.15.11-200.fc42.x86_64/updates/dkms/ice.ko.xz)"
mkdir -p "$fx/var/log/ice-backport"
echo "$fx_version.new" >"$fx/var/log/ice-backport/6.15.11-200.fc42.x86_64.failed"
echo "error: no member named 'x'" >"$fx/var/log/ice-backport/6.15.11-200.fc42.x86_64.log"
doctor keptold doctor --json
expect_rc keptold 1
expect keptold "[(k['state'], k['tier'], k['module_version'], k['log']) for k in d['dkms']['kernels'] if k['kernel'] == '6.15.11-200.fc42.x86_64']" \
	"[('kept-old', 'in-range', '$fx_version_old', '/var/log/ice-backport/6.15.11-200.fc42.x86_64.log')]"
has_finding keptold action dkms

echo "== the operator narrows the policy to verified lines: an in-range kernel is refused"
fx_healthy narrow
fx_kernel 6.15.11-200.fc42.x86_64
mkdir -p "$fx/lib/modules/6.15.11-200.fc42.x86_64/build" "$fx/etc/ice-backport"
doctor narrow doctor --json
expect_rc narrow 1
expect narrow "[k['state'] for k in d['dkms']['kernels'] if k['kernel'] == '6.15.11-200.fc42.x86_64']" "['failed']"
echo "accept = verified" >"$fx/etc/ice-backport/policy.conf"
doctor narrow doctor --json
expect_rc narrow 0
expect narrow "[k['state'] for k in d['dkms']['kernels'] if k['kernel'] == '6.15.11-200.fc42.x86_64']" "['refused']"

echo "== no E800 adapter"
fx_new none 6.12.117+deb13-amd64 6.12.117-1
d=$fx/sys/bus/pci/devices/0000:00:19.0
mkdir -p "$d"
echo 0x8086 >"$d/vendor"
echo 0x15bb >"$d/device"
doctor none doctor --json
expect_rc none 0
expect none "d['e800_functions']" 0
expect none "d['ports']" "[]"
echo "-- control: the same host with an E810: the missing ice is an action"
fx_port ice
doctor none doctor --json
expect_rc none 1

echo "== Secure Boot on, key not enrolled, the kernel's own ice runs"
fx_healthy sb
rm -rf "$fx/sys/module/ice"
fx_loaded intree
echo "/var/lib/dkms/mok.pub is not enrolled" >"$fc/$(cmd_key mokutil --test-key /var/lib/dkms/mok.pub)"
doctor sb doctor --json
expect_rc sb 1
expect sb "d['secure_boot']['trusted']" no
has_finding sb action secureboot

echo "== the E800 PCI id list is the imported driver's"
hdr=$top/src/drivers/net/ethernet/intel/ice/ice_devids.h
[ -f "$hdr" ] || skip "no imported upstream (make import)"
# ids_match LIST: every device id of ice_devids.h is in LIST and back.
ids_match() {
	awk '/define ICE_DEV_ID/ { print tolower($3) }' "$hdr" | sort >"$tmp/want"
	awk '!/^#/ && NF { print $1 }' "$1" | sort >"$tmp/got"
	cmp -s "$tmp/want" "$tmp/got"
}
ids_match "$top/tools/lib/e800-pci-ids" || fail "tools/lib/e800-pci-ids differs from $hdr"
grep -v 0x1592 "$top/tools/lib/e800-pci-ids" >"$tmp/short"
if ids_match "$tmp/short"; then fail "a list without 0x1592 passes the check"; fi
echo "ok: $(wc -l <"$tmp/want") ids; a list missing one is caught"
