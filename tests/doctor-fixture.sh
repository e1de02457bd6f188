# shellcheck shell=sh
# Fake hosts for tools/ice-backport, sourced by tests/cases/5x-doctor-*.sh
# after tests/lib.sh: a root tree (sysfs, procfs, /lib/modules, /usr/src,
# /var/lib/dkms, /lib/firmware) and a directory of command outputs
# (ICE_BP_CMDS, see tools/lib/host.sh).  No real host is read.
# shellcheck disable=SC2154,SC2034 # top and tmp come from tests/lib.sh; rc is for the case

fx_version=$(cat "$top/VERSION")
fx_bdf=0000:3b:00.0

# fx_new NAME KVER DEBIAN_VERSION: start a fake host in $tmp/NAME; sets
# fx (its root) and fc (its command outputs).  DEBIAN_VERSION is the
# source version /proc/version names ("" for a vendor kernel).
fx_new() {
	fx=$tmp/$1/root
	fc=$tmp/$1/cmds
	fx_kver=$2
	mkdir -p "$fx/proc/sys/kernel" "$fc" "$fx/sys/module" "$fx/sys/bus/pci/devices" "$fx/sys/firmware/efi"
	echo "$fx_kver" >"$fx/proc/sys/kernel/osrelease"
	if [ -n "$3" ]; then
		echo "Linux version $fx_kver (debian-kernel@lists.debian.org) (x86_64-linux-gnu-gcc-14 (Debian 14.2.0-19) 14.2.0) #1 SMP PREEMPT_DYNAMIC Debian $3 (2025-11-02)" >"$fx/proc/version"
	else
		echo "Linux version $fx_kver (builder@vendor.example) (gcc 11.5.0) #1 SMP" >"$fx/proc/version"
	fi
	echo "BOOT_IMAGE=/vmlinuz-$fx_kver root=/dev/sda1 ro quiet" >"$fx/proc/cmdline"
	fx_kernel "$fx_kver"
	mkdir -p "$fx/lib/firmware/intel/ice/ddp"
	echo pkg >"$fx/lib/firmware/intel/ice/ddp/ice.pkg"
	echo "SecureBoot enabled" >"$fc/$(cmd_key mokutil --sb-state)"
	printf '[    2.100000] ice: Intel(R) Ethernet Connection E800 Series Linux Driver\n[    2.300000] ice %s: The DDP package was successfully loaded: ICE OS Default Package version 1.3.36.0\n[    2.400000] e1000e 0000:00:19.0: not ours\n' "$fx_bdf" >"$fc/dmesg"
}

# fx_kernel KVER: an installed kernel with its own ice.
fx_kernel() {
	d=$fx/lib/modules/$1/kernel/drivers/net/ethernet/intel/ice
	mkdir -p "$d"
	: >"$d/ice.ko.xz"
	printf 'filename:       /lib/modules/%s/kernel/drivers/net/ethernet/intel/ice/ice.ko.xz\nlicense:        GPL v2\nsrcversion:     INTREE%s\nvermagic:       %s SMP preempt mod_unload modversions\n' \
		"$1" "$(printf '%s' "$1" | cksum | cut -d' ' -f1)" "$1" >"$fc/$(cmd_key modinfo "/lib/modules/$1/kernel/drivers/net/ethernet/intel/ice/ice.ko.xz")"
}

# fx_package: ice-backport-dkms is installed (its source, dkms.conf and
# the kernel policy beside it).
fx_package() {
	p=$fx/usr/src/ice-backport-$fx_version
	mkdir -p "$p"
	sed "s/#MODULE_VERSION#/$fx_version/g" "$top/dkms.conf" >"$p/dkms.conf"
	cp "$top/tools/lib/kernels" "$top/kernels.list" "$p/"
	cp "$top/src/PROVENANCE" "$p/PROVENANCE" 2>/dev/null || echo "ice-backport $fx_version" >"$p/PROVENANCE"
}

# fx_dkms_installed KVER: DKMS built and installed ours for KVER.
fx_dkms_installed() {
	mkdir -p "$fx/lib/modules/$1/updates/dkms" "$fx/lib/modules/$1/build"
	: >"$fx/lib/modules/$1/updates/dkms/ice.ko.xz"
	printf 'filename:       /lib/modules/%s/updates/dkms/ice.ko.xz\nversion:        %s\nlicense:        GPL v2\nbackport_upstream: linux-source-6.12 6.12.117-1 (Debian trixie)\nbackport_tree_sha256: 95cf\nsrcversion:     OURS0123456789ABCDEF\nvermagic:       %s SMP preempt mod_unload modversions\nsigner:         DKMS module signing key\n' \
		"$1" "$fx_version" "$1" >"$fc/$(cmd_key modinfo "/lib/modules/$1/updates/dkms/ice.ko.xz")"
	mkdir -p "$fx/var/lib/dkms/ice-backport/$fx_version/build"
	echo "make KVER=$1: ok" >"$fx/var/lib/dkms/ice-backport/$fx_version/build/make.log"
}

# fx_loaded ours|intree: which ice the kernel runs.
fx_loaded() {
	m=$fx/sys/module/ice
	mkdir -p "$m"
	case $1 in
	ours)
		echo "$fx_version" >"$m/version"
		echo OURS0123456789ABCDEF >"$m/srcversion"
		echo O >"$m/taint"
		;;
	intree)
		echo "INTREE$(printf '%s' "$fx_kver" | cksum | cut -d' ' -f1)" >"$m/srcversion"
		: >"$m/taint"
		;;
	esac
}

# fx_port DRIVER [NETDEV]: an E810-C QSFP function, bound to DRIVER.
fx_port() {
	d=$fx/sys/bus/pci/devices/$fx_bdf
	mkdir -p "$d"
	echo 0x8086 >"$d/vendor"
	echo 0x1592 >"$d/device"
	ln -s "../../../bus/pci/drivers/$1" "$d/driver"
	n=${2:-eth0}
	mkdir -p "$d/net/$n"
	echo 9000 >"$d/net/$n/mtu"
	printf 'driver: %s\nversion: %s\nfirmware-version: 4.40 0x8001c967 1.3534.0\nbus-info: %s\n' \
		"$1" "$fx_version" "$fx_bdf" >"$fc/$(cmd_key ethtool -i "$n")"
	printf '2: %s: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 9000 xdp qdisc mq state UP\n    prog/xdp id 42 name xdp_pass tag 3b185187f1855c4c jited\n' \
		"$n" >"$fc/$(cmd_key ip -d link show dev "$n")"
	printf 'pci/%s:\n  driver ice\n  versions:\n      running:\n        fw.mgmt 7.4.13\n        fw.app.name ICE OS Default Package\n        fw.app 1.3.36.0\n' \
		"$fx_bdf" >"$fc/$(cmd_key devlink dev info "pci/$fx_bdf")"
	printf '%s Ethernet controller: Intel Corporation Ethernet Controller E810-C for QSFP (rev 02)\n\tKernel driver in use: %s\n' \
		"$fx_bdf" "$1" >"$fc/$(cmd_key lspci -vv -s "$fx_bdf")"
	for o in k g l; do
		echo "ethtool -$o $n" >"$fc/$(cmd_key ethtool "-$o" "$n")"
	done
}

# fx_stats SAMPLE "Q ALLOC REUSE WAIVE BUSY STALE"...: `ethtool -S eth0`
# with the Rx page counters of each ring Q (SAMPLE 1 or 2).
fx_stats() {
	f=$fc/$(cmd_key ethtool -S eth0)
	[ "$1" = 1 ] || f=$f.2
	shift
	{
		echo "NIC statistics:"
		echo "     rx_packets: 1000"
		for r in "$@"; do
			# shellcheck disable=SC2086 # six words
			set -- $r
			printf '     rx_queue_%s_packets: 10\n     rx_queue_%s_page_alloc: %s\n     rx_queue_%s_page_reuse: %s\n     rx_queue_%s_page_waive: %s\n     rx_queue_%s_page_busy: %s\n     rx_queue_%s_page_stale: %s\n' \
				"$1" "$1" "$2" "$1" "$3" "$1" "$4" "$1" "$5" "$1" "$6"
		done
	} >"$f"
}

# fx_healthy NAME: a host as it should be: supported kernel, package
# installed, ours loaded from DKMS, one E810 port whose counters are clean,
# Secure Boot on with the key enrolled.
fx_healthy() {
	fx_new "$1" 6.12.117+deb13-amd64 6.12.117-1
	fx_package
	fx_dkms_installed "$fx_kver"
	fx_loaded ours
	fx_port ice
	fx_stats 1 "0 1000 5000 10 2 0" "1 800 4000 0 0 0"
	fx_stats 2 "0 1010 5600 10 2 0" "1 805 4400 5 0 0"
}

# doctor NAME [ARGS...]: run the tool on the fake host NAME; sets rc, and
# the output is in $tmp/NAME.out.
doctor() {
	dn=$1
	shift
	rc=0
	ICE_BP_ROOT=$tmp/$dn/root ICE_BP_CMDS=$tmp/$dn/cmds "$top/tools/ice-backport" "$@" >"$tmp/$dn.out" 2>&1 || rc=$?
	sed "s/^/    $dn| /" "$tmp/$dn.out"
}

# expect_rc NAME RC: the last `doctor NAME` run exited RC.
expect_rc() {
	[ "$rc" = "$2" ] || fail "$1: exit status $rc, want $2"
	echo "ok: $1: exit $2"
}

# fx_commands NAME: a directory of stand-ins for the commands the tool runs
# (dmesg, ethtool, modinfo...), for a run without ICE_BP_CMDS: each prints
# the fake host's output for its command line, as ICE_BP_CMDS would, then
# its whole environment, as a careless real command could (a secret the
# tool passes to its commands reaches their output, where a test sees it).
# Sets fb, to put first in PATH.
fx_commands() {
	fb=$tmp/$1/bin
	mkdir -p "$fb"
	for c in dmesg dkms lspci devlink ethtool ip bpftool modinfo mokutil; do
		cat >"$fb/$c" <<STUB
#!/bin/sh
# modinfo gets the path under the root; the fake host keys it without.
a="\$*"
a=\${a#"$tmp/$1/root"}
k=\$(printf '%s' "$c\${a:+ \$a}" | tr -c 'A-Za-z0-9._+-' '_')
[ -f "$tmp/$1/cmds/\$k" ] || exit 127
# The Nth run of a command line prints its Nth sample (k, k.2, k.3...),
# the last one there is when there are fewer.
n=\$((\$(cat "$tmp/$1/cmds/.runs.\$k" 2>/dev/null || echo 0) + 1))
echo "\$n" >"$tmp/$1/cmds/.runs.\$k"
f=$tmp/$1/cmds/\$k
while [ "\$n" -gt 1 ] && [ ! -f "\$f.\$n" ]; do n=\$((n - 1)); done
[ "\$n" = 1 ] || f=\$f.\$n
cat "\$f"
env
STUB
		chmod +x "$fb/$c"
	done
}

# fx_rdma_crcs: the symbol versions irdma takes from ice, as one kernel's
# build of both has them (modprobe --dump-modversions of 6.12.117's irdma).
fx_rdma_crcs='0x526c0b11	ice_add_rdma_qset
0x1b26e270	ice_del_rdma_qset
0x5d1b8eb6	ice_rdma_update_vsi_filter
0x63636d00	ice_rdma_request_reset
0x85d2c5e3	ice_get_qos_params'

# fx_irdma KVER: KVER ships irdma, built against fx_rdma_crcs.
fx_irdma() {
	i=/lib/modules/$1/kernel/drivers/infiniband/hw/irdma/irdma.ko.xz
	mkdir -p "$fx${i%/*}"
	: >"$fx$i"
	printf '0x12345678\tmodule_layout\n%s\n' "$fx_rdma_crcs" >"$fc/$(cmd_key modprobe --dump-modversions "$i")"
}

# fx_exports KO same|other [rdma-off]: what our module KO (path as the
# host sees it) exports: irdma's symbol versions, or others (a build whose
# types differ); rdma-off: RDMA compiled out (backport_disabled rdma, no
# RDMA exports).
fx_exports() {
	k=$fc/$(cmd_key modprobe --show-exports "$1")
	if [ "${3:-}" = rdma-off ]; then
		printf '0x965ff908\tice_xdp_locking_key\n' >"$k"
		echo rdma >"$fc/$(cmd_key modinfo -F backport_disabled "$1")"
	elif [ "$2" = same ]; then
		printf '0x965ff908\tice_xdp_locking_key\n%s\n' "$fx_rdma_crcs" >"$k"
	else
		printf '0x965ff908\tice_xdp_locking_key\n%s\n' "$fx_rdma_crcs" | sed 's/^0x5/0x9/' >"$k"
	fi
}

# fx_rdma_use how: the host uses RDMA on its E810: `device` (an RDMA device
# on ice's auxiliary device, irdma loaded), `config` (irdma in
# modules-load.d) or `refused` (the kernel log shows irdma refused by ice).
fx_rdma_use() {
	case $1 in
	device)
		mkdir -p "$fx/sys/class/infiniband/rocep59s0" "$fx/sys/module/irdma"
		ln -s "../../../devices/pci0000:3a/0000:3a:00.0/$fx_bdf/ice.roce.0" "$fx/sys/class/infiniband/rocep59s0/device"
		;;
	config)
		mkdir -p "$fx/etc/modules-load.d"
		echo irdma >"$fx/etc/modules-load.d/rdma.conf"
		;;
	refused)
		echo "[    3.100000] irdma: disagrees about version of symbol ice_add_rdma_qset" >>"$fc/dmesg"
		;;
	esac
}

# fx_rpm NAME VERSION RELEASE: the fake host's rpm database (sqlite, in
# /var/lib/rpm as on RHEL 9) gets a real package NAME-VERSION-RELEASE.x86_64
# whose %changelog is standard input (an excerpt of a real one, in the
# form rpm prints it).  Built with rpmbuild and recorded with `rpm -i
# --justdb`: the doctor's rpm reads it as it reads a real host's.  The
# package holds no file: only its header is judged.  Needs rpm and rpmbuild.
fx_rpm() {
	fx_rb=$tmp/rpmbuild/$1-$2-$3
	mkdir -p "$fx_rb/SPECS" "$fx/var/lib/rpm"
	{
		printf 'Name: %s\nVersion: %s\nRelease: %s\n' "$1" "$2" "$3"
		printf 'Summary: stand-in for a kernel package of a RHEL-family host\nLicense: GPL-2.0-only\n'
		printf '%%global debug_package %%{nil}\n%%description\nStand-in of a test fixture.\n%%files\n%%changelog\n'
		cat
	} >"$fx_rb/SPECS/k.spec"
	rpmbuild -bb --target x86_64 --define "_topdir $fx_rb" "$fx_rb/SPECS/k.spec" >"$fx_rb/build.log" 2>&1 ||
		{ cat "$fx_rb/build.log"; fail "rpmbuild of the stand-in $1-$2-$3 failed"; }
	rpm --dbpath "$fx/var/lib/rpm" -i --justdb --nodeps --ignorearch --ignoreos \
		"$fx_rb/RPMS/x86_64/$1-$2-$3.x86_64.rpm" >"$fx_rb/install.log" 2>&1 ||
		{ cat "$fx_rb/install.log"; fail "rpm -i --justdb of the stand-in $1-$2-$3 failed"; }
}
