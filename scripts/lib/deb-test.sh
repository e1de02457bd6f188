# shellcheck shell=sh
# top, tmp and fail come from tests/lib.sh, version from the case; root is
# for the case to use.
# shellcheck disable=SC2154,SC2034
# Helpers for the package tests (tests/cases 33, 34, 37, 38, 46, 47, 52),
# sourced after tests/lib.sh: a scratch copy of a cached Debian root
# (scripts/kbuild/scratch-root) that is dropped on any exit, the set-up
# of the package in it, and the checks those tests share.

# package_test: a package test's start: it needs root (mount, chroot), or
# it is skipped; sets version (VERSION).
package_test() {
	[ "$(id -u)" = 0 ] || skip "needs root (mount, chroot)"
	version=$(cat "$top/VERSION")
}

# deb_package_root RELEASE [HEADERS_PKG...]: this tree's .deb
# (scripts/package/build-deb; sets $deb) and the scratch root (deb_root)
# with the .deb in its /tmp (sets $deb1, its path there).
deb_package_root() {
	deb=$(this_package deb) || fail "could not build the .deb"
	deb_root "$@"
	cp "$deb" "$root/tmp/"
	deb1=/tmp/$(basename "$deb")
}

# root_dkms LOG [APT_OPTION...]: Debian's dkms installed in the root by
# apt (apt_root LOG), with openssl (DKMS makes its signing key with it);
# its version shown.
root_dkms() {
	apt_root "$@" install dkms openssl || fail "apt could not install dkms in the root"
	in_root dkms --version
}

# initrd_standins CARRIES: stand-ins for dracut and lsinitrd in the root
# (a Debian root has initramfs-tools), for the .rpm's scriptlets.  The
# "initramfs" of kernel K is the file /tmp/initrd/K, the list of the ice
# modules it carries (the test writes the first ones); lsinitrd --kver K
# prints it; dracut -f --kver K appends K to /tmp/initrd/dracut.log and
# makes it again: the output of CARRIES, a command of the root's shell
# with K as $1.
initrd_standins() {
	mkdir -p "$root/tmp/initrd"
	printf '%s\n' "$1" >"$root/tmp/initrd-carries"
	cat >"$root/usr/sbin/lsinitrd" <<'STUB'
#!/bin/sh
[ "$1" = --kver ] && cat "/tmp/initrd/$2"
STUB
	cat >"$root/usr/sbin/dracut" <<'STUB'
#!/bin/sh
[ "$1" = -f ] && [ "$2" = --kver ] || exit 2
echo "$3" >>/tmp/initrd/dracut.log
sh /tmp/initrd-carries "$3" >"/tmp/initrd/$3"
STUB
	chmod +x "$root/usr/sbin/lsinitrd" "$root/usr/sbin/dracut"
}

# deb_root RELEASE [HEADERS_PKG...]: make the scratch root; sets $root.
# Its directory is outside $tmp, so that no `rm -rf` of $tmp can ever
# reach into the overlay or the mounts under it.
deb_root() {
	sr=$(mktemp -d "${TMPDIR:-/tmp}/ice-deb-root.XXXXXX")
	trap '"$top/scripts/kbuild/scratch-root" drop "$sr"; rm -rf "$tmp"' EXIT
	trap 'exit 130' INT
	trap 'exit 143' TERM
	release=$1
	shift
	root=$("$top/scripts/kbuild/scratch-root" new "$release" "$sr" "$@") || fail "could not make a $release scratch root"
	# The compiler cache of the root's DKMS builds (scripts/kbuild/scratch-root)
	# for what a test runs on the root from the host (rpm --root's scriptlets).
	for kv in $("$top/scripts/kbuild/scratch-root" env); do
		export "${kv?}"
	done
	# The kernels the test names and no more: the cached root carries the
	# headers of every kernel of its release in the matrix, and DKMS
	# builds for each one it supports, one build at a time.
	for h in $(in_root sh -c 'cd /usr/src && ls -d linux-headers-*-amd64'); do
		case " $* " in
		*" $h "*) ;;
		*) in_root dpkg --purge "$h" >/dev/null 2>&1 || echo "could not purge $h (one more kernel to build for)" ;;
		esac
	done
}

# in_root CMD...: run CMD in the scratch root.
in_root() {
	"$top/scripts/kbuild/scratch-root" run "$sr" "$@"
}

# rpm_root LOG ARGS...: the host's rpm on the root (package files are
# the host's paths), output in $tmp/LOG (shown); returns rpm's status.
rpm_root() {
	log=$tmp/$1
	shift
	start=$(date +%s)
	rc=0
	# The scriptlets' locale is in_root's (LC_ALL=C, no LANG), which the
	# compiler cache hashes (LANG, LC_ALL, LC_CTYPE, LC_MESSAGES): their
	# DKMS builds are then those of the .deb's tests.
	env -u LANG -u LC_CTYPE -u LC_MESSAGES LC_ALL=C rpm --root "$root" --dbpath /var/lib/rpm "$@" >"$log" 2>&1 || rc=$?
	# Debian's rpm says this on every install.
	grep -vE '^rpm: (RPM should not be used directly|However assuming)' "$log" | grep -v '^\.*$' || true
	echo ">>> rpm $* -> exit $rc, $(($(date +%s) - start)) s"
	return "$rc"
}

# apt_root LOG ARGS...: apt-get -y ARGS in the root, output in $tmp/LOG
# (shown), and say how long it took.  Returns apt-get's status.
apt_root() {
	log=$tmp/$1
	shift
	start=$(date +%s)
	rc=0
	in_root apt-get -y -q -o Dpkg::Use-Pty=0 "$@" >"$log" 2>&1 || rc=$?
	# The scratch roots of a release share one download cache, whose lock
	# another test's apt holds for as long as its dpkg run (DKMS builds:
	# minutes).  apt does not wait for it: download into this root's own
	# cache instead, rather than stall the lane.
	if [ "$rc" != 0 ] && grep -q 'Could not get lock /var/cache/apt/archives/lock' "$log"; then
		echo ">>> the shared download cache is in use: apt-get downloads into this root's own"
		in_root mkdir -p /var/cache/apt/own-archives/partial
		rc=0
		in_root apt-get -y -q -o Dpkg::Use-Pty=0 -o Dir::Cache::Archives=/var/cache/apt/own-archives/ "$@" \
			>"$log" 2>&1 || rc=$?
	fi
	# Progress lines of downloads and unpacking say nothing here.
	grep -vE '^(Get:|Selecting|Preparing|Unpacking|\(Reading)' "$log" | grep -v 'readelf: Warning' || true
	echo ">>> apt-get $* -> exit $rc, $(($(date +%s) - start)) s"
	return "$rc"
}

# expect_ours KVER: modprobe's ice for KVER is DKMS's, of our version,
# signed, and `dkms status` says installed.
expect_ours() {
	where=$(in_root modinfo -k "$1" -n ice) || fail "modinfo finds no ice for $1"
	echo "modinfo -k $1 -n ice: $where"
	case $where in
	/lib/modules/"$1"/updates/dkms/ice.ko*) ;;
	*) fail "ice for $1 is not DKMS's (updates/dkms): $where" ;;
	esac
	v=$(in_root modinfo -k "$1" -F version ice)
	[ "$v" = "$version" ] || fail "ice for $1 reports version '$v', not $version"
	signer=$(in_root modinfo -k "$1" -F signer ice)
	tier=$(in_root modinfo -k "$1" -F backport_tier ice)
	echo "version $v, tier $tier, signer: $signer"
	[ "$tier" = "$(kernels tier-of "$1")" ] || fail "modinfo of $1's ice says tier '$tier', the policy $(kernels tier-of "$1")"
	[ -n "$signer" ] || fail "the module DKMS installed for $1 carries no signature"
	# (dkms 3.0.10's status has readelf complain about the kernel on stderr)
	in_root dkms status -m ice-backport -k "$1" 2>/dev/null | grep -q ": installed" ||
		fail "dkms status does not show ice-backport installed for $1"
}

# expect_intree KVER: modprobe's ice for KVER is the kernel's own again,
# or there is none when the kernel has no ice of its own (the cloud
# flavour builds none).
expect_intree() {
	own=$(in_root find "/lib/modules/$1/kernel" -name 'ice.ko*')
	if [ -z "$own" ]; then
		in_root modinfo -k "$1" -n ice 2>/dev/null && fail "an ice is left for $1, which has none of its own"
		echo "modinfo -k $1 -n ice: none (the kernel has no ice of its own)"
		return 0
	fi
	where=$(in_root modinfo -k "$1" -n ice) || fail "modinfo finds no ice for $1"
	echo "modinfo -k $1 -n ice: $where"
	[ "$where" = "$own" ] || fail "ice for $1 is not the kernel's own ($own): $where"
}

# expect_clean: nothing of the package is left after purge.
expect_clean() {
	in_root sh -c 'ls -d /usr/src/ice-backport* /var/lib/dkms/ice-backport* /lib/modules/*/updates/dkms/ice.ko* \
		/var/lib/ice-backport /var/log/ice-backport 2>/dev/null' && fail "purge left files behind"
	# shellcheck disable=SC2016 # dpkg-query's format, not ours
	in_root dpkg-query -W -f='${Status}\n' ice-backport-dkms 2>/dev/null | grep -q installed &&
		fail "ice-backport-dkms is still installed"
	echo "purged: nothing under /usr/src, /var/lib/dkms, updates/dkms, /var/lib/ice-backport or /var/log/ice-backport"
}

# relabel_headers_cmds FROM RELEASE TREE: the shell commands that make
# TREE a copy of FROM's headers (installed in the root) whose release
# strings (kernel.release, the vermagic's utsrelease.h) say RELEASE: the
# headers of a kernel Debian did not build, for the package tests.
relabel_headers_cmds() {
	printf 'cp -a /usr/src/linux-headers-%s %s &&\n' "$1" "$3"
	printf 'echo %s >%s/include/config/kernel.release &&\n' "$2" "$3"
	printf "sed -i 's/%s/%s/' %s/include/generated/utsrelease.h\n" "$1" "$2" "$3"
}

# relabelled_kernel FROM RELEASE: the headers of a kernel RELEASE in the
# root, as a headers package leaves them (/lib/modules/RELEASE/build), and
# its image's config, from which dkms tells how to compress the module: a
# copy of FROM's (installed there) whose release strings say RELEASE.  Its
# module compiles to FROM's objects, which the compiler cache of the
# root's DKMS builds (scripts/kbuild/scratch-root) gives back: a second
# kernel to build for at the cost of a link, for the tests whose property
# is what DKMS and the package do with several kernels, not a flavour's
# compile (the real flavours are the kernel matrix's).
relabelled_kernel() {
	in_root sh -c "$(relabel_headers_cmds "$1" "$2" "/usr/src/linux-headers-$2") &&
		mkdir -p /lib/modules/$2 && ln -sfn /usr/src/linux-headers-$2 /lib/modules/$2/build &&
		if [ -f /boot/config-$1 ]; then cp /boot/config-$1 /boot/config-$2; fi" ||
		fail "could not make the headers of $2 from those of $1"
	echo "$2: a copy of the headers of $1 (relabelled)"
}

# fake_headers_deb RELEASE FROM [broken]: build, in $tmp, the headers
# package of a kernel Debian did not build, and print its path inside the
# root (/tmp).  Its tree is a copy of FROM's headers (installed in the
# root) whose release strings say RELEASE, made by its postinst, which
# then runs the kernel's header hooks exactly as Debian's headers packages
# do (linux-run-hooks on Debian 12 backports and 13, run-parts before).
# With `broken`, the tree's Makefile stops every build: headers broken on
# purpose, a build that really fails.
fake_headers_deb() {
	fr=$1 from=$2 brk=${3:-}
	fd=$tmp/fake-$fr
	mkdir -p "$fd/DEBIAN"
	printf 'Package: linux-headers-%s\nVersion: 1\nArchitecture: amd64\nMaintainer: ice-backport tests <t@ice-backport.invalid>\nDescription: headers of %s (a copy of %s, made by the ice-backport tests)\n' \
		"$fr" "$fr" "$from" >"$fd/DEBIAN/control"
	cat >"$fd/DEBIAN/postinst" <<-POSTINST
		#!/bin/sh -e
		version=$fr
		[ "\$1" = configure ] || exit 0
		t=/usr/src/linux-headers-\$version
		rm -rf "\$t"
		$(relabel_headers_cmds "$from" "$fr" "/usr/src/linux-headers-$fr")
		[ -z "$brk" ] || printf '\\n\$(error headers broken on purpose by the ice-backport tests)\\n' >>"\$t/Makefile"
		mkdir -p "/lib/modules/\$version"
		ln -sfn "\$t" "/lib/modules/\$version/build"
		if command -v linux-run-hooks >/dev/null; then
			linux-run-hooks headers postinst "\$version" -- "\$@"
		elif [ -d /etc/kernel/header_postinst.d ]; then
			DEB_MAINT_PARAMS="\$*" run-parts --report --exit-on-error --arg="\$version" /etc/kernel/header_postinst.d
		fi
	POSTINST
	chmod 0755 "$fd/DEBIAN/postinst"
	dpkg-deb --root-owner-group -b "$fd" "$root/tmp/linux-headers-$fr.deb" >/dev/null
	echo "/tmp/linux-headers-$fr.deb"
}

# expect_skipped_outside: the headers of a kernel outside the policy
# (newer than the newest verified line) install with apt exiting 0, a
# message says why it is skipped, and no module is installed for it.
expect_skipped_outside() {
	oh=$(in_root sh -c 'cd /usr/src && ls -d linux-headers-*-amd64' | head -n 1)
	ok=${oh#linux-headers-}
	or=9.9.0-icebp-outside
	[ "$(kernels tier-of "$or")" = outside ] || fail "$or is not outside the kernel policy"
	apt_root outside.log install "$(fake_headers_deb "$or" "$ok")" || fail "apt failed on the headers of outside kernel $or"
	grep -q "kernel $or is outside (its series 9.9 is newer than the newest verified line" "$tmp/outside.log" ||
		fail "no message saying $or is skipped, and why"
	in_root sh -c "ls /lib/modules/$or/updates/dkms/ice.ko* 2>/dev/null" && fail "a module was installed for $or"
	echo "outside kernel $or: skipped with a message, apt exit 0"
}

# expect_failed_build KVER: a build that fails on an in-range kernel whose
# headers are broken: apt exits 0, a warning names the kernel, its log and
# the retry command, the kernel keeps its own ice, `dkms autoinstall` for
# it exits 0, and the doctor says it failed (exit 1, with the log).
expect_failed_build() {
	fk=$1
	br=6.13.99-icebp-broken
	[ "$(kernels tier-of "$br")" = in-range ] || fail "$br is not in-range"
	apt_root broken.log install "$(fake_headers_deb "$br" "$fk" broken)" ||
		fail "apt failed on the headers of $br, whose build fails: one kernel must never fail the transaction"
	grep -q "warning: $br: the build of ice-backport .* failed; $br keeps its own ice driver. Log: /var/log/ice-backport/$br.log; retry: ice-backport autoinstall $br" \
		"$tmp/broken.log" || fail "no warning with the kernel, its log and the retry command"
	in_root grep -q 'headers broken on purpose' "/var/log/ice-backport/$br.log" || fail "the log does not show the build's error"
	in_root sh -c "ls /lib/modules/$br/updates/dkms/ice.ko* 2>/dev/null" && fail "a module was installed for $br"
	in_root dkms autoinstall -k "$br" >"$tmp/autoinstall.log" 2>&1 || { cat "$tmp/autoinstall.log"; fail "dkms autoinstall -k $br failed"; }
	echo "dkms autoinstall -k $br: exit 0"
	rc=0
	in_root ice-backport doctor --json >"$tmp/doctor.json" 2>&1 || rc=$?
	python3 - "$tmp/doctor.json" "$br" <<-'PY' || fail "the doctor does not report the failed build of $br (exit $rc): $(cat "$tmp/doctor.json")"
		import json, sys
		d = json.load(open(sys.argv[1]))
		k = [k for k in d["dkms"]["kernels"] if k["kernel"] == sys.argv[2]]
		assert k and k[0]["state"] == "failed" and k[0]["log"] == "/var/log/ice-backport/%s.log" % sys.argv[2], k
		assert d["exit"] == 1
	PY
	[ "$rc" = 1 ] || fail "the doctor exits $rc, not 1"
	echo "doctor: $br failed, log /var/log/ice-backport/$br.log, exit 1"
}

# no_deprecation LOG: dkms warned about no directive of our dkms.conf.
no_deprecation() {
	if grep -i 'deprecated' "$tmp/$1"; then
		fail "dkms reports a deprecated feature"
	fi
}
