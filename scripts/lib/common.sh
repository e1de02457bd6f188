# shellcheck shell=sh
# Helpers shared by every ice-backport script: messages, the cache
# location, and hashing.  Sourced, never run.

ICE_BP_TOPDIR=${ICE_BP_TOPDIR:-$(CDPATH='' cd -- "$(dirname -- "$0")/.." && pwd)}

# Downloads, apt state and build roots live outside the clone so that a
# fresh clone (CI) reuses them and `git clean` never throws them away.
if [ -z "${ICE_BP_CACHE:-}" ]; then
	if [ "$(id -u)" = 0 ]; then
		ICE_BP_CACHE=/var/cache/ice-backport
	else
		ICE_BP_CACHE=${XDG_CACHE_HOME:-$HOME/.cache}/ice-backport
	fi
fi

# shellcheck disable=SC2034 # used by the scripts that source this
prog=$(basename -- "$0")

msg() {
	printf '%s: %s\n' "$prog" "$*" >&2
}

# die CAUSE [FIX]: say what failed and what to do about it, then stop.
die() {
	printf '%s: error: %s\n' "$prog" "$1" >&2
	[ $# -lt 2 ] || printf '%s:   fix: %s\n' "$prog" "$2" >&2
	exit 1
}

sha256_of() {
	sha256sum "$1" | cut -d' ' -f1
}

# lock_get KEY: the first value of KEY in upstream.lock.
lock_get() {
	awk -v k="$1" '$1 == k { print $2; exit }' "$ICE_BP_TOPDIR/upstream.lock"
}

# lock_all KEY: every value of KEY in upstream.lock, one a line.
lock_all() {
	awk -v k="$1" '$1 == k { print $2 }' "$ICE_BP_TOPDIR/upstream.lock"
}

# tree_hash DIR: one sha256 over the names and contents of every file
# under DIR, independent of time stamps and of the order of the walk.
tree_hash() {
	(cd "$1" && find . -type f -print0 | LC_ALL=C sort -z |
		xargs -0 sha256sum) | sha256sum | cut -d' ' -f1
}

# kernel_version ID: the kernel version of a kernels.list id, without its
# flavour (6.12.117+deb13-rt-amd64 -> 6.12.117+deb13).
kernel_version() {
	printf '%s\n' "$1" | sed -E 's/-(rt-|cloud-)?amd64$//'
}

# kernel_entry ID: set k_suite, k_headers, k_image, k_root and k_state
# from the line of kernels.list whose id is ID, or stop.
kernel_entry() {
	# shellcheck disable=SC2046 # the line's columns, none with blanks
	set -- $(awk -v k="$1" '!/^#/ && $1 == k { print; exit }' "$ICE_BP_TOPDIR/kernels.list")
	[ $# -eq 6 ] || die "kernel '${1:-}' is not in kernels.list (or its line is not 6 columns)" \
		"use one of: $(awk '!/^#/ && NF { printf "%s ", $1 }' "$ICE_BP_TOPDIR/kernels.list")"
	# shellcheck disable=SC2034 # read by the scripts that call this
	k_suite=$2 k_headers=$3 k_image=$4 k_root=$5 k_state=$6
}
