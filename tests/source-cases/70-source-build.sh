#!/bin/sh
# A verified line proven from its real source (kernels.list's `source`
# records): ice.ko builds against the kernel-devel tree that
# scripts/kbuild/vendor-kernel makes from the pinned source, with the
# vendor's own configuration and exact release, W=1 and no warning, every
# object compiled.  The first devel tree (amd64) of each line of the
# test sample (kernels.list's `sample-source` records) runs in `make
# check`, the other lines are skipped saying so; ICE_BP_ALL_SOURCES=1,
# and `make vendor-kernels`, build every tree of every line (the rt
# flavours too).  Where the line's source is absent
# (no --source given, no verified copy cached, no fetched repository)
# the case is skipped and says what to fetch.
#
# Shown failing, on the first tree of make check's sample: the same build
# from a copy of this repository without the shim of
# xdp_buff_clear_frag_pfmemalloc() (v6.18; Debian's 6.12 and 6.1 have it
# through their stable series, RHEL and 6.6/6.14 do not), the state that
# once passed every Debian kernel and failed here, must fail and name the
# helper.
#
# What no prepared tree can prove is said, not hidden: a kernel-devel
# tree made here has no Module.symvers (a real one has the full build's),
# so modpost's symbol check is not part of this proof.
. "$ICE_BP_TOPDIR/tests/lib.sh"
[ "$(id -u)" = 0 ] || skip "the trees are built in a Debian root with chroot, which needs root"
line=${SOURCE_LINE:?}
vk=$top/scripts/kbuild/vendor-kernel
source_devels "$line"
if [ "${ICE_BP_ALL_SOURCES:-0}" != 1 ]; then
	kernels sources --sample | awk -v l="$line" '$1 == l { f = 1 } END { exit !f }' ||
		skip "$line is not in make check's sample of source lines (kernels.list, sample-source): make vendor-kernels builds it, or ICE_BP_ALL_SOURCES=1"
	devels=${devels%% *}
fi
for d in $devels; do
	rel=$("$vk" release "$d")
	echo "== $d: $rel ($(kernels tier-of "$rel"))"
	rc=0
	"$vk" module "$d" || rc=$?
	case $rc in
	0) ;;
	3) skip "the source of $d is not here: fetch it as vendor-kernels.lock says (scripts/kbuild/vendor-kernel source)" ;;
	*) fail "ice.ko against $d ($rel): see the messages above and build/$rel.log" ;;
	esac
	objs=$(grep -c ' CC \[M\] ' "$top/build/$rel.log" || true)
	echo "$d: every object compiled with 0 warnings ($objs, build/$rel.log); the symbols: see the line above"
done

# The control, once: the first tree of the sample, never with
# ICE_BP_ALL_SOURCES (make vendor-kernels builds every tree, not controls).
[ "${ICE_BP_ALL_SOURCES:-0}" != 1 ] || exit 0
d=${devels%% *}
copy=$(repo_copy)
# the import too (src/Kbuild and src/Makefile, which git tracks, with it)
rm -rf "$copy/src"
cp -al "$top/src" "$copy/src"
h=$copy/compat/include/net/xdp.h
awk '/^#ifndef HAVE_XDP_BUFF_CLEAR_FRAG_PFMEMALLOC$/ { skip = 1; next }
	skip && /^#endif/ { skip = 0; next } !skip' "$top/compat/include/net/xdp.h" >"$h"
! cmp -s "$h" "$top/compat/include/net/xdp.h" || fail "the control could not remove the shim"
rootdir=$("$top/scripts/kbuild/build-root" "$(awk -v d="$d" '$1 == "devel" && $2 == d { print $5 }' "$top/vendor-kernels.lock")")
ctl_tree=$rootdir$(ICE_BP_TOPDIR=$copy clone_dir)
trap 'rm -rf "$tmp" "$ctl_tree"' EXIT
expect_fail "$tmp/ctl.log" "implicit declaration of function 'xdp_buff_clear_frag_pfmemalloc'" \
	env ICE_BP_TOPDIR="$copy" ICE_BP_BUILD="$tmp/build" "$copy/scripts/kbuild/vendor-kernel" module "$d"
echo "control: without the shim of xdp_buff_clear_frag_pfmemalloc() the build of $d fails, naming it"
