#!/bin/sh
# The packaged dkms.conf asks the kernel policy (tools/lib/kernels beside
# it): a kernel of a verified line and an in-range kernel are built, an
# outside kernel gets a BUILD_EXCLUSIVE_KERNEL that matches nothing, with a
# message naming its tier and why; the operator's policy file narrows or
# widens that; `dkms autoinstall` is declined for every kernel, whatever
# the form of dkms's command line (ice-backport's own kernel hooks build).
# Nothing deprecated.
. "$ICE_BP_TOPDIR/tests/lib.sh"
command -v bash >/dev/null || skip "no bash (dkms sources dkms.conf with bash)"
tree=$tmp/ice-backport-1.0
mkdir -p "$tree"
sed 's/#MODULE_VERSION#/1.0/g' "$top/dkms.conf" >"$tree/dkms.conf"
cp "$top/tools/lib/kernels" "$top/kernels.list" "$tree/"
grep -q '#[A-Z_]*#' "$tree/dkms.conf" && fail "placeholder left in the packaged dkms.conf"
grep -E '^[[:space:]]*(REMAKE_INITRD|MODULES_CONF|CLEAN|OBSOLETE_BY)' "$tree/dkms.conf" &&
	fail "dkms.conf uses a directive dkms reports as deprecated"

# A stand-in for dkms: bash sourcing dkms.conf in a subshell, as dkms's
# safe_source() does, with $kernelver set as read_conf() sets it and
# dkms's command line as its own.
cat >"$tmp/fake-dkms" <<'FAKE'
#!/bin/bash
kernelver=$KV
( . "$CONF" >/dev/null
  echo "AUTOINSTALL=$AUTOINSTALL"
  if [[ -n $BUILD_EXCLUSIVE_KERNEL && ! ${kernelver%%/*} =~ $BUILD_EXCLUSIVE_KERNEL ]]; then
	echo excluded
  else
	echo built
  fi )
FAKE
chmod +x "$tmp/fake-dkms"
# verdict KERNEL DKMS-ARGS...: what dkms decides for KERNEL.
verdict() {
	k=$1
	shift
	KV=$k CONF=$tree/dkms.conf "$tmp/fake-dkms" "$@" 2>"$tmp/err" | tr '\n' ' '
}

verified=$(kernels sample | head -n 1)
for k in "$verified" 6.12.118+deb13-cloud-amd64 6.1.0-0.deb11.49-rt-amd64 6.15.11-200.fc42.x86_64 6.12.0-55.el10.x86_64; do
	[ "$(verdict "$k" build -k "$k")" = "AUTOINSTALL=yes built " ] || fail "dkms build -k $k is refused: $(cat "$tmp/err")"
	echo "built:    $k ($(kernels tier-of "$k"))"
done
for k in 5.10.0-46-amd64 5.14.0-503.el9.x86_64 7.4.1-1-amd64; do
	[ "$(verdict "$k" build -k "$k")" = "AUTOINSTALL=yes excluded " ] || fail "dkms build -k $k is not refused"
	grep -q "kernel $k is outside (.*); skipped, it keeps its own ice driver" "$tmp/err" ||
		fail "no message saying why $k is skipped: $(cat "$tmp/err")"
	# Said where a build is asked for, not on every reading (dkms status).
	verdict "$k" status >/dev/null
	[ ! -s "$tmp/err" ] || fail "dkms status printed: $(cat "$tmp/err")"
	echo "excluded: $k (outside, with a message)"
done

echo "== a vendor line attempted without its source (kernels.list attempt records)"
for k in 5.14.0-611.26.1.el9_7.x86_64 5.14.0-611.25.1.el9_7.x86_64+rt; do
	[ "$(verdict "$k" build -k "$k")" = "AUTOINSTALL=yes built " ] || fail "dkms build -k $k (RHEL 9.7) is refused: $(cat "$tmp/err")"
	kernels tier "$k" | grep -q 'a release of rhel9.7, a vendor line with leaking releases' ||
		fail "the tier of $k does not name its attempt line"
	echo "built:    $k ($(kernels tier-of "$k"), attempt line rhel9.7)"
done
echo "-- control: the same policy without its attempt records leaves 9.7 outside"
grep -v '^attempt ' "$tree/kernels.list" >"$tmp/noattempt.list"
[ "$("$top/tools/lib/kernels" --list "$tmp/noattempt.list" tier-of 5.14.0-611.26.1.el9_7.x86_64)" = outside ] ||
	fail "RHEL 9.7 is in range without an attempt record: the record proves nothing"
echo "ok: without the record, 9.7 is outside"

echo "== the operator's policy file"
echo "accept = verified" >"$tmp/policy.conf"
export ICE_BP_POLICY="$tmp/policy.conf"
[ "$(verdict 6.15.11-200.fc42.x86_64 install -k 6.15.11-200.fc42.x86_64)" = "AUTOINSTALL=yes excluded " ] ||
	fail "accept = verified still builds an in-range kernel"
[ "$(verdict "$verified" install -k "$verified")" = "AUTOINSTALL=yes built " ] ||
	fail "accept = verified refuses a verified kernel"
echo "accept = all" >"$tmp/policy.conf"
[ "$(verdict 5.10.0-46-amd64 build -k 5.10.0-46-amd64)" = "AUTOINSTALL=yes built " ] ||
	fail "accept = all still refuses an outside kernel"
echo "accept = everything" >"$tmp/policy.conf"
[ "$(verdict 6.15.11-200.fc42.x86_64 build -k 6.15.11-200.fc42.x86_64)" = "AUTOINSTALL=yes excluded " ] ||
	fail "an invalid policy value does not narrow to verified"
grep -q "is not verified, in-range or all: narrowed to verified" "$tmp/err" || fail "no message naming the bad policy value"
unset ICE_BP_POLICY
echo "policy file: verified narrows, all widens, a bad value narrows and says so"

echo "== dkms autoinstall is declined for every kernel, with a message"
for k in "$verified" 6.15.11-200.fc42.x86_64 5.10.0-46-amd64; do
	for form in "--kernelver $k" "-k $k" "--kernelver=$k" "-k $k/x86_64"; do
		# shellcheck disable=SC2086 # the form is two words or one
		case $(verdict "$k" autoinstall $form) in AUTOINSTALL=\ *) ;; *) fail "autoinstall $form was not declined" ;; esac
		grep -q "not built by dkms autoinstall; ice-backport's own kernel hook builds it for $k" "$tmp/err" ||
			fail "no message for autoinstall $form: $(cat "$tmp/err")"
	done
	echo "declined: autoinstall for $k"
done
