#!/bin/sh
# `ice-backport doctor` and `support-bundle` run under busybox in this
# kernel's real image, in QEMU, with our ice.ko loaded and no E800 adapter:
# the doctor says there is no E800 and exits 0 (documented: a host without
# E800 does not need the driver), names the loaded module as our
# out-of-tree build of the right version, judges the kernel's own ice from
# /proc/version, and the bundle is written.  Control: after `rmmod ice` in
# the same boot the doctor must see no ice loaded, so it reads the live
# sysfs and not a constant.
#
# RDMA, in the same boot (never taken away silently): the kernel's irdma is tried on our
# ice, and the kernel's answer (loaded, or refused on symbol versions or
# unknown symbols) is the oracle.  Then the kernel's own ice and its irdma
# run, RDMA in use as far as a VM without NIC allows: irdma loaded, and no
# RDMA device under /sys/class/infiniband (none can exist without an
# E810).  On that running kernel the package's install-time decision runs
# against our build: dk_rdma_declines (tools/lib/dkms.sh), sourced with
# host.sh and rdma.sh exactly as `ice-backport autoinstall` sources them,
# reading the live /sys/module/irdma and running the host's real kmod
# (modprobe --dump-modversions/--show-exports, modinfo, copied in: busybox
# has no such options), under the host's dash and coreutils' env (busybox's
# sh and env would run their own modprobe whatever PATH says).  Where the kernel refused irdma on our ice it must
# decline, warning with the kernel and the reason, and install with
# `rdma = install` in /etc/ice-backport/policy.conf; where the kernel
# loaded irdma on our ice it must not decline.  The doctor on that kernel
# reports "RDMA in use, this kernel's build of ice-backport has none"
# (action) or says the build serves irdma (ok), alike.  Control, before
# irdma runs: the same kernel with irdma not loaded is not declined.
# Not exercised (no dkms in the guest, no NIC): `dkms build`/`install`
# (the module dkms would leave under /var/lib/dkms and the one DKMS
# installed under updates/dkms are copies of our build, put there), the
# RDMA-device and configured-to-load signs of RDMA use, and the E810
# itself: QEMU has none, so one PCI function of it (vendor, device) is
# written into a tmpfs over /sys/bus/pci/devices, the only faked input.
# The kernel log of the first irdma try is cleared before the control
# (rdma_uses counts a refusal in the log as a sign of RDMA use).
. "$ICE_BP_TOPDIR/tests/lib.sh"
. "$top/tests/json-check.sh"
kid=${KERNEL_ID:?}
ko=$top/build/$kid/ice.ko
[ -f "$ko" ] || fail "no module for $kid: 20-build[$kid] failed or did not run"
command -v python3 >/dev/null || skip "python3 is needed to read the JSON"
want=$(modinfo -F version "$ko")
img=$("$top/scripts/vm/kernel-image" "$kid")
vmlog=$top/build/$kid.doctor-vm.log

# The run, after scripts/vm/make-initramfs's prologue.
cat >"$tmp/init" <<'EOF2'
echo "DOCTOR-VM: init"
for m in $(cat /lib/mods/deps); do
	insmod "/lib/mods/$m" || echo "DOCTOR-VM: insmod $m failed"
done
insmod /ice.ko && echo "DOCTOR-VM: ice loaded"
t=/opt/ice-backport/ice-backport
$t doctor >/tmp/h.txt 2>&1
echo "DOCTOR-VM: human rc=$?"
sed 's/^/HUMAN: /' /tmp/h.txt
$t doctor --json >/tmp/d.json 2>/tmp/d.err
echo "DOCTOR-VM: json rc=$?"
sed 's/^/STDERR: /' /tmp/d.err
echo "DOCTOR-VM: json begin"
cat /tmp/d.json
echo "DOCTOR-VM: json end"
$t support-bundle -o /tmp/b.tar.gz >/dev/null 2>&1
echo "DOCTOR-VM: bundle rc=$?"
mkdir -p /tmp/textfile
$t metrics -o /tmp/textfile/ice-backport.prom 2>/tmp/m.err
echo "DOCTOR-VM: metrics rc=$?"
sed 's/^/STDERR: /' /tmp/m.err
ls -A /tmp/textfile | sed 's/^/TEXTFILE: /'
echo "DOCTOR-VM: metrics begin"
cat /tmp/textfile/ice-backport.prom
echo "DOCTOR-VM: metrics end"
tar -tzf /tmp/b.tar.gz | sed 's/^/BUNDLE: /'
# RDMA: the kernel's irdma on our ice, the kernel's answer.  The kernel's
# own ice's libraries first (they do not clash with ours).
for m in $(cat /lib/mods/own); do
	[ "$m" = ice.ko ] || insmod "/lib/mods/$m" || echo "RDMA-VM: insmod $m failed"
done
ours=absent
for m in $(cat /lib/mods/extra); do
	if [ "$m" != irdma.ko ]; then
		insmod "/lib/mods/$m" || echo "RDMA-VM: insmod $m failed"
	elif insmod /lib/mods/irdma.ko 2>/dev/null && [ -d /sys/module/irdma ]; then
		ours=loaded
		rmmod irdma
	else
		ours=refused
	fi
done
echo "RDMA-VM: irdma on ours $ours"
rmmod ice
$t doctor --json >/tmp/u.json 2>&1
echo "DOCTOR-VM: unloaded rc=$?"
echo "DOCTOR-VM: unloaded begin"
cat /tmp/u.json
echo "DOCTOR-VM: unloaded end"
if [ "$ours" != absent ]; then
	k=$(uname -r)
	v=$(cat /opt/ice-backport/lib/VERSION)
	insmod /lib/mods/ice.ko && echo "RDMA-VM: own ice loaded"
	# What dkms build and install would leave, and the kernel's irdma file.
	mkdir -p "/var/lib/dkms/ice-backport/$v/$k/x86_64/module" "/lib/modules/$k/updates/dkms" \
		"/lib/modules/$k/kernel/drivers/infiniband/hw/irdma"
	cp /ice.ko "/var/lib/dkms/ice-backport/$v/$k/x86_64/module/ice.ko"
	cp /ice.ko "/lib/modules/$k/updates/dkms/ice.ko"
	cp /lib/mods/irdma.ko "/lib/modules/$k/kernel/drivers/infiniband/hw/irdma/irdma.ko"
	# The E810 QEMU lacks: one PCI function, vendor and device.
	mount -t tmpfs none /sys/bus/pci/devices
	mkdir /sys/bus/pci/devices/0000:3b:00.0
	echo 0x8086 >/sys/bus/pci/devices/0000:3b:00.0/vendor
	echo 0x1593 >/sys/bus/pci/devices/0000:3b:00.0/device
	ln -s kmod /opt/kmod/modprobe
	ln -s kmod /opt/kmod/modinfo
	# Busybox's sh and env run their own modprobe and modinfo, whatever
	# PATH says: the RDMA part runs under Debian's /bin/sh (dash) with
	# coreutils' env, copied in with kmod.  The kernel starts init without
	# PATH: a full one, exported, those first.
	export PATH=/opt/kmod:/sbin:/usr/sbin:/bin:/usr/bin
	echo "RDMA-VM: kmod $(dash -c 'env modprobe --version' | head -n 1)"
	dmesg -c >/dev/null
	# decide NAME: the package's decision after a build, loaded as
	# `ice-backport autoinstall` loads it; rc 0 is "declined".
	cat >/tmp/decide.sh <<'EOD'
set -eu
data=/opt/ice-backport/lib
. "$data/host.sh"
. "$data/rdma.sh"
. "$data/dkms.sh"
R='' CMDS=
dk_rdma_declines "$1" "$2"
EOD
	decide() {
		dash /tmp/decide.sh "$v" "$k" 2>/tmp/w.txt
		echo "RDMA-VM: decide $1 rc=$?"
		sed "s/^/RDMA-WARN $1: /" /tmp/w.txt
	}
	decide control
	if insmod /lib/mods/irdma.ko && [ -d /sys/module/irdma ]; then
		echo "RDMA-VM: irdma on own loaded"
	else
		echo "RDMA-VM: irdma on own refused"
	fi
	echo "RDMA-VM: infiniband devices: $(ls /sys/class/infiniband 2>/dev/null | tr '\n' ' ')"
	decide default
	mkdir -p /etc/ice-backport
	echo 'rdma = install' >/etc/ice-backport/policy.conf
	decide install
	rm /etc/ice-backport/policy.conf
	dash $t doctor --json >/tmp/r.json 2>/tmp/r.err
	echo "RDMA-VM: doctor rc=$?"
	sed 's/^/STDERR: /' /tmp/r.err
	echo "DOCTOR-VM: rdma begin"
	cat /tmp/r.json
	echo "DOCTOR-VM: rdma end"
fi
poweroff -f
EOF2

for c in kmod dash env; do
	command -v "$c" >/dev/null || skip "$c is needed in the VM (the host's kmod, dash and coreutils' env)"
done
# The tool and its data as the packages install them
# (scripts/package/package-source): VERSION and kernels.list beside the
# policy's reader, which rdma.sh asks for `rdma =`.
"$top/scripts/vm/make-initramfs" --ko "$ko" --own --extra irdma \
	--add "$top/tools/ice-backport:/opt/ice-backport/ice-backport" \
	--add "$top/tools/lib:/opt/ice-backport/lib" --add "$top/VERSION:/opt/ice-backport/lib/VERSION" \
	--add "$top/kernels.list:/opt/ice-backport/lib/kernels.list" \
	--host-bin "$(command -v kmod):/opt/kmod/kmod" --host-bin "$(command -v dash):/opt/kmod/dash" \
	--host-bin "$(command -v env):/opt/kmod/env" \
	"$img/lib/modules/$kid" "$tmp/init" "$tmp/initrd.gz" || fail "could not make the initramfs"
rc=0
"$top/scripts/vm/boot-vm" "$img/vmlinuz" "$tmp/initrd.gz" "$vmlog" 300 || rc=$?
echo "QEMU exit $rc; console: build/$kid.doctor-vm.log"
grep -E '^(DOCTOR-VM|HUMAN|BUNDLE|STDERR|TEXTFILE|RDMA-VM|RDMA-WARN [a-z]+):' "$vmlog" || true

# between NAME: the lines between "DOCTOR-VM: NAME begin" and "... end".
between() {
	sed -n "/^DOCTOR-VM: $1 begin/,/^DOCTOR-VM: $1 end/p" "$vmlog" | sed '1d;$d'
}
between json >"$tmp/d.json"
between unloaded >"$tmp/u.json"
grep -q '^DOCTOR-VM: init' "$vmlog" || fail "the VM did not reach init (QEMU exit $rc): $(grep -m 1 -E 'Kernel panic|BUG' "$vmlog")"
grep -q '^DOCTOR-VM: ice loaded' "$vmlog" || fail "ice.ko did not load in the VM"
grep -q '^DOCTOR-VM: human rc=0' "$vmlog" || fail "doctor did not exit 0 (no E800: nothing to do)"
grep -q '^HUMAN: .*no E800' "$vmlog" || fail "doctor does not say that there is no E800 adapter"
grep -q '^DOCTOR-VM: json rc=0' "$vmlog" || fail "doctor --json did not exit 0"
jexpect "$tmp/d.json" "d['status']" healthy
jexpect "$tmp/d.json" "d['kernel']['release']" "$kid"
jexpect "$tmp/d.json" "d['module']['loaded']" True
jexpect "$tmp/d.json" "d['module']['which']" out-of-tree
jexpect "$tmp/d.json" "d['module']['version']" "$want"
jexpect "$tmp/d.json" "d['e800_functions']" 0
case $kid in
6.12.*+deb1[23]-*) jexpect "$tmp/d.json" "d['kernel']['own_ice_rx_leak']" fixed ;;
esac
grep -q '^DOCTOR-VM: bundle rc=0' "$vmlog" || fail "support-bundle failed in the VM"
for f in doctor.json sys-module-ice.txt kernel-log-ice.txt MANIFEST; do
	grep -q "^BUNDLE: ice-backport-bundle/$f" "$vmlog" || fail "the bundle made in the VM has no $f"
done
# The metrics, written under busybox into a textfile directory: whole
# (one file, renamed in), and what the JSON says.
grep -q '^DOCTOR-VM: metrics rc=0' "$vmlog" || fail "ice-backport metrics failed in the VM"
[ "$(sed -n 's/^TEXTFILE: //p' "$vmlog")" = ice-backport.prom ] ||
	fail "the textfile directory holds $(sed -n 's/^TEXTFILE: //p' "$vmlog" | tr '\n' ' '), want ice-backport.prom alone"
between metrics >"$tmp/m.prom"
for l in 'ice_backport_metrics_schema_version 1' 'ice_backport_doctor_status{status="healthy"} 1' \
	'ice_backport_module_is_backport 0'; do
	grep -qxF "$l" "$tmp/m.prom" || fail "the metrics written in the VM lack: $l"
done
if /usr/bin/python3 -c 'import prometheus_client.parser' 2>/dev/null; then
	/usr/bin/python3 -c 'import sys; from prometheus_client.parser import text_string_to_metric_families as f; list(f(open(sys.argv[1]).read()))' "$tmp/m.prom" ||
		fail "the metrics written in the VM do not parse"
fi
echo "ok: metrics written whole in the VM, healthy, parsed"
echo "-- control: after rmmod ice"
jexpect "$tmp/u.json" "d['module']['loaded']" False
jexpect "$tmp/u.json" "d['module']['which']" none

echo "-- RDMA on the running kernel"
ours=$(sed -n 's/^RDMA-VM: irdma on ours //p' "$vmlog")
# rc NAME: the exit status of the decision NAME; warn NAME: its warning.
rc() {
	sed -n "s/^RDMA-VM: decide $1 rc=//p" "$vmlog"
}
warn() {
	sed -n "s/^RDMA-WARN $1: //p" "$vmlog"
}
case $ours in
loaded | refused) ;;
absent)
	echo "$kid ships no irdma: the RDMA part is not exercised"
	echo "doctor and support-bundle work under busybox in $kid"
	exit 0
	;;
*) fail "no outcome of the kernel's irdma on our ice" ;;
esac
echo "the kernel's irdma on our ice: $ours"
grep -q '^RDMA-VM: irdma on own loaded' "$vmlog" || fail "the kernel's irdma did not load on its own ice: RDMA is not in use, nothing is tested"
[ "$(rc control)" = 1 ] || fail "control: with irdma not loaded the decision declined (rc $(rc control)): $(warn control)"
[ -z "$(warn control)" ] || fail "control: with irdma not loaded the decision warned: $(warn control)"
between rdma >"$tmp/r.json"
level=$(jget "$tmp/r.json" "''.join(f['level'] for f in d['findings'] if f['check'] == 'rdma')")
jexpect "$tmp/r.json" "d['rdma']['in_use']" True
jexpect "$tmp/r.json" "d['module']['which']" in-tree
if [ "$ours" = refused ]; then
	[ "$(rc default)" = 0 ] || fail "irdma runs and the kernel refuses it on our build, yet the decision did not decline (rc $(rc default))"
	for w in "$kid: this host uses RDMA on an E800 port (irdma is loaded)" "has none: " "Not installed"; do
		warn default | grep -qF "$w" || fail "the decline does not say '$w' (the kernel, the reason, the decision): $(warn default)"
	done
	warn default | grep -Eq 'symbol versions of ice_|compiled out' || fail "the decline names no reason: $(warn default)"
	[ "$(rc install)" = 1 ] || fail "rdma = install: the decision still declined"
	warn install | grep -q "Installed anyway" || fail "rdma = install: no warning that RDMA stops"
	[ "$level" = action ] || fail "the doctor's rdma finding is '$level', want action"
	jexpect "$tmp/r.json" "[f['message'][:57] for f in d['findings'] if f['check'] == 'rdma']" \
		"[\"RDMA in use, this kernel's build of ice-backport has none\"]"
	jexpect "$tmp/r.json" "d['rdma']['build_carries_rdma']" False
else
	[ "$(rc default)" = 1 ] || fail "the kernel loads irdma on our build, yet the decision declined: $(warn default)"
	[ -z "$(warn default)" ] || fail "the kernel loads irdma on our build, yet the decision warned: $(warn default)"
	[ "$level" = ok ] || fail "the doctor's rdma finding is '$level', want ok (the build serves irdma)"
	jexpect "$tmp/r.json" "d['rdma']['build_carries_rdma']" True
fi
echo "doctor and support-bundle work under busybox in $kid; RDMA: irdma $ours on our build, decision and doctor agree"
