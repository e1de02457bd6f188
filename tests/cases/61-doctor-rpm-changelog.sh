#!/bin/sh
# `ice-backport doctor` judges a RHEL-family kernel (release with an .elN
# dist tag) by its package changelog, read from the root's rpm database,
# not by its version: fixture hosts with real rpm databases holding
# kernel-core packages whose %changelog is an excerpt of the real one
# (AlmaLinux's kernel sources, branches 9.4, 9.6 and 10.0; the subjects
# and where they were read: tools/lib/rx-leak-changelog):
#   9.4  (no leaking entry)                 not affected, exit 0
#   9.6  (leaking entry, no fix)            leaks, exit 1, the line quoted
#   9.7 611.7.1 (the fix over 9.6's entries)  fixed, exit 0, the fix quoted
#   9.7 611.26.1 (Red Hat's zero-length change over the fix)
#                                           leaks again, exit 1, cause
#                                           zero-length-bias, the change quoted
#   9.7 with the fix's newest item a Revert leaks, exit 1
#   10.0 (leaking entry, AlmaLinux's form)  leaks, exit 1
#   10.2 (ice on Page Pool over 10.1's regression)
#                                           not affected, exit 0
#   9.6 +rt (kernel-rt-core)                leaks
#   a package without changelog, no package for the kernel, a database
#   rpm cannot read                         could not tell, exit 2
# The advice is RHEL's: dnf, EPEL for dkms, kernel-rt-devel for +rt.
# Negative controls: the same fixtures judged by broken copies of the
# doctor must fail: one that ignores the changelog (9.6 is then not
# "leaks"), one that never sees the fix (9.7 is then "leaks"), one that
# takes an empty changelog for "neither entry" (then "not affected"), one
# blind to reverts and one blind to Red Hat's change (both then "fixed").
# tests/run: minutes
. "$ICE_BP_TOPDIR/tests/lib.sh"
. "$top/tools/lib/host.sh"
. "$top/tests/doctor-fixture.sh"
. "$top/tests/json-check.sh"
command -v python3 >/dev/null || skip "python3 is needed to read the JSON"
if ! command -v rpm >/dev/null || ! command -v rpmbuild >/dev/null; then
	skip "rpm and rpmbuild are needed to build the fixtures' rpm databases (scripts/kbuild/install-build-deps)"
fi
# The counters are not judged here: no wait between two samples.
export ICE_BP_SAMPLE_SECS=0

# el_host NAME KVER PACKAGE VERSION RELEASE: a RHEL-family host running
# KVER with its own ice loaded on an E810, the package that owns KVER in
# its rpm database with the changelog on standard input.
el_host() {
	fx_new "$1" "$2" ""
	fx_loaded intree
	fx_port ice
	fx_rpm "$3" "$4" "$5"
}

t0=$(date +%s)
# Branch 9.4, redhat/kernel.changelog-9.4 (as branch 9.5 carries it): the
# newest entry there, and an older one.  No entry of 9.4 has the subject.
el_host el94 5.14.0-427.13.1.el9_4.x86_64 kernel-core 5.14.0 427.13.1.el9_4 <<'CL'
* Wed Apr 10 2024 Scott Weaver <scweaver@redhat.com> [5.14.0-427.13.1.el9_4]
- ice: fix enabling RX VLAN filtering (Petr Oros) [RHEL-28837]

* Fri Apr 05 2024 Scott Weaver <scweaver@redhat.com> [5.14.0-427.12.1.el9_4]
- mm/sparsemem: fix race in accessing memory_section->usage (Waiman Long) [RHEL-28877 RHEL-28878] {CVE-2023-52489}
CL
# Branch 9.6 (kernel-5.14.0-570.32.1.el9_6), almalinux/kernel.spec: the
# newest Red Hat entry and the one that brought the leaking walk in.
el96_cl='* Mon Jul 28 2025 CKI KWF Bot <cki-ci-bot+kwf-gitlab-com@redhat.com> [5.14.0-570.32.1.el9_6]
- net_sched: hfsc: Address reentrant enqueue adding class to eltree twice (Davide Caratti) [RHEL-97522] {CVE-2025-38001 CVE-2025-37890}
- sch_hfsc: Fix qlen accounting bug when using peek in hfsc_enqueue() (Davide Caratti) [RHEL-97522] {CVE-2025-38000}

* Thu Feb 06 2025 Patrick Talbert <ptalbert@redhat.com> [5.14.0-563.el9]
- octeontx2-pf: mcs: Introduce MACSEC hardware offloading (Sai Krishna) [RHEL-23617]
- ice: stop storing XDP verdict within ice_rx_buf (Petr Oros) [RHEL-65102]
- ice: gather page_count()'"'"'s of each frag right before XDP prog call (Petr Oros) [RHEL-65102]
- ice: put Rx buffers after being done with current frame (Petr Oros) [RHEL-65102]
- wifi: iwlwifi: bump FW API to 94 for BZ/SC devices (CKI Backport Bot) [RHEL-74377]'
leak_line='- ice: put Rx buffers after being done with current frame (Petr Oros) [RHEL-65102]'
printf '%s\n' "$el96_cl" | el_host el96 5.14.0-570.32.1.el9_6.x86_64 kernel-core 5.14.0 570.32.1.el9_6
# The real-time variant of the same release: uname -r says +rt, the
# package is kernel-rt-core.
printf '%s\n' "$el96_cl" | el_host elrt 5.14.0-570.32.1.el9_6.x86_64+rt kernel-rt-core 5.14.0 570.32.1.el9_6
# Red Hat's redhat/kernel.changelog-9.7 (mkuron/almalinux-kernel
# cd93d4643d17, as the search tool's index holds it; tools/lib/
# rx-leak-changelog): the fix in 611.7.1, Red Hat's own zero-length change
# in 611.25.1; over the 9.6 entries, as the spec's %changelog has them.
fix_line='- ice: fix Rx page leak on multi-buffer frames (Petr Oros) [RHEL-116540]'
el97_fix="* Thu Oct 30 2025 CKI KWF Bot <cki-ci-bot+kwf-gitlab-com@redhat.com> [5.14.0-611.7.1.el9_7]
- net: ethtool: fix the error condition in ethtool_get_phy_stats_ethtool (CKI Backport Bot) [RHEL-114298]
$fix_line"
printf '%s\n\n%s\n' "$el97_fix" "$el96_cl" |
	el_host el97 5.14.0-611.7.1.el9_7.x86_64 kernel-core 5.14.0 611.7.1.el9_7
regr_line='- ice: Fix kernel panic due to page refcount underflow (Mohammad Heib) [RHEL-139731]'
el97_regr="* Thu Jan 15 2026 CKI KWF Bot <cki-ci-bot+kwf-gitlab-com@redhat.com> [5.14.0-611.25.1.el9_7]
$regr_line
- ice: fix E810 PTP timestamps (made up for the order of items) [RHEL-00000]"
printf '* Mon Feb 02 2026 CKI KWF Bot <cki-ci-bot+kwf-gitlab-com@redhat.com> [5.14.0-611.26.1.el9_7]\n- redhat: a later entry [RHEL-00000]\n\n%s\n\n%s\n\n%s\n' "$el97_regr" "$el97_fix" "$el96_cl" |
	el_host el97r 5.14.0-611.26.1.el9_7.x86_64 kernel-core 5.14.0 611.26.1.el9_7
# The same with +rt (kernel-rt-core): the advice names kernel-rt-devel.
printf '%s\n\n%s\n\n%s\n' "$el97_regr" "$el97_fix" "$el96_cl" |
	el_host el97rt 5.14.0-611.25.1.el9_7.x86_64+rt kernel-rt-core 5.14.0 611.25.1.el9_7
# MADE UP: a later release that reverts the fix (no real changelog does):
# the newest item of the fix is its Revert.
printf '* Mon Mar 02 2026 Made Up <nobody@example.invalid> [5.14.0-611.30.1.el9_7]\n- Revert "ice: fix Rx page leak on multi-buffer frames" (Made Up) [RHEL-00000]\n\n%s\n\n%s\n' "$el97_fix" "$el96_cl" |
	el_host el97rev 5.14.0-611.30.1.el9_7.x86_64 kernel-core 5.14.0 611.30.1.el9_7
# RHEL 10.2 (redhat/kernel.changelog-10.2, mkuron/almalinux-kernel
# a7e8068b319e): ice on Page Pool in 6.12.0-206.el10, over 10.1's
# entries (the fix, then Red Hat's change).
el_host el102 6.12.0-211.38.1.el10_2.x86_64 kernel-core 6.12.0 211.38.1.el10_2 <<'CL'
* Fri Feb 13 2026 CKI KWF Bot <cki-ci-bot+kwf-gitlab-com@redhat.com> [6.12.0-206.el10]
- ice: implement configurable header split for regular Rx (Michal Schmidt) [RHEL-118528 RHEL-131333 RHEL-99197]
- ice: switch to Page Pool (Michal Schmidt) [RHEL-118528 RHEL-131333 RHEL-99197]
- ice: drop page splitting and recycling (Michal Schmidt) [RHEL-118528 RHEL-131333 RHEL-99197]

* Sat Jan 31 2026 CKI KWF Bot <cki-ci-bot+kwf-gitlab-com@redhat.com> [6.12.0-124.35.1.el10_1]
- ice: Fix kernel panic due to page refcount underflow (CKI Backport Bot) [RHEL-139734]

* Sat Nov 01 2025 CKI KWF Bot <cki-ci-bot+kwf-gitlab-com@redhat.com> [6.12.0-124.10.1.el10_1]
- ice: fix Rx page leak on multi-buffer frames (Petr Oros) [RHEL-116543]
CL
# Branch 10.0 (kernel-6.12.0-55.24.1.el10_0), almalinux/kernel.spec: the
# newest entry, and the one that brought the leaking walk in, in
# AlmaLinux's form (no backporter, no ticket).
el_host el10 6.12.0-55.24.1.el10_0.x86_64 kernel-core 6.12.0 55.24.1.el10_0 <<'CL'
* Tue Jul 29 2025 Alex Burmashev <alexander.burmashev@oracle.com> [6.12.0-55.24.1.el10_0]
- Bump internal version to 55.24.1
- net_sched: hfsc: Fix a UAF vulnerability in class handling - CVE-2025-37797

* Tue Jun 24 2025 Alex Burmashev <alexander.burmashev@oracle.com> [6.12.0-55.18.1.el10_0]
- dm-flakey: Fix memory corruption in optional corrupt_bio_byte feature CVE-2025-21966
- ice: stop storing XDP verdict within ice_rx_buf
- ice: gather page_count()'s of each frag right before XDP prog call
- ice: put Rx buffers after being done with current frame
- iscsi_ibft: Fix UBSAN shift-out-of-bounds warning in ibft_attr_show_nic() CVE-2025-21993
CL
# Could not tell: the package has no changelog at all...
el_host elempty 5.14.0-570.32.1.el9_6.x86_64 kernel-core 5.14.0 570.32.1.el9_6 </dev/null
# ... the database has no package for the running kernel (only 9.4's) ...
el_host elnopkg 5.14.0-570.33.1.el9_6.x86_64 kernel-core 5.14.0 427.13.1.el9_4 <<'CL'
* Wed Apr 10 2024 Scott Weaver <scweaver@redhat.com> [5.14.0-427.13.1.el9_4]
- ice: fix enabling RX VLAN filtering (Petr Oros) [RHEL-28837]
CL
# ... or the database is not one rpm can read.
fx_new elbroken 5.14.0-570.32.1.el9_6.x86_64 ""
fx_loaded intree
fx_port ice
mkdir -p "$fx/var/lib/rpm"
echo "not an rpm database" >"$fx/var/lib/rpm/rpmdb.sqlite"
t1=$(date +%s)
echo "fixtures: 13 hosts, 12 rpm databases built in $((t1 - t0)) s"

# judge DATA: the doctor of DATA (a tools/lib) judges every fixture as the
# header says.  A subshell: a failed check ends it, not the test.
judge() (
	export ICE_BP_DATA="$1"
	kc() {
		jexpect "$tmp/$1.out" "d['kernel']['own_ice_rx_leak']" "$2"
	}
	doctor el96 doctor --json
	kc el96 affected
	expect_rc el96 1
	jexpect "$tmp/el96.out" "d['kernel']['changelog_package']" kernel-core-5.14.0-570.32.1.el9_6.x86_64
	jexpect "$tmp/el96.out" "d['kernel']['changelog_evidence']" "$leak_line"
	jexpect "$tmp/el96.out" "'in 5.14.0-563.el9' in d['kernel']['reason']" True
	kfix() {
		jexpect "$tmp/$1.out" "'$2' in [f['fix'] for f in d['findings'] if f['check'] == 'kernel'][0]" True
	}
	kfix el96 'dnf install epel-release'
	kfix el96 'dnf install ice-backport-dkms kernel-devel-5.14.0-570.32.1.el9_6.x86_64'
	kfix el96 'MTU of 1500 or less'
	kfix el96 'mokutil --import /var/lib/dkms/mok.pub'
	jexpect "$tmp/el96.out" "'apt ' in [f['fix'] for f in d['findings'] if f['check'] == 'kernel'][0]" False
	doctor el10 doctor --json
	kc el10 affected
	expect_rc el10 1
	jexpect "$tmp/el10.out" "d['kernel']['changelog_evidence']" "- ice: put Rx buffers after being done with current frame"
	doctor elrt doctor --json
	kc elrt affected
	jexpect "$tmp/elrt.out" "d['kernel']['changelog_package']" kernel-rt-core-5.14.0-570.32.1.el9_6.x86_64
	jexpect "$tmp/elrt.out" "'kernel-rt-devel-5.14.0-570.32.1.el9_6.x86_64' in [f['fix'] for f in d['findings'] if f['check'] == 'kernel'][0]" True
	doctor el97 doctor --json
	kc el97 fixed
	expect_rc el97 0
	jexpect "$tmp/el97.out" "d['kernel']['changelog_evidence']" "$fix_line"
	jexpect "$tmp/el97.out" "'in 5.14.0-611.7.1.el9_7' in d['kernel']['reason']" True
	doctor el97r doctor --json
	kc el97r affected
	expect_rc el97r 1
	jexpect "$tmp/el97r.out" "d['kernel']['rx_leak_cause']" zero-length-bias
	jexpect "$tmp/el97r.out" "d['kernel']['changelog_evidence']" "$regr_line"
	jexpect "$tmp/el97r.out" "'zero-length' in d['kernel']['reason'] and 'in 5.14.0-611.25.1.el9_7' in d['kernel']['reason']" True
	doctor el97rt doctor --json
	kc el97rt affected
	jexpect "$tmp/el97rt.out" "'kernel-rt-devel-5.14.0-611.25.1.el9_7.x86_64' in [f['fix'] for f in d['findings'] if f['check'] == 'kernel'][0]" True
	doctor el97rev doctor --json
	kc el97rev affected
	expect_rc el97rev 1
	jexpect "$tmp/el97rev.out" "'reverts the fix, in 5.14.0-611.30.1.el9_7' in d['kernel']['reason']" True
	doctor el102 doctor --json
	kc el102 not-affected
	expect_rc el102 0
	jexpect "$tmp/el102.out" "'Page Pool' in d['kernel']['reason']" True
	doctor el94 doctor --json
	kc el94 not-affected
	expect_rc el94 0
	jexpect "$tmp/el94.out" "d['kernel']['changelog_evidence']" None
	for h in elempty elnopkg elbroken; do
		doctor "$h" doctor --json
		kc "$h" unknown
		expect_rc "$h" 2
	done
	jexpect "$tmp/elempty.out" "'has no entries' in d['kernel']['reason']" True
	jexpect "$tmp/elnopkg.out" "'has no package kernel-core-5.14.0-570.33.1.el9_6.x86_64' in d['kernel']['reason']" True
	# The person's report quotes the line too.
	doctor el96 doctor
	grep -qF -- "$leak_line" "$tmp/el96.out" || fail "el96: the text report does not quote the changelog line"
	echo "ok: el96: the text report quotes the changelog line"
)

echo "== the doctor of this tree"
judge "$top/tools/lib"
t2=$(date +%s)
echo "judged in $((t2 - t1)) s"

# mutant NAME SED: a copy of tools/lib whose kernel-leak.sh is edited by
# SED, which must change it.
mutant() {
	mkdir -p "$tmp/$1"
	cp -R "$top/tools/lib/." "$tmp/$1/"
	sed -i "$2" "$tmp/$1/kernel-leak.sh"
	! cmp -s "$top/tools/lib/kernel-leak.sh" "$tmp/$1/kernel-leak.sh" || fail "mutant $1: '$2' changed nothing"
}
echo "== negative control: a doctor that ignores the changelog"
mutant nochangelog 's/rhel | suse | fedora | elrepo) kl_rpm_changelog ;;/rhel | suse | fedora | elrepo) return 1 ;;/'
expect_fail "$tmp/nochangelog.log" "is 'unknown', want 'affected'" judge "$tmp/nochangelog"
echo "== negative control: a doctor that never sees the fix"
# shellcheck disable=SC2016 # the doctor's variables, not this script's
mutant nofix 's/ev_fx=$(kl_ev fix)/ev_fx=/'
expect_fail "$tmp/nofix.log" "el97.out: .* is 'affected', want 'fixed'" judge "$tmp/nofix"
echo "== negative control: a doctor that takes an empty changelog for 'neither entry'"
mutant emptyok 's/elif ! kl_has_items; then/elif false; then/'
expect_fail "$tmp/emptyok.log" "elempty.out: .* is 'not-affected', want 'unknown'" judge "$tmp/emptyok"
echo "== negative control: a doctor blind to reverts"
mutant norevert 's/state = "reverted"; rest/state = ""; rest/'
expect_fail "$tmp/norevert.log" "el97rev.out: .* is 'fixed', want 'affected'" judge "$tmp/norevert"
echo "== negative control: a doctor blind to Red Hat's zero-length change"
# shellcheck disable=SC2016 # the doctor's variables, not this script's
mutant noregr 's/ev_rg=$(kl_ev regression)/ev_rg=/'
expect_fail "$tmp/noregr.log" "el97r.out: .* is 'fixed', want 'affected'" judge "$tmp/noregr"
echo "total $(($(date +%s) - t0)) s"
