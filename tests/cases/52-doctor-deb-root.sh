#!/bin/sh
# The .deb installed with apt into a scratch Debian 13 root ships a working
# /usr/sbin/ice-backport: after DKMS built the module, `doctor --json`
# exits with a documented status and reports the package and the kernel
# DKMS installed it for; `support-bundle` writes the listed files and
# leaves out DKMS's real private key (made at install) and a secret put in
# its environment.  Control: after `apt remove` the same doctor reports no
# package, so the report follows the host.
# tests/run: minutes
. "$ICE_BP_TOPDIR/tests/lib.sh"
. "$top/scripts/lib/deb-test.sh"
. "$top/tests/json-check.sh"
package_test
command -v python3 >/dev/null || skip "python3 is needed to read the JSON"
kver=$(pinned_kernel)
deb_package_root trixie "linux-headers-$kver"

apt_root install.log install "$deb1" openssl || fail "apt install of the .deb failed"
expect_ours "$kver"
in_root sh -c 'ls -l /usr/sbin/ice-backport /usr/share/ice-backport/ /usr/share/man/man8/ice-backport.8.gz'

echo "== doctor in the root"
in_root ice-backport doctor || true
rc=0
in_root ice-backport doctor --json >"$tmp/d.json" || rc=$?
cat "$tmp/d.json"
# The chroot has no /sys: no E800 and no loaded ice, so nothing needs doing.
[ "$rc" = 0 ] || fail "doctor exit status $rc, want 0 (no E800 in the root)"
jexpect "$tmp/d.json" "d['dkms']['package']" "$version"
jexpect "$tmp/d.json" "[k['state'] for k in d['dkms']['kernels'] if k['kernel'] == '$kver']" "['installed']"
jexpect "$tmp/d.json" "sorted(d)" "['dkms', 'e800_functions', 'exit', 'findings', 'kernel', 'module', 'ports', 'rdma', 'schema_version', 'secure_boot', 'status', 'tool', 'version']"
jexpect "$tmp/d.json" "d['version']" "$version"

echo "== support-bundle in the root"
secret="ICE-BP-CANARY-$$-$(date +%s)"
in_root test -f /var/lib/dkms/mok.key || fail "DKMS made no signing key: the secret check would prove nothing"
in_root env "ICE_BP_CANARY=$secret" ice-backport support-bundle -o /tmp/bundle.tar.gz || fail "support-bundle failed"
mkdir -p "$tmp/b"
tar -xzf "$root/tmp/bundle.tar.gz" -C "$tmp/b" || fail "the bundle is not a tar.gz"
(cd "$tmp/b/ice-backport-bundle" && find . -type f | sed 's|^\./||' | LC_ALL=C sort) | tee "$tmp/list"
for f in doctor.json doctor.txt "source/ice-backport-$version/PROVENANCE" "source/ice-backport-$version/dkms.conf" \
	dkms-status.txt kernel-log-ice.txt cmdline.txt MANIFEST; do
	grep -qx "$f" "$tmp/list" || fail "the bundle has no $f"
done
# dkms 3.2 keeps a build log per kernel (<version>/<kernel>/<arch>/log/),
# older ones only the last build's (<version>/build/).
grep -q "^dkms-logs/$version" "$tmp/list" || fail "the bundle has no DKMS build log"
key=$(in_root sed -n 2p /var/lib/dkms/mok.key)
[ -n "$key" ] || fail "cannot read a line of DKMS's key to look for"
if grep -rqF -e "$key" -e "$secret" -e 'PRIVATE KEY' "$tmp/b"; then
	fail "the bundle holds DKMS's private key or the environment's secret"
fi
grep -q "$(in_root cat "/usr/src/ice-backport-$version/PROVENANCE" | tail -n 1)" \
	"$tmp/b/ice-backport-bundle/source/ice-backport-$version/PROVENANCE" || fail "PROVENANCE differs from the installed one"
echo "ok: bundle as listed, no key, no secret"

echo "== control: after apt remove"
apt_root remove.log remove ice-backport-dkms || fail "apt remove failed"
in_root test ! -e /usr/sbin/ice-backport || fail "apt remove left /usr/sbin/ice-backport"
# The source tree's copy of the tool judges the same root from outside.
rc=0
"$top/tools/ice-backport" doctor --json --root "$root" >"$tmp/u.json" || rc=$?
jexpect "$tmp/u.json" "d['dkms']['package']" None
