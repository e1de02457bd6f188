#!/bin/sh
# The Rx emulator's XDP programs build into one BPF object with every
# program the scenarios name, each an xdp.frags program (multi-buffer
# frames), and their loader is a static binary (the VM's initramfs has no
# libc).  Negative control: a program that does not compile stops
# scripts/kbuild/build-xdp with a message naming the file.
. "$ICE_BP_TOPDIR/tests/lib.sh"
command -v clang >/dev/null || skip "clang is not installed (make deps)"
"$top/scripts/kbuild/build-xdp" "$tmp/out" || fail "scripts/kbuild/build-xdp failed"
obj=$tmp/out/progs.bpf.o
readelf -h "$obj" | grep -q 'Machine:.*BPF' || fail "$obj is not a BPF object"
# The programs the scenarios use, from the scenarios themselves.
want=$(sed -n 's|^xdp /sys/fs/bpf/ice_||p' "$top"/tests/rxemu/scenarios/*.scn \
	"$top"/tests/rxemu/bench/*.scn | sort -u)
[ -n "$want" ] || fail "no scenario names an XDP program"
sec=$(readelf -SW "$obj" | sed -n 's/^ *\[ *\([0-9]*\)\] xdp\.frags .*/\1/p')
[ -n "$sec" ] || fail "no xdp.frags section in $obj"
have=$(readelf -sW "$obj" | awk -v s="$sec" '$4 == "FUNC" && $7 == s { print $8 }' | sort -u | tr '\n' ' ')
for p in $want; do
	case " $have" in
	*" $p "*) ;;
	*) fail "program $p, used by a scenario, is not an xdp.frags program of $obj (has: $have)" ;;
	esac
done
echo "xdp.frags programs: $have"
if readelf -d "$tmp/out/xdp-load" 2>/dev/null | grep -q NEEDED; then
	fail "xdp-load is linked dynamically"
fi
echo "xdp-load is static"

# Negative control: a broken program is refused, naming the file.
mkdir -p "$tmp/bad/tests/rxemu/xdp"
cp "$top/tests/rxemu/xdp/xdp-load.c" "$tmp/bad/tests/rxemu/xdp/"
sed 's/return XDP_DROP;/return XDP_DROP/' "$top/tests/rxemu/xdp/progs.bpf.c" >"$tmp/bad/tests/rxemu/xdp/progs.bpf.c"
if ICE_BP_TOPDIR=$tmp/bad "$top/scripts/kbuild/build-xdp" "$tmp/bad/out" 2>"$tmp/err"; then
	fail "scripts/kbuild/build-xdp accepted a program that does not compile"
fi
grep -q 'could not compile .*progs.bpf.c' "$tmp/err" || fail "the failure does not name progs.bpf.c: $(cat "$tmp/err")"
echo "a broken program is refused: $(grep 'error:' "$tmp/err" | tail -n 1)"
