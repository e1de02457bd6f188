# shellcheck shell=sh
# top, tmp and fail come from tests/lib.sh, version from the case; root is
# for the case to use.
# shellcheck disable=SC2154,SC2034
# Helpers for the package tests (tests/cases/3x-deb-*.sh), sourced after
# tests/lib.sh: a scratch copy of a cached Debian root (scripts/scratch-root)
# that is dropped on any exit, and the checks those tests share.

# deb_root RELEASE [HEADERS_PKG...]: make the scratch root; sets $root.
# Its directory is outside $tmp, so that no `rm -rf` of $tmp can ever
# reach into the overlay or the mounts under it.
deb_root() {
	sr=$(mktemp -d "${TMPDIR:-/tmp}/ice-deb-root.XXXXXX")
	trap '"$top/scripts/scratch-root" drop "$sr"; rm -rf "$tmp"' EXIT
	trap 'exit 130' INT
	trap 'exit 143' TERM
	release=$1
	shift
	root=$("$top/scripts/scratch-root" new "$release" "$sr" "$@") || fail "could not make a $release scratch root"
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
	"$top/scripts/scratch-root" run "$sr" "$@"
}

# apt_root LOG ARGS...: apt-get -y ARGS in the root, output in $tmp/LOG
# (shown), and say how long it took.  Returns apt-get's status.
apt_root() {
	log=$tmp/$1
	shift
	start=$(date +%s)
	rc=0
	in_root apt-get -y -q -o Dpkg::Use-Pty=0 "$@" >"$log" 2>&1 || rc=$?
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
	echo "version $v, signer: $signer"
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
	in_root sh -c 'ls -d /usr/src/ice-backport* /var/lib/dkms/ice-backport* /lib/modules/*/updates/dkms/ice.ko* 2>/dev/null' &&
		fail "purge left files behind"
	# shellcheck disable=SC2016 # dpkg-query's format, not ours
	in_root dpkg-query -W -f='${Status}\n' ice-backport-dkms 2>/dev/null | grep -q installed &&
		fail "ice-backport-dkms is still installed"
	echo "purged: nothing under /usr/src, /var/lib/dkms or updates/dkms"
}

# unsupported_kernel RELEASE: "id headers_pkg" of a kernel the package
# must skip in a RELEASE root: a kernel of kernels.list built in such a
# root that is not `supported`, else the newest linux-headers-*-amd64
# package of the root's apt sources that kernels.list does not have (once
# every listed kernel of RELEASE is supported, a flavour or ABI we do not
# list stands in).
unsupported_kernel() {
	awk -v r="$1" '!/^#/ && NF && $5 == r && $6 != "supported" { print $1, $3; exit }' "$top/kernels.list" |
		grep . && return 0
	in_root apt-cache search --names-only '^linux-headers-[0-9].*-amd64$' | cut -d ' ' -f 1 |
		sed 's/^linux-headers-//' | sort -V -r | while read -r id; do
			awk -v k="$id" '!/^#/ && $1 == k { found = 1 } END { exit !found }' "$top/kernels.list" ||
				{ echo "$id linux-headers-$id"; break; }
		done
}

# expect_unsupported_skipped RELEASE: installing the headers of a kernel
# the package does not support succeeds, says the kernel is skipped and
# installs no module for it.
expect_unsupported_skipped() {
	# shellcheck disable=SC2046 # two words: id and headers package
	set -- $(unsupported_kernel "$1")
	[ $# -eq 2 ] || fail "found no unsupported kernel to install in the root"
	echo "unsupported kernel: $1 ($2)"
	# shellcheck disable=SC2016 # dpkg-query's format, not ours
	if in_root dpkg-query -W -f='${Status}' "$2" 2>/dev/null | grep -q 'ok installed'; then
		apt_root unsupported.log install --reinstall "$2" || fail "apt failed on the headers of unsupported $1"
	else
		apt_root unsupported.log install "$2" || fail "apt failed on the headers of unsupported $1"
	fi
	grep -q "kernel $1 is not one this release supports" "$tmp/unsupported.log" ||
		fail "no message saying $1 is skipped"
	in_root sh -c "ls /lib/modules/$1/updates/dkms/ice.ko* 2>/dev/null" && fail "a module was installed for $1"
	return 0
}

# no_deprecation LOG: dkms warned about no directive of our dkms.conf.
no_deprecation() {
	if grep -i 'deprecated' "$tmp/$1"; then
		fail "dkms reports a deprecated feature"
	fi
}
