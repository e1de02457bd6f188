#!/bin/sh
# A line proven from its real source boots and runs (the first devel tree
# of the line with an image): the image scripts/kbuild/vendor-kernel made
# (a full kernel build from the vendor's source with its configuration
# reduced, `make vendor-kernels`) boots under QEMU with our ice.ko: load,
# 20 reloads, the kernel's own irdma loaded or refused as its symbol
# versions say, a clean log; the symbol versions ice.ko imports equal the
# vendor's kABI list (the proof that the reduced configuration changed no
# structure they reach); and the Rx ring emulator passes every scenario on
# our build, while the vendor's own Rx path (its ice_txrx.c as shipped,
# the negative control) leaks on every scenario the pre-fix path leaks on:
# `vendor-kernel rxemu` fails when it does not.  The symbol-version
# comparison has its own negative control: the vendor's kABI list with
# the CRC of one symbol ice.ko imports changed must fail, naming it.
#
# This case never builds a kernel (an hour on 2 cores): without a current
# image it is skipped and says how to make one.
. "$ICE_BP_TOPDIR/tests/lib.sh"
[ "$(id -u)" = 0 ] || skip "the image is used in a Debian root with chroot, which needs root"
line=${SOURCE_LINE:?}
vk=$top/scripts/kbuild/vendor-kernel
source_devels "$line"
d=${devels%% *}
export ICE_BP_IMAGE_BUILT_ONLY=1
for cmd in vm-test rxemu; do
	echo "== vendor-kernel $cmd $d"
	rc=0
	"$vk" "$cmd" "$d" || rc=$?
	case $rc in
	0) ;;
	3) skip "no current image of $d: scripts/kbuild/vendor-kernel image $d builds it (most of an hour; make vendor-kernels, for the trees of ICE_BP_VENDOR_IMAGES), this case never does" ;;
	*) fail "vendor-kernel $cmd $d failed: see the messages above and build/vendor-image/$d" ;;
	esac
done
# The negative control of the comparison: one CRC of the list changed.
rel=$("$vk" release "$d")
ko=$top/build/vendor-image/$d/$rel/ice.ko
src=$(awk -v d="$d" '$1 == "devel" && $2 == d { print $3 }' "${ICE_BP_VENDOR_LOCK:-$top/vendor-kernels.lock}")
kabi=$("$vk" source "$src")/almalinux/Module.kabi_x86_64
[ -f "$kabi" ] || { echo "$d: no kABI list in its source, no comparison to break"; exit 0; }
sym=$(/sbin/modprobe --dump-modversions "$ko" | awk 'NR == FNR { k[$2] = 1; next } ($2 in k) { print $2; exit }' "$kabi" -)
[ -n "$sym" ] || fail "ice.ko imports no symbol of the kABI list: nothing was compared"
awk -v s="$sym" '$2 == s { $1 = "0xdeadbeef" } { print }' OFS='\t' "$kabi" >"$tmp/kabi"
expect_fail "$tmp/log" "different $sym ice.ko" "$vk" kabi "$d" "$ko" "$tmp/kabi"
echo "$d: the comparison fails with the CRC of $sym changed, as it must"
