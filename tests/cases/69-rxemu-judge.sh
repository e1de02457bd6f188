#!/bin/sh
# run-vm's judging of a scenario's "known-kernel-bug REGEX DIAG TEXT"
# (tests/rxemu/run-vm --judge-only: a console log as a VM run leaves it,
# no VM): a failure on a kernel REGEX matches is a TAP TODO only when
# every error of the run is the kernel bug's diagnostic (DIAG) and no page
# leaked.  Another failure on that kernel (a regression of ours, a
# corruption), the known diagnostic beside another error, or the known
# diagnostic on a kernel outside REGEX is a failure.  The scenario is the
# shipped xdp-xsk-zc-teardown.scn, and its diagnostic is made from the
# format string of rxemu_xsk.c that the umem ledger prints, so that the
# regex, the message and the kernel range cannot drift apart unseen.
# Control: a run-vm whose diagnostic check is taken out (any failure on a
# matching kernel a TODO, as before) must hide the other failure.
. "$ICE_BP_TOPDIR/tests/lib.sh"
scn=$top/tests/rxemu/scenarios/xdp-xsk-zc-teardown.scn
name=xdp-xsk-zc-teardown
fmt=$(sed -n 's/.*rxemu_err(e, "\(umem frame %#llx lost: [^"]*\)",.*/\1/p' "$top/tests/rxemu/rxemu_xsk.c")
[ -n "$fmt" ] || fail "rxemu_xsk.c prints no 'umem frame %#llx lost: ...' diagnostic: update this test and the scenarios' known-kernel-bug DIAG"
# the C format's %#llx and %u, as the kernel prints them
lost=$(printf '%s\n' "$fmt" | sed 's/%#llx/0x29000/; s/%u/1023/')
other='frame 5 reached the AF_XDP socket after frame 6'
touch "$tmp/vmlinuz" "$tmp/ice.ko"

# judge KERNEL RESULT DIAG...: run-vm --judge-only on a log with RESULT
# and the diagnostics; TAP in $tmp/tap, exit status in $rc.
judge() {
	k=$1
	res=$2
	shift 2
	mkdir -p "$tmp/$k"
	: >"$tmp/$k/modules.dep"
	{
		echo "rxemu-vm: start 001"
		echo "klog: [    4.1] rxemu: # run $name: ring 64"
		for d in "$@"; do
			echo "klog: [    4.2] rxemu: #   after ice_clean_rx_ring (zero-copy): $d"
		done
		echo "rxemu-vm: result 001 $res"
		echo "rxemu-vm: done"
	} >"$tmp/log"
	rc=0
	"${runvm:-$top/tests/rxemu/run-vm}" --judge-only --log "$tmp/log" "$tmp/vmlinuz" "$tmp/$k" "$tmp/ice.ko" "$scn" >"$tmp/tap" || rc=$?
}
line() {
	grep "^\(not \)\?ok 1 " "$tmp/tap"
}
# reported PATTERN: run-vm exited 0 and test 1's line matches PATTERN
reported() {
	[ "$rc" = 0 ] && line | grep -q -- "$1"
}
# failed [PATTERN]: run-vm exited non-zero, test 1 is no TODO (and matches)
failed() {
	[ "$rc" != 0 ] && ! line | grep -q TODO && line | grep -q -- "${1:-}"
}
bad="not ok - $name frames=71 delivered=0 sent=70 dropped=1 leaked=0 orphan_refs=0 errors=1 ms=5"
bad2="not ok - $name frames=71 delivered=0 sent=70 dropped=1 leaked=0 orphan_refs=0 errors=2 ms=5"
leak="not ok - $name frames=71 delivered=0 sent=70 dropped=1 leaked=3 orphan_refs=0 errors=1 ms=5"
good="ok - $name frames=71 delivered=0 sent=70 dropped=1 leaked=0 orphan_refs=0 errors=0 ms=5"

echo "== the kernel bug's diagnostic on 6.14: TODO"
judge 6.14.3+deb13-amd64 "$bad" "$lost"
reported '# TODO known driver bug: the AF_XDP core of v6.13' ||
	fail "a 6.14 run failing only with '$lost' is not a TODO: $(line)"
judge 6.17.1-amd64 "$bad" "$lost"
[ "$rc" = 0 ] || fail "6.17 is in the range (no 6.17.y has the fix): $(line)"

echo "== another failure on 6.14: a failure"
judge 6.14.3+deb13-amd64 "$bad" "$other"
failed '^not ok 1 .*0 of the 1 errors are this kernel' ||
	fail "a 6.14 run failing with '$other' is hidden as the kernel's bug: $(line)"

echo "== the kernel bug's diagnostic beside another error: a failure"
judge 6.14.3+deb13-amd64 "$bad2" "$lost" "$other"
failed ||
	fail "a 6.14 run with the known diagnostic and another error is a TODO: $(line)"

echo "== the kernel bug's diagnostic and a page leak: a failure"
judge 6.14.3+deb13-amd64 "$leak" "$lost"
failed || fail "a 6.14 run that leaked pages is a TODO: $(line)"

echo "== the kernel bug's diagnostic outside the range: a failure"
for k in 6.12.118+deb13-amd64 6.1.0-57-amd64 7.2.13+deb14-amd64 6.18.5-amd64 6.13; do
	judge "$k" "$bad" "$lost"
	failed || fail "on $k, outside the bug's range, the failure is a TODO: $(line)"
done

echo "== a pass on 6.14: ok, TODO passes now"
judge 6.14.3+deb13-amd64 "$good"
reported '^ok 1 .*# TODO known driver bug, passes now' ||
	fail "a 6.14 pass is not reported as passing now: $(line)"
echo "== control: run-vm without the diagnostic check hides the other failure"
# In a tree of the same shape: run-vm reads scripts/lib beside tests/.
mkdir -p "$tmp/ctl/tests/rxemu"
ln -s "$top/scripts" "$tmp/ctl/scripts"
# shellcheck disable=SC2016 # the sed pattern names run-vm's own variables
sed 's/|| \[ "\$known" != "\$errors" \]/|| false/' "$top/tests/rxemu/run-vm" >"$tmp/ctl/tests/rxemu/run-vm"
cmp -s "$tmp/ctl/tests/rxemu/run-vm" "$top/tests/rxemu/run-vm" && fail "the control's sed no longer changes run-vm: update it"
chmod +x "$tmp/ctl/tests/rxemu/run-vm"
runvm=$tmp/ctl/tests/rxemu/run-vm
judge 6.14.3+deb13-amd64 "$bad" "$other"
runvm=
reported '# TODO known driver bug' ||
	fail "control: run-vm without the diagnostic check did not hide the other failure, so this test cannot tell: $(line)"
echo "ok: run-vm holds known-kernel-bug to its kernels and its diagnostic"
