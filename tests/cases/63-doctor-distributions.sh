#!/bin/sh
# `ice-backport doctor` tells each distribution's kernels apart and never
# raises a false alarm, on fake hosts (tests/doctor-fixture.sh), judged by
# its JSON:
#   A. a healthy host stays healthy (exit 0, no Rx page leak) when ethtool
#      is not installed, when `ethtool -i` has an empty firmware and
#      driver version, and when devlink is not installed;
#   B. Intel's out-of-tree ice (taint O, its own file in updates/, author
#      Intel, no backport_upstream) is "intel-oot" and does not leak, with
#      or without ice-backport's DKMS build beside it; the same file with
#      backport_upstream is ours ("ours-other"), and taint O with no file
#      that says whose is "out-of-tree", could not tell (exit 2);
#   C. each family by its own evidence, the advice in its own commands:
#      ELRepo and Fedora (kernel.org's version in the release, dnf),
#      Ubuntu (/proc/version_signature, or uname's ABI and /proc/version's
#      upload, against Ubuntu's rows; the changelog of linux-modules-KVER
#      when the signed image's own is silent), Debian (the changelog, a
#      Revert of the fix taking it back; the version without one, and
#      over a changelog that lists the leak but not a fix that came with
#      a new mainline), a
#      kernel.org build (its build tree, no headers package, also on a
#      Debian root) and SLES (no rpm database: could not tell, the
#      release only a hint);
#   D. --root runs none of this machine's commands (Safe Mode in the
#      kernel log and a stale-page counter are not seen, and it says so);
#      --live does run them.
# Each property has its broken twin: a doctor whose port record loses
# empty fields (a mutant of doctor.sh) reads A2 as a leak; the
# out-of-tree module with backport_upstream, or with no file, is not
# Intel's; the affected Fedora, Ubuntu and Debian kernels have fixed or
# not affected neighbours, the Debian revert a changelog without it;
# --live shows what --root left out.
. "$ICE_BP_TOPDIR/tests/lib.sh"
. "$top/tools/lib/host.sh"
. "$top/tests/doctor-fixture.sh"
. "$top/tests/json-check.sh"
command -v python3 >/dev/null || skip "python3 is needed to read the JSON"
command -v gzip >/dev/null || skip "gzip is needed to write the fixtures' changelogs"
# The counters need no wait between their two samples here.
export ICE_BP_SAMPLE_SECS=0
t0=$(date +%s)

# expect NAME EXPR WANT: EXPR (python, over the JSON as d) of the last
# output of the fake host NAME must print WANT, as jexpect says; the
# checks are kept until `judged NAME`, which runs them in one python (a
# python start costs more than a doctor run on some hosts).
expect() {
	printf '%s\t%s\n' "$2" "$3" >>"$tmp/$1.want"
}
cat >"$tmp/judged.py" <<'PY'
import json, sys
out, wants, why = sys.argv[1:4]
name = out.rsplit("/", 1)[-1]
d = json.load(open(out))
for line in open(wants):
    expr, want = line.rstrip("\n").split("\t", 1)
    got = str(eval(expr))
    if got != want:
        open(why, "w").write("%s: %s is '%s', want '%s'" % (name, expr, got, want))
        sys.exit(1)
    print("ok: %s: %s = %s" % (name, expr, want))
PY
# judged NAME: the checks kept for NAME hold.
judged() {
	[ -s "$tmp/$1.want" ] || fail "judged $1: no check kept"
	python3 "$tmp/judged.py" "$tmp/$1.out" "$tmp/$1.want" "$tmp/$1.why" ||
		fail "$(cat "$tmp/$1.why" 2>/dev/null || echo "$1: its output is not JSON")"
	rm -f "$tmp/$1.want"
}
# kfix NAME EXPR: EXPR (python, over the kernel finding's fix as f) holds.
kfix() {
	expect "$1" "[$2 for f in [x['fix'] for x in d['findings'] if x['check'] == 'kernel']]" "[True]"
}
# level NAME CHECK WANT: the levels of CHECK's findings are WANT (a list).
level() {
	expect "$1" "[f['level'] for f in d['findings'] if f['check'] == '$2']" "$3"
}
# no_text NAME TEXT: no finding's message or fix holds TEXT (no '"' in it).
no_text() {
	expect "$1" "[f for f in d['findings'] if \"\"\"$2\"\"\" in f['message'] + (f['fix'] or '')]" "[]"
}
# dist_host NAME KVER DEBIAN_VERSION: an E810 on KVER's own ice, no
# ice-backport-dkms: an affected kernel is an action (exit 1).
dist_host() {
	fx_new "$1" "$2" "$3"
	fx_loaded intree
	fx_port ice
}
# mutant NAME FILE SEDFILE: a copy of tools/lib whose FILE is edited by
# the sed script SEDFILE, which must change it.
mutant() {
	mkdir -p "$tmp/$1"
	cp -R "$top/tools/lib/." "$tmp/$1/"
	sed -i -f "$3" "$tmp/$1/$2"
	! cmp -s "$top/tools/lib/$2" "$tmp/$1/$2" || fail "mutant $1: $3 changed nothing in $2"
}

echo "== A1: a healthy host without ethtool"
fx_healthy noethtool
rm -f "$fc/$(cmd_key ethtool -i eth0)" "$fc/$(cmd_key ethtool -S eth0)" "$fc/$(cmd_key ethtool -S eth0).2"
for o in k g l; do rm -f "$fc/$(cmd_key ethtool "-$o" eth0)"; done
doctor noethtool doctor --json
expect_rc noethtool 0
expect noethtool "d['ports'][0]['rx_pages']['verdict']" no-ethtool
expect noethtool "[f for f in d['findings'] if f['level'] == 'action']" "[]"
expect noethtool "[f['level'] for f in d['findings'] if f['check'] == 'ports' and 'ethtool' in f['message']]" "['info']"
no_text noethtool 'Rx page leak'
judged noethtool

echo "== A2: a healthy host whose ethtool -i has an empty firmware and driver version"
fx_healthy emptyfw
printf 'driver: ice\nversion: \nfirmware-version: \nexpansion-rom-version: \nbus-info: %s\nsupports-statistics: yes\n' "$fx_bdf" >"$fc/$(cmd_key ethtool -i eth0)"
# judge_emptyfw DATA: the doctor of DATA (a tools/lib) judges the host as
# A2 says.  A subshell: a failed check ends it, not the test.
# shellcheck disable=SC2030 # meant: each judge sets it in its subshell
judge_emptyfw() (
	export ICE_BP_DATA="$1"
	doctor emptyfw doctor --json
	expect_rc emptyfw 0
	expect emptyfw "d['ports'][0]['rx_pages']['verdict']" ok
	expect emptyfw "d['ports'][0]['firmware']" None
	expect emptyfw "d['ports'][0]['driver_version']" None
	expect emptyfw "d['ports'][0]['mtu']" 9000
	no_text emptyfw 'Rx page leak'
	judged emptyfw
)
judge_emptyfw "$top/tools/lib"
echo "-- negative control: a doctor that writes the port record without '-' for empty fields"
# The plain printf of the 12 fields it had before port_rec.
cat >"$tmp/plainrec.sed" <<'SED'
s/^\([[:blank:]]*\)port_rec "\$bdf" /\1printf '%s\\t%s\\t%s\\t%s\\t%s\\t%s\\t%s\\t%s\\t%s\\t%s\\t%s\\t%s\\n' "$bdf" /
SED
mutant plainrec doctor.sh "$tmp/plainrec.sed"
expect_fail "$tmp/plainrec.log" "emptyfw: exit status 1, want 0" judge_emptyfw "$tmp/plainrec"
# Its failure is the false alarm: a clean port read as a leak.
grep -q "Rx page leak on eth0" "$tmp/plainrec.log" || fail "the mutant's doctor did not report the false 'Rx page leak'"
echo "ok: the mutant reads an empty firmware as 'Rx page leak'"

echo "== A3: a healthy host without devlink"
fx_healthy nodevlink
rm -f "$fc/$(cmd_key devlink dev info "pci/$fx_bdf")"
doctor nodevlink doctor --json
expect_rc nodevlink 0
expect nodevlink "d['ports'][0]['rx_pages']['verdict']" ok
expect nodevlink "d['ports'][0]['ddp']" unknown
judged nodevlink

echo "== B: Intel's out-of-tree ice on a leaking Debian kernel"
# intel_host NAME: Debian's 6.12.38-1 (its own ice leaks), Intel's ice
# 1.15.4 in updates/ loaded, no Rx page counters (Intel's driver has none).
intel_kver=6.12.38+deb13-amd64
intel_ko=/lib/modules/$intel_kver/updates/drivers/net/ethernet/intel/ice/ice.ko
intel_src=INTELOOT5E1F0A2B3C4D5E6
intel_host() {
	fx_new "$1" "$intel_kver" 6.12.38-1
	fx_port ice
	m=$fx/sys/module/ice
	mkdir -p "$m"
	echo 1.15.4 >"$m/version"
	echo O >"$m/taint"
	echo "$intel_src" >"$m/srcversion"
	mkdir -p "$fx${intel_ko%/*}"
	: >"$fx$intel_ko"
	printf 'filename:       %s\nversion:        1.15.4\nlicense:        GPL v2\ndescription:    Intel(R) Ethernet Connection E800 Series Linux Driver\nauthor:         Intel Corporation, <linux.nics@intel.com>\nsrcversion:     %s\nvermagic:       %s SMP preempt mod_unload modversions\n' \
		"$intel_ko" "$intel_src" "$intel_kver" >"$fc/$(cmd_key modinfo "$intel_ko")"
	printf 'driver: ice\nversion: 1.15.4\nfirmware-version: 4.40 0x8001c967 1.3534.0\nbus-info: %s\n' "$fx_bdf" >"$fc/$(cmd_key ethtool -i eth0)"
	printf 'NIC statistics:\n     rx_packets: 1000\n     rx_queue_0_packets: 600\n     rx_queue_1_packets: 400\n' >"$fc/$(cmd_key ethtool -S eth0)"
}
intel_host intel
doctor intel doctor --json
expect_rc intel 0
expect intel "d['kernel']['own_ice_rx_leak']" affected
expect intel "d['module']['which']" intel-oot
expect intel "d['module']['file']" "$intel_ko"
level intel kernel "['ok']"
expect intel "'Intel' in [f['message'] for f in d['findings'] if f['check'] == 'kernel'][0]" True
expect intel "d['ports'][0]['rx_pages']['verdict']" no-counters
level intel ports "['info']"
no_text intel "ice-backport's driver runs instead"
judged intel
echo "-- with ice-backport's DKMS build for that kernel beside it"
fx_package
fx_dkms_installed "$intel_kver"
doctor intel doctor --json
expect_rc intel 0
expect intel "d['module']['which']" intel-oot
level intel module "['info']"
level intel kernel "['ok']"
judged intel
echo "-- control: the same file with backport_upstream is ice-backport's"
intel_host ours
echo "backport_upstream: linux-source-6.12 6.12.117-1 (Debian trixie)" >>"$fc/$(cmd_key modinfo "$intel_ko")"
doctor ours doctor --json
expect ours "d['module']['which']" ours-other
judged ours
echo "-- control: taint O and no file of the kernel with its srcversion"
intel_host oot
rm -f "$fx$intel_ko"
doctor oot doctor --json
expect oot "d['module']['which']" out-of-tree
level oot module "['unknown']"
no_text oot "ice-backport's driver runs instead"
no_text oot "Intel's out-of-tree"
judged oot
# The kernel's own ice leaks, but it is not the one loaded: no action on
# the kernel (the module check cannot tell whose it is), exit 2.
jexpect "$tmp/oot.out" "[f['level'] for f in d['findings'] if f['check'] == 'kernel' and f['level'] == 'action']" "[]"
expect_rc oot 2

echo "== C: ELRepo's kernel-lt 6.6.110"
dist_host elrepo 6.6.110-1.el9.elrepo.x86_64 ""
doctor elrepo doctor --json
expect_rc elrepo 1
expect elrepo "d['kernel']['family']" elrepo
expect elrepo "d['kernel']['own_ice_rx_leak']" affected
expect elrepo "d['kernel']['rx_leak_basis']" version
level elrepo kernel "['action']"
kfix elrepo "'kernel-lt-devel-6.6.110-1.el9.elrepo.x86_64' in f"
kfix elrepo "'EPEL' in f"
kfix elrepo "'apt ' not in f"
judged elrepo

echo "== C: Fedora 42's 6.15.11 (the 6.15 series ended without the fix)"
dist_host fc42 6.15.11-200.fc42.x86_64 ""
doctor fc42 doctor --json
expect_rc fc42 1
expect fc42 "d['kernel']['family']" fedora
expect fc42 "d['kernel']['own_ice_rx_leak']" affected
level fc42 kernel "['action']"
kfix fc42 "f.startswith('dnf install ice-backport-dkms kernel-devel-6.15.11-200.fc42.x86_64')"
judged fc42
echo "-- control: Fedora 43's 6.17.4 has the fix"
dist_host fc43 6.17.4-200.fc43.x86_64 ""
doctor fc43 doctor --json
expect_rc fc43 0
expect fc43 "d['kernel']['family']" fedora
expect fc43 "d['kernel']['own_ice_rx_leak']" fixed
judged fc43

# ubuntu_host NAME KVER UPLOAD SIGNATURE: an Ubuntu kernel, /proc/version
# with "#UPLOAD-Ubuntu", /proc/version_signature SIGNATURE (none when "").
ubuntu_host() {
	dist_host "$1" "$2" ""
	echo "Linux version $2 (buildd@lcy02-amd64-033) (x86_64-linux-gnu-gcc-13 (Ubuntu 13.3.0-6ubuntu2~24.04) 13.3.0, GNU ld (GNU Binutils for Ubuntu) 2.42) #$3-Ubuntu SMP PREEMPT_DYNAMIC Thu Nov 20 10:00:00 UTC 2025" >"$fx/proc/version"
	[ -z "$4" ] || echo "$4" >"$fx/proc/version_signature"
}
echo "== C: Ubuntu 24.04's HWE 6.14.0-37 (no 6.14 release of Ubuntu has the fix)"
ubuntu_host u614 6.14.0-37-generic 37~24.04.1 "Ubuntu 6.14.0-37.37~24.04.1-generic 6.14.11"
doctor u614 doctor --json
expect_rc u614 1
expect u614 "d['kernel']['family']" ubuntu
expect u614 "d['kernel']['own_ice_rx_leak']" affected
expect u614 "d['kernel']['distribution_version']" 6.14.0-37.37~24.04.1
level u614 kernel "['action']"
kfix u614 "f.startswith('apt install ice-backport-dkms linux-headers-6.14.0-37-generic')"
judged u614
echo "== C: Ubuntu 6.8, by Ubuntu's own numbers (kernel.org's 6.8 never leaked)"
# u68 NAME KVER UPLOAD SIGNATURE WANT RC: the host judged WANT, by its version.
u68() {
	ubuntu_host "$1" "$2" "$3" "$4"
	doctor "$1" doctor --json
	expect "$1" "d['kernel']['family']" ubuntu
	expect "$1" "d['kernel']['own_ice_rx_leak']" "$5"
	expect "$1" "d['kernel']['rx_leak_basis']" version
	expect_rc "$1" "$6"
}
u68 u6864 6.8.0-64-generic 67 "Ubuntu 6.8.0-64.67-generic 6.8.12" affected 1
level u6864 kernel "['action']"
kfix u6864 "f.startswith('apt install ice-backport-dkms linux-headers-6.8.0-64-generic')"
judged u6864
u68 u6862 6.8.0-62-generic 65 "Ubuntu 6.8.0-62.65-generic 6.8.12" not-affected 0
judged u6862
u68 u68103 6.8.0-103-generic 103 "Ubuntu 6.8.0-103.103-generic 6.8.12" fixed 0
judged u68103
echo "-- 22.04's HWE 6.8 carries the same numbers"
u68 u68hwe 6.8.0-106-generic 106~22.04.1 "Ubuntu 6.8.0-106.106~22.04.1-generic 6.8.12" fixed 0
judged u68hwe
echo "-- no /proc/version_signature: uname's ABI 64 and /proc/version's #67"
u68 u68nosig 6.8.0-64-generic 67 "" affected 1
expect u68nosig "d['kernel']['distribution_version']" 6.8.0-64.67
judged u68nosig

echo "== C: Ubuntu 6.8.0-103 by its changelog (linux-modules', the signed image's own log silent)"
ubuntu_host u68cl 6.8.0-103-generic 103 ""
mkdir -p "$fx/usr/share/doc/linux-image-6.8.0-103-generic" "$fx/usr/share/doc/linux-modules-6.8.0-103-generic"
printf 'linux-signed (6.8.0-103.103) noble; urgency=medium\n\n  * Main version: 6.8.0-103.103\n\n -- Someone <x@y>  Tue, 10 Feb 2026 12:00:00 +0100\n' |
	gzip -9n >"$fx/usr/share/doc/linux-image-6.8.0-103-generic/changelog.Debian.gz"
# Verbatim from Canonical's changelog of noble's linux (the two entries
# rx-leak-ranges cites for Ubuntu's 6.8 row), abridged to their ice items.
u68_fix='    - ice: fix Rx page leak on multi-buffer frames'
gzip -9n >"$fx/usr/share/doc/linux-modules-6.8.0-103-generic/changelog.Debian.gz" <<'CL'
linux (6.8.0-103.103) noble; urgency=medium

  * noble/linux: 6.8.0-103.103 -proposed tracker (LP: #2141411)

  * Noble update: upstream stable patchset 2026-01-22 (LP: #2138867)
    - ice: store max_frame and rx_buf_len only in ice_rx_ring
    - Upstream stable to v6.6.108, v6.12.49

  * Noble update: upstream stable patchset 2026-01-22 (LP: #2138867) //
    CVE-2025-39948
    - ice: fix Rx page leak on multi-buffer frames

 -- Edoardo Canepa <edoardo.canepa@canonical.com>  Tue, 10 Feb 2026 12:14:34 +0100

linux (6.8.0-64.67) noble; urgency=medium

  * Noble update: upstream stable patchset 2025-06-12 (LP: #2114239)
    - ice: put Rx buffers after being done with current frame

 -- Mehmet Basaran <mehmet.basaran@canonical.com>  Sun, 15 Jun 2025 10:53:51 +0300
CL
doctor u68cl doctor --json
expect_rc u68cl 0
expect u68cl "d['kernel']['family']" ubuntu
expect u68cl "d['kernel']['own_ice_rx_leak']" fixed
expect u68cl "d['kernel']['rx_leak_basis']" changelog
expect u68cl "d['kernel']['changelog_package']" linux-modules-6.8.0-103-generic
expect u68cl "d['kernel']['changelog_evidence']" "- ${u68_fix#    - }"
expect u68cl "'in 6.8.0-103.103' in d['kernel']['reason']" True
judged u68cl

echo "== C: Debian 6.12.118-1 whose changelog reverts the fix"
# deb_changelog REVERT: the changelog.gz of linux-image-6.12.118+deb13-amd64
# on standard output.  The 6.12.57-1 and 6.12.15-1 entries have the
# headers and ice items of the real one (rx-leak-ranges cites it), the
# rest abridged, the sign-off lines stand-ins.  REVERT=yes adds the entry
# 6.12.118-1 "trixie-security": MADE UP, no Debian upload reverts the fix.
deb_changelog() {
	if [ "$1" = yes ]; then
		printf '%s\n' 'linux (6.12.118-1) trixie-security; urgency=high' '' \
			'  * New upstream stable update:' \
			'    https://www.kernel.org/pub/linux/kernel/v6.x/ChangeLog-6.12.118' \
			'    - Revert "ice: fix Rx page leak on multi-buffer frames"' '' \
			' -- Made Up <nobody@example.invalid>  Mon, 02 Mar 2026 12:00:00 +0100' ''
	fi
	cat <<'CL'
linux (6.12.57-1) trixie; urgency=medium

  * New upstream stable update:
    https://www.kernel.org/pub/linux/kernel/v6.x/ChangeLog-6.12.49
    - ice: store max_frame and rx_buf_len only in ice_rx_ring
    - ice: fix Rx page leak on multi-buffer frames

 -- Stand In <nobody@example.invalid>  Wed, 05 Nov 2025 12:00:00 +0100

linux (6.12.15-1) unstable; urgency=medium

  * New upstream stable update:
    https://www.kernel.org/pub/linux/kernel/v6.x/ChangeLog-6.12.14
    - ice: put Rx buffers after being done with current frame

 -- Stand In <nobody@example.invalid>  Thu, 20 Feb 2025 12:00:00 +0100
CL
}
deb_kver=6.12.118+deb13-amd64
deb_doc=/usr/share/doc/linux-image-$deb_kver
dist_host debrev "$deb_kver" 6.12.118-1
mkdir -p "$fx$deb_doc"
deb_changelog yes | gzip -9n >"$fx$deb_doc/changelog.gz"
doctor debrev doctor --json
expect_rc debrev 1
expect debrev "d['kernel']['family']" debian
expect debrev "d['kernel']['own_ice_rx_leak']" affected
expect debrev "d['kernel']['rx_leak_basis']" changelog
expect debrev "d['kernel']['changelog_package']" "linux-image-$deb_kver"
expect debrev "d['kernel']['changelog_evidence']" '- Revert "ice: fix Rx page leak on multi-buffer frames"'
expect debrev "'reverts the fix, in 6.12.118-1' in d['kernel']['reason']" True
level debrev kernel "['action']"
kfix debrev "f.startswith('apt install ice-backport-dkms linux-headers-$deb_kver')"
judged debrev
echo "-- control: the same changelog without the revert"
dist_host debfix "$deb_kver" 6.12.118-1
mkdir -p "$fx$deb_doc"
deb_changelog no | gzip -9n >"$fx$deb_doc/changelog.gz"
doctor debfix doctor --json
expect_rc debfix 0
expect debfix "d['kernel']['own_ice_rx_leak']" fixed
expect debfix "d['kernel']['rx_leak_basis']" changelog
expect debfix "d['kernel']['changelog_evidence']" "- ice: fix Rx page leak on multi-buffer frames"
judged debfix
echo "-- control: no changelog at all: Debian's version (6.12.118-1, fixed from 6.12.57-1)"
dist_host debnocl "$deb_kver" 6.12.118-1
doctor debnocl doctor --json
expect_rc debnocl 0
expect debnocl "d['kernel']['own_ice_rx_leak']" fixed
expect debnocl "d['kernel']['rx_leak_basis']" version
judged debnocl

echo "== C: a Debian changelog that lists the leak but not the fix, on a version that has it"
# Debian's 7.2 (sid): its changelog carries the 6.12.y history (the leak
# in 6.12.15-1) and no item for the fix, which came with a new mainline.
# Only the lines the doctor reads: an excerpt in the real form.
deb72=7.2.13+deb14-amd64
dist_host deb72 "$deb72" 7.2.13-1
mkdir -p "$fx/usr/share/doc/linux-image-$deb72"
printf 'linux (7.2.13-1) unstable; urgency=medium\n\n  * New upstream stable update\n\n -- Stand In <nobody@example.invalid>  Mon, 02 Nov 2026 12:00:00 +0100\n\nlinux (6.12.15-1) unstable; urgency=medium\n\n  * New upstream stable update:\n    - ice: put Rx buffers after being done with current frame\n\n -- Stand In <nobody@example.invalid>  Thu, 20 Feb 2025 12:00:00 +0100\n' |
	gzip -9n >"$fx/usr/share/doc/linux-image-$deb72/changelog.gz"
# judge_deb72 DATA: the doctor of DATA judges it by its version: fixed.
# shellcheck disable=SC2030,SC2031 # as judge_emptyfw
judge_deb72() (
	export ICE_BP_DATA="$1"
	doctor deb72 doctor --json
	expect_rc deb72 0
	expect deb72 "d['kernel']['own_ice_rx_leak']" fixed
	expect deb72 "d['kernel']['rx_leak_basis']" version
	expect deb72 "'lists the leaking Rx buffer release, in 6.12.15-1, and not the fix' in d['kernel']['reason']" True
	judged deb72
)
judge_deb72 "$top/tools/lib"
echo "-- negative control: a doctor that believes such a changelog over the version"
# shellcheck disable=SC2016 # the doctor's variable, not this script's
echo 's/if { \[ "$vleak" = fixed \]/if false \&\& { [ "$vleak" = fixed ]/' >"$tmp/leakonly.sed"
mutant leakonly kernel-leak.sh "$tmp/leakonly.sed"
expect_fail "$tmp/leakonly.log" "deb72: exit status 1, want 0" judge_deb72 "$tmp/leakonly"
echo "ok: caught"

echo "== C: kernel.org 6.6.110: its build tree, no headers package"
dist_host k66 6.6.110 ""
doctor k66 doctor --json
expect_rc k66 1
expect k66 "d['kernel']['family']" kernel.org
expect k66 "d['kernel']['own_ice_rx_leak']" affected
kfix k66 "'linux-headers-6.6.110' not in f"
kfix k66 "'/lib/modules/6.6.110/build' in f"
judged k66
echo "-- the same kernel on a Debian root (/etc/os-release): still no headers package"
mkdir -p "$fx/etc"
printf 'PRETTY_NAME="Debian GNU/Linux 13 (trixie)"\nNAME="Debian GNU/Linux"\nVERSION_ID="13"\nID=debian\n' >"$fx/etc/os-release"
doctor k66 doctor --json
expect_rc k66 1
expect k66 "d['kernel']['family']" kernel.org
judged k66
# The headers of a kernel.org build are its build tree, on any
# distribution: no archive has a linux-headers-6.6.110.
jexpect "$tmp/k66.out" "[('linux-headers-6.6.110' not in f, '/lib/modules/6.6.110/build' in f) for f in [x['fix'] for x in d['findings'] if x['check'] == 'kernel']]" "[(True, True)]"

echo "== C: SLES 16.0 6.12.0-160000.5, no rpm database"
dist_host sles 6.12.0-160000.5-default ""
echo "Linux version 6.12.0-160000.5-default (geeko@buildhost) (gcc (SUSE Linux) 13.3.0, GNU ld (GNU Binutils; SUSE Linux Enterprise 16) 2.43.1.20241209-160000.1) #1 SMP PREEMPT_DYNAMIC Mon Oct 13 10:00:00 UTC 2025 (1a2b3c4)" >"$fx/proc/version"
doctor sles doctor --json
expect_rc sles 2
expect sles "d['kernel']['family']" suse
expect sles "d['kernel']['own_ice_rx_leak']" unknown
expect sles "'by its release alone it would be affected' in d['kernel']['reason']" True
level sles kernel "['unknown']"
judged sles

echo "== D: --root runs none of this machine's commands"
# The stand-ins (fx_commands) say what this machine would: its E810 in
# Safe Mode, a stale page on ring 1.  Under a root they must not run.
fx_healthy rootonly
echo "[    2.500000] ice $fx_bdf: The DDP package file was not found or could not be read. Entering Safe Mode" >>"$fc/dmesg"
fx_stats 1 "0 1000 5000 10 2 0" "1 800 4000 0 0 3"
rm -f "$fc/$(cmd_key ethtool -S eth0).2"
fx_commands rootonly
unset ICE_BP_CMDS ICE_BP_LIVE
# rootrun ARGS...: the tool on the root, this machine's commands the stand-ins.
rootrun() {
	rc=0
	PATH="$fb:$PATH" ICE_BP_ROOT="$fx" "$top/tools/ice-backport" doctor --json "$@" >"$tmp/rootonly.out" 2>&1 || rc=$?
	sed 's/^/    rootonly| /' "$tmp/rootonly.out"
}
rootrun
expect_rc rootonly 0
expect rootonly "d['ports'][0]['ddp']" unknown
expect rootonly "d['ports'][0]['rx_pages']['verdict']" not-read
expect rootonly "[f for f in d['findings'] if f['check'] == 'ports' or f['level'] == 'action']" "[]"
no_text rootonly 'Rx page leak'
level rootonly root "['info']"
# It says what it did not read.
for w in 'kernel log' ethtool mokutil 'Safe Mode' 'Rx page counters' --live; do
	expect rootonly "'$w' in [f['message'] + f['fix'] for f in d['findings'] if f['check'] == 'root'][0]" True
done
judged rootonly
echo "-- control: --live runs them (the stand-ins work)"
rootrun --live
expect_rc rootonly 1
expect rootonly "d['ports'][0]['ddp']" safe-mode
expect rootonly "d['ports'][0]['rx_pages']['verdict']" leak
expect rootonly "d['ports'][0]['rx_pages']['stale_rings']" "['1']"
expect rootonly "len([f for f in d['findings'] if f['level'] == 'action' and 'Safe Mode' in f['message']])" 1
expect rootonly "len([f for f in d['findings'] if f['level'] == 'action' and 'Rx page leak' in f['message']])" 1
level rootonly root "[]"
judged rootonly

for w in "$tmp"/*.want; do
	[ ! -e "$w" ] || fail "checks kept but never judged: $w"
done
echo "total $(($(date +%s) - t0)) s"
