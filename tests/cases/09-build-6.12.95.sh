#!/bin/sh
# ice.ko builds against Debian's 6.12.95+deb12-amd64 headers with the
# host's gcc-12 and W=1: zero warnings, our version in modinfo and for
# ethtool -i, no dependency on the kernel's libie or libeth.
# It writes build/6.12.95+deb12-amd64/, as 20-build of that kernel does:
# tests/run: apart from the kernel cases
. "$ICE_BP_TOPDIR/tests/lib.sh"
kver=6.12.95+deb12-amd64
"$top/scripts/build/ensure-headers" "$kver" bookworm-backports
[ -f "$top/src/PROVENANCE" ] || "$top/scripts/import/import-upstream"
"$top/scripts/build/build-module" "$kver"
log=$top/build/$kver.log
ko=$top/build/$kver/ice.ko
w=$(grep -c 'warning:' "$log" || true)
[ "$w" = 0 ] || { grep 'warning:' "$log"; fail "$w compiler warnings"; }

version=$(modinfo -F version "$ko")
echo "modinfo version: $version"
[ "$version" = "$(cat "$top/VERSION")" ] || fail "modinfo version $version is not VERSION $(cat "$top/VERSION")"
[ "$(modinfo -F vermagic "$ko" | cut -d' ' -f1)" = "$kver" ] || fail "built for another kernel"
upstream=$(modinfo -F backport_upstream "$ko")
[ "$upstream" = "$(lock_get package) $(lock_get version)" ] || fail "modinfo upstream '$upstream' does not match upstream.lock"

depends=$(modinfo -F depends "$ko")
echo "depends: $depends"
case ",$depends," in
*,libie,* | *,libeth,*) fail "ice.ko depends on the kernel's libie/libeth" ;;
esac
nm "$ko" | grep -q ' ice_backport_libie_rx_pt_lut$' || fail "libie's table is not built in under our name"
# ice exports its RDMA interface for irdma; never a libie/libeth symbol.
if nm "$ko" | grep -E ' __ksymtab_(ice_backport_)?lib(ie|eth)_'; then
	fail "ice.ko exports a libie/libeth symbol"
fi
# ethtool -i: the drvinfo version comes from ICE_BACKPORT_VERSION.
strings "$ko" | grep -qx "$version" || fail "the version string is not in ice.ko for ethtool -i"
echo "ice.ko: $(stat -c %s "$ko") bytes"
