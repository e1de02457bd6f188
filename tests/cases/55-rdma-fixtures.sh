#!/bin/sh
# RDMA is never taken away silently.  On fake hosts
# (tests/doctor-fixture.sh) that use RDMA on an E810 port:
#   running    a 7.2 kernel runs ice-backport's build, RDMA compiled out,
#              irdma configured to load: the doctor says "RDMA in use, this
#              kernel's build of ice-backport has none", action needed;
#   pending    6.12.117 runs its own ice with irdma and an RDMA device on
#              ice.roce.0; DKMS installed a build whose exports' symbol
#              versions differ from irdma's: action needed, RDMA stops at
#              the next load;
#   declined   the package declined a kernel: the doctor says so;
#   install    tools/lib/dkms.sh's decision after a build: decline (the
#              default), with the kernel and the reason; install anyway
#              with `rdma = install` in policy.conf, warning all the same;
#   no kmod    modprobe missing: irdma's symbol versions cannot be read,
#              declined ("cannot tell"), never taken for a build that
#              serves irdma (its control: the same build, modprobe there).
# Controls: the same hosts without RDMA in use, or with a build whose
# symbol versions match irdma's, get no such finding and no decline.
. "$ICE_BP_TOPDIR/tests/lib.sh"
. "$top/tools/lib/host.sh"
. "$top/tests/doctor-fixture.sh"
. "$top/tests/json-check.sh"
command -v python3 >/dev/null || skip "python3 is needed to read the JSON"

# rdma_level NAME: the level of the doctor's rdma finding ('' for none).
rdma_level() {
	jget "$tmp/$1.out" "''.join(f['level'] for f in d['findings'] if f['check'] == 'rdma')"
}

echo "== running: a 7.2 kernel runs our build, RDMA compiled out"
# healthy7 NAME: a healthy host on Debian's 7.2.13, our build running.
healthy7() {
	fx_new "$1" 7.2.13+deb14-amd64 7.2.13-1
	fx_package
	fx_dkms_installed "$fx_kver"
	fx_loaded ours
	fx_port ice
	fx_stats 1 "0 1000 5000 10 2 0"
	fx_stats 2 "0 1010 5600 10 2 0"
	fx_irdma "$fx_kver"
	fx_exports "/lib/modules/$fx_kver/updates/dkms/ice.ko.xz" other rdma-off
}
healthy7 running
doctor running doctor --json
expect_rc "running, no RDMA in use (control)" 0
[ -z "$(rdma_level running)" ] || fail "running: an rdma finding on a host that uses no RDMA"
fx_rdma_use config
fx_rdma_use refused
doctor running doctor --json
expect_rc "running, RDMA in use" 1
jexpect "$tmp/running.out" "[f['message'][:57] for f in d['findings'] if f['check'] == 'rdma']" \
	"[\"RDMA in use, this kernel's build of ice-backport has none\"]"
jexpect "$tmp/running.out" "d['rdma']['build_carries_rdma']" False
jexpect "$tmp/running.out" "'compiled out' in d['rdma']['why'] and 'modules-load.d' in d['rdma']['seen']" True
doctor running doctor
grep -q "RDMA in use, this kernel's build of ice-backport has none" "$tmp/running.out" || fail "the human output does not say it"

echo "== pending: the kernel's own ice serves irdma; DKMS installed a build it cannot use"
# own NAME same|other: 6.12.117 with its own ice loaded, irdma and an RDMA
# device on it, and our build installed by DKMS.
own() {
	fx_healthy "$1"
	rm -rf "$fx/sys/module/ice"
	fx_loaded intree
	fx_irdma "$fx_kver"
	fx_exports "/lib/modules/$fx_kver/updates/dkms/ice.ko.xz" "$2"
	fx_rdma_use device
}
own pending other
doctor pending doctor --json
expect_rc pending 1
[ "$(rdma_level pending)" = action ] || fail "pending: the rdma finding is '$(rdma_level pending)', want action"
jexpect "$tmp/pending.out" "'ice_add_rdma_qset' in d['rdma']['why'] and 'rocep59s0 on ice.roce.0' in d['rdma']['seen']" True
echo "-- control: the build's symbol versions are irdma's"
own carried same
doctor carried doctor --json
[ "$(rdma_level carried)" = ok ] || fail "carried: the rdma finding is '$(rdma_level carried)', want ok"
jexpect "$tmp/carried.out" "d['rdma']['build_carries_rdma']" True

echo "== declined: the package built for a kernel and did not install it"
fx_new declined 6.12.117+deb13-amd64 6.12.117-1
fx_package
fx_loaded intree
fx_port ice
mkdir -p "$fx/lib/modules/$fx_kver/build" "$fx/var/log/ice-backport"
printf '%s\tthe symbol versions of ice_add_rdma_qset differ\n' "$fx_version" >"$fx/var/log/ice-backport/$fx_kver.rdma-declined"
fx_rdma_use device
doctor declined doctor --json
jexpect "$tmp/declined.out" "[k['state'] for k in d['dkms']['kernels']]" "['rdma-declined']"
jexpect "$tmp/declined.out" "[f['level'] for f in d['findings'] if f['check'] == 'dkms']" "['info']"
rm "$fx/var/log/ice-backport/$fx_kver.rdma-declined"
doctor declined doctor --json
jexpect "$tmp/declined.out" "[k['state'] for k in d['dkms']['kernels']]" "['failed']"

echo "== install: the package's decision after a build"
. "$top/tools/lib/rdma.sh"
. "$top/tools/lib/dkms.sh"
data=$top/tools/lib
# decide NAME: dk_rdma_declines on the fake host NAME for its kernel,
# with the build of fx_version; sets rc, the warning in $tmp/NAME.warn.
decide() {
	R=$tmp/$1/root CMDS=$tmp/$1/cmds
	rc=0
	dk_rdma_declines "$fx_version" "$fx_kver" 2>"$tmp/$1.warn" || rc=$?
	sed "s/^/    $1| /" "$tmp/$1.warn"
}
# built NAME same|other: the fake host NAME, RDMA in use, a fresh build.
built() {
	fx_new "$1" 6.12.117+deb13-amd64 6.12.117-1
	fx_package
	fx_port ice
	fx_irdma "$fx_kver"
	b=/var/lib/dkms/ice-backport/$fx_version/$fx_kver/x86_64/module/ice.ko.xz
	mkdir -p "$fx${b%/*}"
	: >"$fx$b"
	fx_exports "$b" "$2"
}
built decl other
fx_rdma_use device
decide decl
expect_rc "a build without RDMA on an RDMA host: declined" 0
for w in "6.12.117+deb13-amd64: this host uses RDMA on an E800 port" ice_add_rdma_qset "Not installed"; do
	grep -q "$w" "$tmp/decl.warn" || fail "the warning does not say '$w' (the kernel, the reason, the decision)"
done
mkdir -p "$fx/etc/ice-backport"
echo "rdma = install" >"$fx/etc/ice-backport/policy.conf"
decide decl
expect_rc "rdma = install: installed anyway" 1
grep -q "Installed anyway" "$tmp/decl.warn" || fail "installing anyway does not warn"
echo "-- control: the build serves irdma"
built ok same
fx_rdma_use device
decide ok
expect_rc "a build that serves irdma" 1
[ ! -s "$tmp/ok.warn" ] || fail "a build that serves irdma was warned about"
echo "== cannot tell: modprobe is missing, irdma's symbol versions cannot be read"
built nokmod same
fx_rdma_use device
rm "$fc/$(cmd_key modprobe --dump-modversions "/lib/modules/$fx_kver/kernel/drivers/infiniband/hw/irdma/irdma.ko.xz")"
decide nokmod
expect_rc "modprobe missing: declined, not taken for a build that serves irdma" 0
grep -q "cannot tell whether .*modprobe (kmod) is not installed" "$tmp/nokmod.warn" || fail "the decline does not say it could not tell"
echo "-- control: the host uses no RDMA"
built norDMA other
decide norDMA
expect_rc "no RDMA in use" 1
[ ! -s "$tmp/norDMA.warn" ] || fail "a host without RDMA was warned about"
