#!/bin/sh
# `ice-backport support-bundle` runs as root over files other users may
# have planted: it trusts none of them.  Its output: never written through a symlink,
# a FIFO or over an existing file, mode 0600, renamed into place; `-o -`
# and `-o name:with:colon` work.  Its input: a fake root full of symlinks
# out of the root, FIFOs, directories where files belong, a huge file, an
# unreadable file and odd names still gives a bundle, with nothing from
# outside the root in it and the skipped files noted.  The kernel command
# line is kept with secret-looking values redacted.  Controls: a canary in
# a file the bundle does collect is found by the same search, and the
# kept parts of the command line are there.
. "$ICE_BP_TOPDIR/tests/lib.sh"
. "$top/tools/lib/host.sh"
. "$top/tests/doctor-fixture.sh"
command -v python3 >/dev/null || skip "python3 is needed to read the JSON"

canary="ICE-BP-OUTSIDE-$$-$(date +%s)"
outside=$tmp/outside
mkdir -p "$outside/dir"
echo "$canary" >"$outside/secret"
echo "$canary" >"$outside/dir/PROVENANCE"
echo "$canary" >"$outside/dir/dkms.conf"

# sb ARGS...: the tool on the fake host $fx/$fc, 60 s at most (a FIFO
# must not hang it); sets rc, output in $tmp/sb.out.
sb() {
	rc=0
	ICE_BP_ROOT=$fx ICE_BP_CMDS=$fc timeout 60 "$top/tools/ice-backport" support-bundle "$@" >"$tmp/sb.out" 2>"$tmp/sb.err" || rc=$?
	sed 's/^/    | /' "$tmp/sb.err"
	[ "$rc" != 124 ] || fail "support-bundle $* hung (killed after 60 s)"
}
# refused TARGET PATTERN: -o TARGET is refused, saying PATTERN.
refused() {
	sb -o "$1"
	[ "$rc" = 2 ] || fail "-o $1: exit $rc, want 2 (refused)"
	grep -q -- "$2" "$tmp/sb.err" || fail "-o $1: refused without saying '$2'"
	echo "ok: -o $1 refused: $2"
}

echo "== where the bundle goes"
fx_healthy host
echo "victim" >"$tmp/victim"
ln -s "$tmp/victim" "$tmp/link.tar.gz"
refused "$tmp/link.tar.gz" "symbolic link"
[ "$(cat "$tmp/victim")" = victim ] || fail "the file behind the symlink was overwritten"
ln -s "$tmp/created-by-link" "$tmp/dangling.tar.gz"
refused "$tmp/dangling.tar.gz" "symbolic link"
[ ! -e "$tmp/created-by-link" ] || fail "a dangling symlink made the bundle create its target"
mkfifo "$tmp/fifo.tar.gz"
refused "$tmp/fifo.tar.gz" "not a regular file"
echo "keep me" >"$tmp/exists.tar.gz"
refused "$tmp/exists.tar.gz" "exists"
[ "$(cat "$tmp/exists.tar.gz")" = "keep me" ] || fail "an existing file was overwritten"
refused "$tmp/no-such-dir/b.tar.gz" "does not exist"

sb -o "$tmp/new.tar.gz"
[ "$rc" = 0 ] || fail "support-bundle -o new file: exit $rc"
[ "$(stat -c %a "$tmp/new.tar.gz")" = 600 ] || fail "the bundle is mode $(stat -c %a "$tmp/new.tar.gz"), want 600"
tar -tzf "$tmp/new.tar.gz" >/dev/null || fail "the bundle is not a tar.gz"
for f in "$tmp"/.ice-backport-bundle*; do
	[ ! -e "$f" ] || fail "a partial file was left behind: $f"
done
echo "ok: a new file, mode 600, nothing left beside it"

sb -o -
[ "$rc" = 0 ] || fail "support-bundle -o -: exit $rc"
tar -tzf "$tmp/sb.out" | grep -q '^ice-backport-bundle/doctor.json$' || fail "-o - did not write the tar.gz to the standard output"
echo "ok: -o - writes the bundle to the standard output"
(cd "$tmp" && sb -o name:with:colon.tar.gz)
[ "$rc" = 0 ] || fail "support-bundle -o name:with:colon: exit $rc"
tar --force-local -tzf "$tmp/name:with:colon.tar.gz" >/dev/null || fail "-o name:with:colon did not write that file"
echo "ok: -o name:with:colon.tar.gz writes that file"

echo "== the kernel command line, secrets redacted"
echo 'BOOT_IMAGE=/vmlinuz root=/dev/sda1 rd.luks.key=/k:SECRET1 api_token=SECRET2 "systemd.setenv=DB_PASSWORD=SECRET3" Password="SECRET4 x" quiet' >"$fx/proc/cmdline"
sb -o "$tmp/cmd.tar.gz"
mkdir "$tmp/cmd"
tar -xzf "$tmp/cmd.tar.gz" -C "$tmp/cmd"
c=$tmp/cmd/ice-backport-bundle/cmdline.txt
cat "$c"
grep -q SECRET "$c" && fail "a secret of the kernel command line is in the bundle"
if ! grep -q 'root=/dev/sda1 ' "$c" || ! grep -q 'quiet$' "$c" || ! grep -q 'rd.luks.key=<redacted>' "$c"; then
	fail "the command line is not kept with its other parameters (control)"
fi
grep -q redacted "$tmp/cmd/ice-backport-bundle/README" || fail "the bundle's README does not say the command line is redacted"
echo "ok: command line kept, 4 secret values redacted, README says so"

echo "== a hostile root"
fx_healthy fuzz
v=$fx_version
dk=$fx/var/lib/dkms/ice-backport/$v
ESC=$(printf '\033')
# Links out of the root where the bundle collects files.
ln -s "$outside/dir" "$fx/usr/src/ice-backport-9.9.9"
rm -f "$fx/usr/src/ice-backport-$v/PROVENANCE"
ln -s "$outside/secret" "$fx/usr/src/ice-backport-$v/PROVENANCE"
mkdir -p "$dk/linked/log" "$dk/dangling/log" "$dk/fifo/log" "$dk/dir/log/make.log" "$dk/huge/log" \
	"$dk/odd name ${ESC}[31m/log" "$dk/unreadable/log" "$fx/var/lib/dkms/elsewhere"
ln -s "$outside/secret" "$dk/linked/log/make.log"
ln -s "$outside/nothing" "$dk/dangling/log/make.log"
mkfifo "$dk/fifo/log/make.log"
truncate -s 3G "$dk/huge/log/make.log"
echo "end of the huge log" >>"$dk/huge/log/make.log"
echo "odd but fine" >"$dk/odd name ${ESC}[31m/log/make.log"
echo "unreadable" >"$dk/unreadable/log/make.log"
chmod 000 "$dk/unreadable/log/make.log"
# A directory of the tree that is a link out of the root.
ln -s "$outside" "$dk/outside-dir"
cp "$outside/secret" "$outside/make.log"
# The loaded module's files and the ports: links out, FIFOs, directories.
rm -f "$fx/sys/module/ice/version" "$fx/sys/module/ice/taint"
ln -s "$outside/secret" "$fx/sys/module/ice/version"
mkfifo "$fx/sys/module/ice/initstate"
mkdir "$fx/sys/module/ice/taint"
n=$fx/sys/bus/pci/devices/$fx_bdf/net
# Port names no kernel would print safely: an escape sequence, a newline,
# a byte that is not ASCII, more than 15 bytes.
mkdir -p "$n/*" "$n/.eth1" "$n/eth${ESC}[2J" "$n/$(printf 'eth\nx')" "$n/$(printf 'eth\377')" "$n/eth0123456789abcd"
rm "$n/eth0/mtu"
ln -s "$outside/secret" "$n/eth0/mtu"
mkfifo "$n/*/mtu"
printf '007\n' >"$n/.eth1/mtu"
ln -s "$outside/dir" "$fx/sys/bus/pci/devices/0000:99:00.0"
printf '0x8086\n' >"$outside/dir/vendor"
printf '0x1592\n' >"$outside/dir/device"
printf 'BOOT_IMAGE=/vmlinuz \033]0;title\007 \377\376 quiet\n' >"$fx/proc/cmdline"
# An unreadable file needs a root that cannot override file modes.
rc=0
ICE_BP_ROOT=$fx ICE_BP_CMDS=$fc timeout 120 setpriv --bounding-set=-dac_override,-dac_read_search \
	"$top/tools/ice-backport" support-bundle -o "$tmp/fuzz.tar.gz" >"$tmp/sb.out" 2>"$tmp/sb.err" || rc=$?
sed 's/^/    | /' "$tmp/sb.err"
[ "$rc" != 124 ] || fail "support-bundle hung on the hostile root"
[ "$rc" = 0 ] || fail "support-bundle on the hostile root: exit $rc"
mkdir "$tmp/fuzzout"
tar -xzf "$tmp/fuzz.tar.gz" -C "$tmp/fuzzout" || fail "the bundle of the hostile root is not a tar.gz"
b=$tmp/fuzzout/ice-backport-bundle
(cd "$b" && find . | LC_ALL=C sort | sed 's/^/    bundle: /')
echo "SKIPPED:"
sed 's/^/    /' "$b/SKIPPED"
if grep -rlaF "$canary" "$b"; then fail "a file from outside the root is in the bundle"; fi
echo "ok: nothing from outside the root"
for want in "PROVENANCE: a symbolic link" "linked/log/make.log: a symbolic link" "dangling/log/make.log: a symbolic link" \
	"fifo/log/make.log: not a regular file" "dir/log/make.log: not a regular file" "huge/log/make.log: 3221225492 bytes" \
	"unreadable/log/make.log: cannot be read"; do
	grep -qF -- "$want" "$b/SKIPPED" || fail "SKIPPED does not say '$want'"
done
echo "ok: SKIPPED names each file left out and why"
h=$(find "$b/dkms-logs" -name '*huge*')
if [ "$(wc -c <"$h")" -gt 4194304 ] || ! tail -n 1 "$h" | grep -q "end of the huge log"; then
	fail "the huge log is not its last 4 MiB"
fi
grep -rq "odd but fine" "$b/dkms-logs" || fail "the log under an odd directory name is missing"
python3 -c 'import json, sys; json.loads(open(sys.argv[1], "rb").read().decode("utf-8"))' "$b/doctor.json" ||
	fail "doctor.json of the hostile root is not valid UTF-8 JSON"
grep -laq "$ESC" "$b/doctor.txt" "$b/doctor.json" "$b/cmdline.txt" && fail "escape bytes of the host reached the report"
grep -q quiet "$b/cmdline.txt" || fail "the command line is not there"
echo "ok: huge log cut to its end, odd names kept, JSON valid, no escape bytes"
# Member names and the MANIFEST: printable ASCII only; the ports with such
# names are not examined, and the doctor says so.  Control: the odd but
# printable names '*' and '.eth1' have their files.
bad=$(cd "$tmp/fuzzout" && LC_ALL=C find . -name '*[! -~]*')
[ -z "$bad" ] || fail "bundle members named with a control byte or a byte that is not ASCII: $(printf '%s' "$bad" | od -c | head -n 5)"
if LC_ALL=C grep -n '[^ -~]' "$b/MANIFEST"; then fail "the MANIFEST holds a control byte or a byte that is not ASCII"; fi
grep -q 'eth0123456789abcd' "$b/MANIFEST" && fail "a port name longer than 15 bytes names a file of the bundle"
grep -q "not a printable interface name" "$b/doctor.txt" || fail "the doctor does not say that a port was not examined"
for f in 'ethtool/.eth1.i.txt' 'ethtool/*.i.txt' 'ip-link/.eth1.txt'; do
	grep -qxF "ice-backport-bundle/$f" "$b/MANIFEST" || fail "control: $f is not in the bundle"
done
echo "ok: member names and MANIFEST printable; those ports not examined, said; control: '*' and '.eth1' collected"

echo "-- control: the canary in a file the bundle collects is found"
echo "$canary" >>"$fx/var/lib/dkms/ice-backport/$v/build/make.log"
sb -o "$tmp/ctl.tar.gz"
mkdir "$tmp/ctl"
tar -xzf "$tmp/ctl.tar.gz" -C "$tmp/ctl"
grep -rlaqF "$canary" "$tmp/ctl" || fail "the search does not find a canary that is in the bundle"
echo "ok: control caught"
