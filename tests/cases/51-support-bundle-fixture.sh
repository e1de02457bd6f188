#!/bin/sh
# `ice-backport support-bundle` on a fake host (tests/doctor-fixture.sh)
# writes one tar.gz holding exactly what README.md lists, and no secret:
# a private key planted where DKMS keeps its own and a secret in the
# environment must not be in it, though the commands it runs print their
# environment.  Controls: the secret, planted into a file the bundle does
# collect, or printed by a command, is found by the same search; and a
# bundle missing a listed file fails the list check.
. "$ICE_BP_TOPDIR/tests/lib.sh"
. "$top/tools/lib/host.sh"
. "$top/tests/doctor-fixture.sh"

fx_healthy host
secret="ICE-BP-CANARY-$$-$(date +%s)"
mkdir -p "$fx/var/lib/dkms"
printf -- '-----BEGIN PRIVATE KEY-----\n%s\n-----END PRIVATE KEY-----\n' "$secret" >"$fx/var/lib/dkms/mok.key"
# What "memory grows" needs: procfs's memory and network counters, the
# distribution (os-release a link within the root, as on most hosts), the
# operator's policy and a failed build's log; a log that is a link to the
# key is not followed.
mkdir -p "$fx/proc/net" "$fx/etc/ice-backport" "$fx/usr/lib" "$fx/var/log/ice-backport"
printf 'MemTotal:       65536000 kB\nMemFree:         1024000 kB\n' >"$fx/proc/meminfo"
printf 'nr_free_pages 256000\npgalloc_normal 123456789\n' >"$fx/proc/vmstat"
printf 'TcpExt: PFMemallocDrop\nTcpExt: 0\n' >"$fx/proc/net/netstat"
printf 'ID=debian\nVERSION_ID="13"\n' >"$fx/usr/lib/os-release"
ln -s ../usr/lib/os-release "$fx/etc/os-release"
printf 'accept = verified\n' >"$fx/etc/ice-backport/policy.conf"
printf 'make: *** [ice_main.o] Error 1\n' >"$fx/var/log/ice-backport/6.13.99-x.log"
ln -s ../../lib/dkms/mok.key "$fx/var/log/ice-backport/key.log"
# Four samples of ethtool -S: the doctor's two, then the bundle's two.
sk=$fc/$(cmd_key ethtool -S eth0)
sed 's/page_alloc: 1010$/page_alloc: 1020/' "$sk.2" >"$sk.3"
sed 's/page_alloc: 1010$/page_alloc: 1030/' "$sk.2" >"$sk.4"

# The commands run for real (stand-ins that print the fake host's output
# and their environment): with ICE_BP_CMDS no command would run, and a
# secret that leaks through one could not be seen.
fx_commands host

# bundle NAME [ARGS...]: make the bundle of the fake host, unpack it in
# $tmp/NAME.  --live: the root is this machine's own (the stand-ins are
# its commands); without it, a root read runs none of them.
bundle() {
	bn=$1
	shift
	PATH=$fb:$PATH ICE_BP_SAMPLE_SECS=0 ICE_BP_SECRET_TOKEN=$secret ICE_BP_ROOT=$fx \
		"$top/tools/ice-backport" support-bundle -o "$tmp/$bn.tar.gz" "$@" || fail "support-bundle failed"
	set -- "$bn"
	mkdir -p "$tmp/$1"
	tar -xzf "$tmp/$1.tar.gz" -C "$tmp/$1" || fail "the bundle is not a tar.gz"
	(cd "$tmp/$1/ice-backport-bundle" && find . -type f | sed 's|^\./||' | LC_ALL=C sort) >"$tmp/$1.list"
}

# The files README.md promises for this host (one E810 port, eth0).
cat >"$tmp/want" <<LIST
MANIFEST
README
SKIPPED
bpf-programs.txt
build-logs/6.13.99-x.log
cmdline.txt
devlink/$fx_bdf.txt
dkms-logs/${fx_version}_build_make.log
dkms-status.txt
doctor.json
doctor.txt
ethtool/eth0.S-later.txt
ethtool/eth0.S.txt
ethtool/eth0.g.txt
ethtool/eth0.i.txt
ethtool/eth0.k.txt
ethtool/eth0.l.txt
ip-link/eth0.txt
kernel-log-ice.txt
lspci/$fx_bdf.txt
memory/meminfo.txt
memory/netstat.txt
memory/vmstat.txt
modinfo-dkms.txt
modinfo-own.txt
os-release.txt
policy.conf
proc-version.txt
source/ice-backport-$fx_version/PROVENANCE
source/ice-backport-$fx_version/dkms.conf
sys-module-ice.txt
xdp-programs.txt
LIST
LC_ALL=C sort -o "$tmp/want" "$tmp/want"

# list_ok LIST: LIST is exactly the promised files.
list_ok() {
	diff -u "$tmp/want" "$1"
}
# no_secret DIR: no file of DIR holds the planted secret or key.
no_secret() {
	! grep -rl -e "$secret" -e 'PRIVATE KEY' "$1"
}

bundle b --live
cat "$tmp/b.list"
list_ok "$tmp/b.list" || fail "the bundle's files are not the ones README.md lists"
no_secret "$tmp/b" || fail "the bundle holds the planted secret"
python3 -m json.tool "$tmp/b/ice-backport-bundle/doctor.json" >/dev/null 2>&1 ||
	! command -v python3 >/dev/null || fail "doctor.json in the bundle is not JSON"
grep -q 'ice 0000:3b:00.0: The DDP package' "$tmp/b/ice-backport-bundle/kernel-log-ice.txt" ||
	fail "the ice lines of the kernel log are missing"
grep -q e1000e "$tmp/b/ice-backport-bundle/kernel-log-ice.txt" && fail "the kernel log in the bundle has lines that are not ice's"
grep -q 'rx_queue_1_page_stale' "$tmp/b/ice-backport-bundle/ethtool/eth0.S.txt" || fail "ethtool -S is missing"
# The bundle's two samples are the third and the fourth run of ethtool -S
# (ring 0: 1020, then 1030 pages): two reads, the later one last.
grep -q 'rx_queue_0_page_alloc: 1020$' "$tmp/b/ice-backport-bundle/ethtool/eth0.S.txt" || fail "ethtool -S is not the third sample"
grep -q 'rx_queue_0_page_alloc: 1030$' "$tmp/b/ice-backport-bundle/ethtool/eth0.S-later.txt" || fail "ethtool -S later is not the fourth sample"
grep -q 'PFMemallocDrop' "$tmp/b/ice-backport-bundle/memory/netstat.txt" || fail "/proc/net/netstat is missing"
grep -q 'VERSION_ID="13"' "$tmp/b/ice-backport-bundle/os-release.txt" || fail "os-release (a link within the root) is missing"
grep -q '/var/log/ice-backport/key.log: a symbolic link, not followed' "$tmp/b/ice-backport-bundle/SKIPPED" ||
	fail "a log that is a link is not named in SKIPPED"
echo "ok: $(wc -l <"$tmp/b.list") files as listed, no secret, kernel log holds only ice lines"

echo "-- a root read without --live runs none of this machine's commands"
bundle r
grep -q . "$tmp/r/ice-backport-bundle/kernel-log-ice.txt" && fail "a root read put this machine's kernel log in the bundle"
for f in ethtool/eth0.S.txt devlink/$fx_bdf.txt dkms-status.txt; do
	grep -q "not run: a --root read runs no command of this machine" "$tmp/r/ice-backport-bundle/$f" ||
		fail "$f of a root read does not say that it was not run"
	grep -q 'rx_queue\|fw.app\|PATH=' "$tmp/r/ice-backport-bundle/$f" && fail "$f of a root read holds this machine's output"
done
jr=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print([f["message"] for f in d["findings"] if f["check"] == "root"])' "$tmp/r/ice-backport-bundle/doctor.json")
case $jr in *"not read"*) ;; *) fail "the doctor of a root read does not say what it did not read: $jr" ;; esac
echo "ok: a root read ran no command of this machine, and says so"

echo "-- control: a secret in a collected file (the DKMS build log) is found"
echo "$secret" >>"$fx/var/lib/dkms/ice-backport/$fx_version/build/make.log"
bundle c --live
if no_secret "$tmp/c"; then fail "the search does not find a secret that is in the bundle"; fi
sed -i "/$secret/d" "$fx/var/lib/dkms/ice-backport/$fx_version/build/make.log"
echo "-- control: a command that prints the key is seen"
sed "1a cat '$fx/var/lib/dkms/mok.key'" "$fb/dkms" >"$tmp/dkms" && cat "$tmp/dkms" >"$fb/dkms"
bundle d --live
if no_secret "$tmp/d"; then fail "the search does not find a key that a command printed"; fi
grep -q 'PRIVATE KEY' "$tmp/d/ice-backport-bundle/dkms-status.txt" || fail "the key printed by dkms is not where it was printed"
echo "-- control: a bundle without ethtool -S fails the list check"
grep -v 'eth0.S.txt' "$tmp/b.list" >"$tmp/short.list"
if list_ok "$tmp/short.list" >/dev/null; then fail "the list check misses a file"; fi
echo "ok: the three controls caught"

echo "-- the default name: ice-backport-bundle-<host>-<time>.tar.gz, the host as hostname says it"
printf '#!/bin/sh\necho "web 01"\n' >"$fb/hostname"
chmod +x "$fb/hostname"
mkdir -p "$tmp/here"
(cd "$tmp/here" && PATH=$fb:$PATH ICE_BP_SAMPLE_SECS=0 ICE_BP_ROOT=$fx "$top/tools/ice-backport" support-bundle) >/dev/null 2>&1 ||
	fail "support-bundle without -o failed"
name=$(ls "$tmp/here")
printf '%s\n' "$name" | grep -qx 'ice-backport-bundle-web_01-[0-9]\{8\}T[0-9]\{6\}Z\.tar\.gz' ||
	fail "the default name is '$name', want ice-backport-bundle-web_01-<YYYYmmddTHHMMSSZ>.tar.gz (no '_' for hostname's newline)"
echo "ok: default name $name"
