#!/bin/sh
# `ice-backport doctor` and `support-bundle` run under busybox in this
# kernel's real image, in QEMU, with our ice.ko loaded and no E800 adapter:
# the doctor says there is no E800 and exits 0 (documented: a host without
# E800 does not need the driver), names the loaded module as our
# out-of-tree build of the right version, judges the kernel's own ice from
# /proc/version, and the bundle is written.  Control: after `rmmod ice` in
# the same boot the doctor must see no ice loaded, so it reads the live
# sysfs and not a constant.
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
tar -tzf /tmp/b.tar.gz | sed 's/^/BUNDLE: /'
rmmod ice
$t doctor --json >/tmp/u.json 2>&1
echo "DOCTOR-VM: unloaded rc=$?"
echo "DOCTOR-VM: unloaded begin"
cat /tmp/u.json
echo "DOCTOR-VM: unloaded end"
poweroff -f
EOF2

"$top/scripts/vm/make-initramfs" --ko "$ko" --add "$top/tools/ice-backport:/opt/ice-backport/ice-backport" \
	--add "$top/tools/lib:/opt/ice-backport/lib" --add "$top/VERSION:/opt/ice-backport/lib/VERSION" \
	"$img/lib/modules/$kid" "$tmp/init" "$tmp/initrd.gz" || fail "could not make the initramfs"
rc=0
"$top/scripts/vm/boot-vm" "$img/vmlinuz" "$tmp/initrd.gz" "$vmlog" 300 || rc=$?
echo "QEMU exit $rc; console: build/$kid.doctor-vm.log"
grep -E '^(DOCTOR-VM|HUMAN|BUNDLE|STDERR):' "$vmlog" || true

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
echo "-- control: after rmmod ice"
jexpect "$tmp/u.json" "d['module']['loaded']" False
jexpect "$tmp/u.json" "d['module']['which']" none
echo "doctor and support-bundle work under busybox in $kid"
