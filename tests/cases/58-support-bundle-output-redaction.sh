#!/bin/sh
# support-bundle's output name and its cmdline.txt:
#   output     a symlink to a directory planted at the -o name after the
#              last check (by a stand-in `ln` that plants it, then runs
#              the real one): the bundle is not written into that
#              directory, the tool says so and exits 2; control: the same
#              run without the plant writes the bundle there, as a regular
#              file;
#   redaction  credentials in URLs (ks=https://admin:pw@..., ds=...;
#              s=https://u:pw@...) and the parameters mysql_pw, rootpw,
#              psk, wpa_psk, priv and sig, an iSCSI root's CHAP
#              credentials and a password holding an @ are redacted, each; controls:
#              module.sig_enforce, ip, quiet and a URL without a user are
#              kept as they are.
. "$ICE_BP_TOPDIR/tests/lib.sh"
. "$top/tools/lib/host.sh"
. "$top/tests/doctor-fixture.sh"

echo "== a symlink to a directory planted at the output name"
fx_healthy out
mkdir -p "$tmp/planted-dir" "$tmp/lnbin"
real_ln=$(command -v ln)
cat >"$tmp/lnbin/ln" <<STUB
#!/bin/sh
# The last argument is the bundle's name: a directory link goes there first.
for a; do t=\$a; done
case \$t in */bundle.tar.gz) [ -e "\$t" ] || [ -L "\$t" ] || "$real_ln" -s "$tmp/planted-dir" "\$t" ;; esac
exec "$real_ln" "\$@"
STUB
chmod +x "$tmp/lnbin/ln"
mkdir -p "$tmp/o1"
rc=0
PATH=$tmp/lnbin:$PATH ICE_BP_ROOT=$fx ICE_BP_CMDS=$fc "$top/tools/ice-backport" support-bundle -o "$tmp/o1/bundle.tar.gz" >"$tmp/o1.out" 2>&1 || rc=$?
cat "$tmp/o1.out"
[ -z "$(ls -A "$tmp/planted-dir")" ] || fail "the bundle was written into the planted directory: $(ls -A "$tmp/planted-dir")"
[ "$rc" = 2 ] || fail "exit $rc with the name taken, want 2"
grep -q "something took that name" "$tmp/o1.out" || fail "the tool does not say the name was taken"
for f in "$tmp/o1"/.ice-backport-bundle*; do
	[ ! -e "$f" ] || fail "a partial bundle is left: $f"
done
echo "ok: nothing written through the planted link, exit 2, said why"
mkdir -p "$tmp/o2"
PATH=$tmp/lnbin:$PATH ICE_BP_ROOT=$fx ICE_BP_CMDS=$fc "$top/tools/ice-backport" support-bundle -o "$tmp/o2/other.tar.gz" >"$tmp/o2.out" 2>&1 ||
	{ cat "$tmp/o2.out"; fail "control: the bundle was not written"; }
if [ ! -f "$tmp/o2/other.tar.gz" ] || [ -L "$tmp/o2/other.tar.gz" ]; then fail "control: no regular file at the name"; fi
echo "ok: control: written as a regular file"

echo "== cmdline.txt"
fx_healthy red
kept='module.sig_enforce=1 ip=dhcp quiet inst.repo=http://mirror.example/x'
printf '%s\n' "BOOT_IMAGE=/vmlinuz ks=https://admin:SECRET1@10.0.0.1/ks.cfg ds=nocloud-net;s=https://u:SECRET2@h.example/ mysql_pw=SECRET3 rootpw=SECRET4 psk=SECRET5 wpa_psk=SECRET6 priv=SECRET7 sig=SECRET8 netroot=iscsi:chapuser:SECRET9@192.0.2.5::3260::iqn.2009-06.com.example:target0 inst.stage2=http://u:p@SECRET10@mirror.example/x $kept" >"$fx/proc/cmdline"
ICE_BP_ROOT=$fx ICE_BP_CMDS=$fc "$top/tools/ice-backport" support-bundle -o "$tmp/red.tar.gz" >/dev/null 2>&1 || fail "support-bundle failed"
mkdir -p "$tmp/red"
tar -xzf "$tmp/red.tar.gz" -C "$tmp/red"
c=$tmp/red/ice-backport-bundle/cmdline.txt
cat "$c"
for i in 1 2 3 4 5 6 7 8 9 10; do
	! grep -q "SECRET$i\>" "$c" || fail "SECRET$i is in cmdline.txt"
done
for p in $kept; do
	grep -qF -- "$p" "$c" || fail "control: '$p' is not kept"
done
grep -qF 'ks=https://<redacted>@10.0.0.1/ks.cfg' "$c" || fail "ks= lost more than its user and password"
grep -qF 'netroot=iscsi:<redacted>@192.0.2.5::3260::iqn.2009-06.com.example:target0' "$c" ||
	fail "the iSCSI root lost more than its CHAP credentials"
grep -qF 'inst.stage2=http://<redacted>@mirror.example/x' "$c" || fail "a password with an @ was cut at the wrong @"
echo "ok: the ten secrets redacted (iSCSI CHAP, a password holding an @), the rest kept"
