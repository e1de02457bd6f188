#!/bin/sh
# The packaged dkms.conf: BUILD_EXCLUSIVE_KERNEL matches exactly the
# `supported` kernels of kernels.list, and an autoinstall for any other
# kernel is declined by dkms.conf itself, with a message, whatever the form
# of dkms's command line (dkms 3.0.10 fails the kernel's apt run when the
# BUILD_EXCLUSIVE refusal happens during autoinstall).  Nothing deprecated.
. "$ICE_BP_TOPDIR/tests/lib.sh"
command -v bash >/dev/null || skip "no bash (dkms sources dkms.conf with bash)"
"$top/scripts/dkms-conf" >"$tmp/dkms.conf"
grep -q '#SUPPORTED_KERNELS#' "$tmp/dkms.conf" && fail "placeholder left in the packaged dkms.conf"
grep -E '^[[:space:]]*(REMAKE_INITRD|MODULES_CONF|CLEAN|OBSOLETE_BY)' "$tmp/dkms.conf" &&
	fail "dkms.conf uses a directive dkms reports as deprecated"

# A stand-in for dkms: bash sourcing dkms.conf in a subshell, as dkms's
# safe_source() does, with dkms's command line as its own.
cat >"$tmp/fake-dkms" <<'FAKE'
#!/bin/bash
( . "$CONF" >/dev/null; echo "AUTOINSTALL=$AUTOINSTALL" )
FAKE
chmod +x "$tmp/fake-dkms"
verdict() {
	CONF=$tmp/dkms.conf "$tmp/fake-dkms" "$@" 2>"$tmp/err"
}

supported=$(awk '!/^#/ && NF && $6 == "supported" { print $1 }' "$top/kernels.list")
others=$(awk '!/^#/ && NF && $6 != "supported" { print $1 }' "$top/kernels.list")
[ -n "$supported" ] || fail "kernels.list has no supported kernel"
for k in $supported; do
	bash -c '. "$1" >/dev/null 2>&1; [[ $2 =~ $BUILD_EXCLUSIVE_KERNEL ]]' _ "$tmp/dkms.conf" "$k" ||
		fail "BUILD_EXCLUSIVE_KERNEL does not match supported kernel $k"
	[ "$(verdict autoinstall --kernelver "$k")" = AUTOINSTALL=yes ] || fail "autoinstall declined for supported $k"
	[ "$(verdict autoinstall -k "$k/x86_64")" = AUTOINSTALL=yes ] || fail "autoinstall -k $k/x86_64 declined"
	echo "supported:   $k"
done
# Neighbours of the supported names must not match: the regex is anchored
# and its dots are literal.
for k in $others 6.12.95+deb12-amd64x 6.12.95xdeb12-amd64 x6.12.117+deb13-amd64 6.12.118+deb13-amd64; do
	if bash -c '. "$1" >/dev/null 2>&1; [[ $2 =~ $BUILD_EXCLUSIVE_KERNEL ]]' _ "$tmp/dkms.conf" "$k"; then
		fail "BUILD_EXCLUSIVE_KERNEL matches unsupported kernel $k"
	fi
	for form in "--kernelver $k" "-k $k" "--kernelver=$k" "-k $k/x86_64"; do
		# shellcheck disable=SC2086 # the form is two words or one
		[ "$(verdict autoinstall $form)" = AUTOINSTALL= ] || fail "autoinstall $form was not declined"
		grep -q "kernel $k is not one this release supports" "$tmp/err" || fail "no message for autoinstall $form"
	done
	# Other actions keep AUTOINSTALL: BUILD_EXCLUSIVE_KERNEL refuses them.
	[ "$(verdict build -k "$k")" = AUTOINSTALL=yes ] || fail "dkms build changed AUTOINSTALL"
	echo "unsupported: $k (declined, with a message)"
done
