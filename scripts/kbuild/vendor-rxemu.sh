# shellcheck shell=sh disable=SC2034,SC2154 # variables shared with scripts/kbuild/vendor-kernel and its other files
# vendor-kernel's emulator run on an image.  Sourced by
# scripts/kbuild/vendor-kernel, never run.

# rxemu NAME: the emulator on NAME's image (the command `rxemu`).
rxemu() {
	image_run "$1"
	rxemu_run
}

# rxemu_run: the Rx ring emulator on the image (tests/rxemu): our
# SELFTEST build must pass every scenario; the vendor's own Rx path, the
# vendor's ice_txrx.c as shipped built into the same harness, must leak on
# every scenario the pre-fix path leaks on (expect-pre-fix fail).  Writes
# $out/rxemu-ours.tap, $out/rxemu-vendor.tap and $out/rxemu.txt (one line).
rxemu_run() {
	rx=$top/tests/rxemu
	txrx=drivers/net/ethernet/intel/ice/ice_txrx.c
	vendor_txrx=$src_dir/$txrx
	[ -f "$vendor_txrx" ] || die "the $src source has no $txrx" "check the source (vendor-kernels.lock)"
	# The control is only a control where the vendor ships the pre-fix
	# release walk: ice_put_rx_mbuf() releases a counted number of
	# buffers (post_xdp_frags in mainline 6.14 and RHEL, nr_frags + 1 in
	# 6.6.y's backport), where the fix walks every buffer up to ntc.
	awk '/^static void ice_put_rx_mbuf\(/, /^}/' "$vendor_txrx" >"$out/put_rx_mbuf.c"
	if ! grep -Eq 'for \(i = 0; i < (nr_frags|post_xdp_frags);' "$out/put_rx_mbuf.c" ||
		grep -q 'idx != ntc' "$out/put_rx_mbuf.c"; then
		die "$src's $txrx: its ice_put_rx_mbuf() does not release a counted number of buffers: its Rx release is not the pre-fix one, so it is no leaking control" \
			"read its ice_put_rx_mbuf(); a vendor tree with the fix needs a control of its own"
	fi
	msg "[$name] SELFTEST build of ice.ko against the image"
	ICE_BP_BUILD=$out "$top/scripts/kbuild/build-module" --root "$root" --variant selftest "$rel" "$itree" ||
		die "the SELFTEST build against the $name image failed" "see $out/$rel-selftest.log"
	"$top/scripts/kbuild/build-xdp" "$out/xdp" || die "the XDP programs did not build" "run scripts/kbuild/build-xdp and read its error"
	# The vendor's Rx path as a patch against src/, made here from the
	# vendor's file, never kept in the repository: its ice_txrx.c whole,
	# with the changes tests/rxemu/vendor-rx-path lists, which let it build
	# in our tree and change nothing its Rx buffer path does.
	ctl=$out/vendor-control
	rm -rf "$ctl"
	mkdir -p "$ctl/b/$(dirname "$txrx")"
	"$rx/vendor-rx-path" "$(dirname "$vendor_txrx")" "$ctl/b/$txrx"
	rc=0
	diff -u --label "a/$txrx" --label "b/$txrx" "$top/src/$txrx" "$ctl/b/$txrx" >"$ctl/vendor-rx.patch" || rc=$?
	[ "$rc" = 1 ] || die "could not make the patch of $src's Rx path (diff exit $rc)" "compare $top/src/$txrx with $vendor_txrx"
	msg "[$name] the vendor's Rx path: $src's $txrx, $(grep -c '^[-+][^-+]' "$ctl/vendor-rx.patch") lines of patch against src/"
	"$rx/build-with-patch" --root "$root" "$itree" "$ctl/vendor-rx.patch" "$rel" "$ctl/build" ||
		die "the vendor's Rx path did not build into the SELFTEST module" "see $ctl/build/$rel-selftest.log"
	scenarios=$(ls "$rx"/scenarios/*.scn)
	msg "[$name] our build: every scenario of tests/rxemu/scenarios in the VM"
	rc=0
	# shellcheck disable=SC2086 # one word a file
	"$rx/run-vm" --timeout 900 --log "$out/rxemu-ours.log" --xdp "$out/xdp" \
		"$img/vmlinuz" "$img/lib/modules/$rel" "$out/$rel-selftest/ice.ko" $scenarios >"$out/rxemu-ours.tap" || rc=$?
	grep -v '^#   ' "$out/rxemu-ours.tap"
	ours=$(tail -n 1 "$out/rxemu-ours.tap")
	[ "$rc" = 0 ] || die "our build failed the emulator on the $name image: $ours" "read $out/rxemu-ours.tap and $out/rxemu-ours.log"
	# The control runs what the pre-fix control runs (22-rxemu), less the
	# scenarios whose bug corrupts memory on a build without our product
	# patches (expect-upstream corrupt): RHEL's Rx path has none of them,
	# and a corrupted page would end the VM (oops=panic) before the rest.
	# shellcheck disable=SC2086 # one word a file
	controls=$(grep -L -e '^known-bug' -e '^expect-pre-fix any' -e '^expect-upstream corrupt' $scenarios || :)
	# shellcheck disable=SC2086 # one word a file
	leaky=$(grep -l '^expect-pre-fix fail' $controls | wc -l)
	msg "[$name] the vendor's Rx path: $(echo "$controls" | wc -w) scenarios, of which $leaky must leak (expect-pre-fix fail)"
	rc=0
	# shellcheck disable=SC2086 # one word a file
	"$rx/run-vm" --pre-fix-control --timeout 900 --log "$out/rxemu-vendor.log" --xdp "$out/xdp" \
		"$img/vmlinuz" "$img/lib/modules/$rel" "$ctl/build/$rel-selftest/ice.ko" $controls >"$out/rxemu-vendor.tap" || rc=$?
	grep -v '^#   ' "$out/rxemu-vendor.tap"
	leaked=$(grep -c '^ok .*: pre-fix build fails as it must, [0-9]* pages leaked' "$out/rxemu-vendor.tap" || true)
	pages=$(sed -n 's/.*pages leaked: \([0-9]*\).*/\1/p' "$out/rxemu-vendor.tap" | tail -n 1)
	# What else it fails: scenarios by name; the kernel log by its first
	# problem (the control's run is not judged by its log: a Rx path that
	# leaks may also corrupt).
	others=$(grep '^not ok ' "$out/rxemu-vendor.tap" | grep -v ': pre-fix build fails, but leaked no page' |
		sed -e 's/^not ok [0-9]* - kernel log clean.*/the clean kernel log:/' \
			-e 's/^not ok [0-9]* - \([^:]*\):.*/\1/' | tr '\n' ' ')
	case $others in
	*"the clean kernel log:"*)
		others="$others $(sed -n 's/^#   klog: \[[^]]*\] //p' "$out/rxemu-vendor.tap" | head -n 1)" ;;
	esac
	echo "our build: $ours; the vendor's Rx path: $leaked of $leaky leaking scenarios leak ($pages pages)${others:+; it also fails: $others}" >"$out/rxemu.txt"
	msg "[$name] $(cat "$out/rxemu.txt")"
	if [ "$leaked" != "$leaky" ] || [ "$leaky" = 0 ]; then
		die "the vendor's Rx path leaked on $leaked of the $leaky scenarios the pre-fix path leaks on" \
			"read $out/rxemu-vendor.tap: a control that does not leak proves nothing"
	fi
}
