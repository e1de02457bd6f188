# shellcheck shell=sh
# Helpers shared by every ice-backport script: messages, the cache
# location, and hashing.  Sourced, never run.

ICE_BP_TOPDIR=${ICE_BP_TOPDIR:-$(CDPATH="" cd -- "$(dirname -- "$0")/../.." && pwd)}

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

# times_cpu: the CPU seconds (user and system) of the last line of what
# `times` printed, on stdin ("0m3.05s 0m0.60s": the shell's finished
# children); nothing for no input.  `times` must run in the shell whose
# children it counts (a $(...) is a new process, its children's times 0).
times_cpu() {
	tail -n 1 | tr 'ms' '  ' | awk 'NF == 4 { printf "%.1f", $1 * 60 + $2 + $3 * 60 + $4 }'
}

# err CAUSE [FIX]: say what failed and what to do about it, and go on.
err() {
	printf '%s: error: %s\n' "$prog" "$1" >&2
	[ $# -lt 2 ] || printf '%s:   fix: %s\n' "$prog" "$2" >&2
}

# die CAUSE [FIX]: err, then stop.
die() {
	err "$@"
	exit 1
}

sha256_of() {
	sha256sum "$1" | cut -d' ' -f1
}

# cache_put SRC DEST: SRC (a file, or - for standard input) becomes DEST,
# a file of the shared download cache, whole or not at all: written to a
# name of its own beside DEST, then renamed.  Two imports at once (two
# `make` on a fresh machine) each write their own file; a reader of DEST
# never sees half of one (a fixed temporary name made one import fail with
# a checksum mismatch, the other with "mv: cannot stat").
cache_put() {
	cp_tmp=$(mktemp "$(dirname -- "$2")/.$(basename -- "$2").XXXXXX") ||
		die "cannot write into $(dirname -- "$2")" "free space there, or set ICE_BP_CACHE to a writable directory"
	if [ "$1" = - ]; then
		cat >"$cp_tmp" || { rm -f "$cp_tmp"; return 1; }
	else
		cp -- "$1" "$cp_tmp" || { rm -f "$cp_tmp"; return 1; }
	fi
	chmod 0644 "$cp_tmp"
	mv -f -- "$cp_tmp" "$2"
}

# clone_dir: this clone's directory inside a Debian build root (or on the
# host), /build/ice-backport/<checksum of the clone's path>: clones of the
# project that share a cached root keep their build trees apart.
clone_dir() {
	printf '/build/ice-backport/%s\n' "$(printf '%s' "$ICE_BP_TOPDIR" | cksum | cut -d ' ' -f 1)"
}

# lock_get KEY: the first value of KEY in upstream.lock.
lock_get() {
	awk -v k="$1" '$1 == k { print $2; exit }' "$ICE_BP_TOPDIR/upstream.lock"
}

# lock_all KEY: every value of KEY in upstream.lock, one a line.
lock_all() {
	awk -v k="$1" '$1 == k { print $2 }' "$ICE_BP_TOPDIR/upstream.lock"
}

# pinned_base: the upstream base of the pin (upstream.lock's version
# 6.12.118-1 -> 6.12.118), the release whose kernels are the pinned
# upstream's kernels.
pinned_base() {
	pb_v=$(lock_get version)
	printf '%s\n' "${pb_v%%-*}"
}

# pinned_kernel: the first kernel of kernels.list's test sample that runs
# in full and is of the pinned upstream's release: the kernel the
# pinned-kernel checks, the bench, the fuzz and the package tests run on.
# The sample must hold one: without it those checks would have no kernel,
# so this stops, never prints nothing.
pinned_kernel() {
	pk_base=$(pinned_base)
	pk_id=$(kernels sample full | awk -v v="$pk_base+" 'index($1, v) == 1 { print $1; exit }')
	[ -n "$pk_id" ] || die "kernels.list's test sample has no kernel run in full of the pinned upstream $pk_base (upstream.lock's version)" \
		"put the pinned release's kernels in the sample (kernel $pk_base+deb13-amd64 ...): scripts/import/move-pin does it when it moves the pin"
	printf '%s\n' "$pk_id"
}

# tree_hash DIR: one sha256 over the names and contents of every file
# under DIR, independent of time stamps and of the order of the walk.
tree_hash() {
	(cd "$1" && find . -type f -print0 | LC_ALL=C sort -z |
		xargs -0 sha256sum) | sha256sum | cut -d' ' -f1
}

# fresh_work_dir DIR: DIR emptied for a build script's scratch files.  It
# must be new, or a directory an earlier run of ours made (it holds the
# marker .ice-backport-work): OUTDIR/work given by hand may be anything,
# and rm -rf of whatever is there (a link to /, someone's files) is not
# for a build script to do.
fresh_work_dir() {
	if [ -L "$1" ]; then
		die "$1 is a symbolic link; it is not removed" "give another output directory, or remove $1 yourself"
	elif [ -e "$1" ] && [ ! -f "$1/.ice-backport-work" ]; then
		die "$1 exists and was not made by $prog: it is not removed" "give another output directory, or remove $1 yourself"
	fi
	rm -rf "$1"
	mkdir -p "$1"
	: >"$1/.ice-backport-work"
}

# tree_check DIR: DIR (src/ or a control's import) is the tree its
# PROVENANCE describes: the files import-upstream hashed (all but
# PROVENANCE, the generated header, our Kbuild and Makefile, and the
# markers build scripts keep at the top, such as build-module's .from)
# hash to its tree_sha256.  A tree cut short or edited by hand stops the build and the
# packaging, which would otherwise take it for the import.
tree_check() {
	tc_want=$(sed -n 's/^tree_sha256 //p' "$1/PROVENANCE" 2>/dev/null)
	[ -n "$tc_want" ] || die "$1/PROVENANCE is missing or records no tree_sha256" "run: make import"
	tc_got=$( (cd "$1" && find . -type f ! -path ./PROVENANCE ! -path ./ice_backport_provenance.h \
		! -path ./Kbuild ! -path ./Makefile ! -path './.*' -print0 | LC_ALL=C sort -z |
		xargs -0 sha256sum) | sha256sum | cut -d' ' -f1)
	[ "$tc_got" = "$tc_want" ] || die "$1 is not the tree its PROVENANCE describes (tree_sha256 $tc_want, the files hash to $tc_got): a partial or edited import" \
		"run: make import"
	grep -q "ICE_BACKPORT_TREE_SHA256 \"$tc_want\"" "$1/ice_backport_provenance.h" 2>/dev/null ||
		die "$1/ice_backport_provenance.h is not the one of its PROVENANCE (tree_sha256 $tc_want)" "run: make import"
}

# provenance_current DIR: DIR's PROVENANCE is the release import of what
# this clone pins now: VERSION, upstream.lock's package, version, suites
# and sums, and every patch of patches/series in order with its sha256.
# src/ is not in git, and make re-imports only when an input is newer
# than src/PROVENANCE: a checkout of another commit, or a patch edited and
# then restored, leaves an older import that tree_check alone accepts (it
# is whole, just not this commit's), and a package or a release record
# would be made of it.
provenance_current() {
	pc_want=$(
		printf 'ice-backport %s\n' "$(cat "$ICE_BP_TOPDIR/VERSION")"
		printf 'variant release\n'
		printf 'upstream %s %s (Debian %s)\n' "$(lock_get package)" "$(lock_get version)" "$(lock_get suite)"
		for k in deb_sha256 tar_sha256 copy_sha256; do
			printf '%s %s\n' "$k" "$(lock_get "$k")"
		done
		grep -v '^[[:space:]]*\(#\|$\)' "$ICE_BP_TOPDIR/patches/series" | while read -r p; do
			printf 'patch %s %s\n' "${p##*/}" \
				"$(sha256_of "$ICE_BP_TOPDIR/patches/$p" 2>/dev/null || echo missing)"
		done
	)
	pc_got=$(grep -v '^tree_sha256 ' "$1/PROVENANCE" 2>/dev/null) ||
		die "$1 holds no import (no PROVENANCE)" "run: make import"
	[ "$pc_got" = "$pc_want" ] && return 0
	pc_f=$(mktemp "${TMPDIR:-/tmp}/provenance.XXXXXX")
	printf '%s\n' "$pc_want" >"$pc_f"
	printf '%s\n' "$pc_got" | diff -U0 - "$pc_f" | sed -n 's/^\([-+][^-+]\)/  \1/p' >&2 || true
	rm -f "$pc_f"
	die "$1 is not the import of this tree's pin and patches (- what its PROVENANCE records, + what VERSION, upstream.lock and patches/series give now)" \
		"run: make import"
}

# kernel_version ID: the kernel version of a kernels.list id, without its
# flavour (6.12.117+deb13-rt-amd64 -> 6.12.117+deb13).
kernel_version() {
	printf '%s\n' "$1" | sed -E 's/-(rt-|cloud-)?amd64$//'
}

# kernels ARGS...: the one reader of kernels.list (tools/lib/kernels).
kernels() {
	"$ICE_BP_TOPDIR/tools/lib/kernels" "$@"
}

# kernel_entry RELEASE: set k_line, k_suite, k_headers, k_image, k_root of
# a release of a verified line of kernels.list (any point release and
# flavour, in the sample or not), and k_cases (full, build; empty when it
# is not in the test sample), or stop.
kernel_entry() {
	# shellcheck disable=SC2034 # read by the scripts that call this
	k_line=$(kernels get "$1" line) || die "kernel '$1' is in no verified line of kernels.list" \
		"use a release of a verified line: $(kernels sample | tr '\n' ' ')"
	# shellcheck disable=SC2034 # read by the scripts that call this
	k_suite=$(kernels get "$1" suites) k_root=$(kernels get "$1" root) \
		k_headers=linux-headers-$1 k_image=linux-image-$1 \
		k_cases=$(kernels get "$1" cases 2>/dev/null || true)
}

# apt_wait: apt-get's option to wait for the host's dpkg lock (another
# case or build installing on the host: tests/run runs two lanes) instead
# of failing at once ("Could not get lock /var/lib/dpkg/lock-frontend").
# shellcheck disable=SC2034 # used by the scripts that source this file
apt_wait='-o DPkg::Lock::Timeout=900'

# The command line.  Every script's usage is its header, the first
# comment block of the file: a `# NAME ARGS` paragraph (the synopsis),
# then what it does.  Each script runs cli_help on its own arguments
# before anything else, refuses in its option loop any option it does not
# know (cli_unknown), and passes its names (DEST, OUTDIR, a kernel...) to
# cli_names: an option mistyped, or --help given to a script that once
# took it for its output directory and removed it, stops the script
# before it acts.

# cli_usage: the running script's header, "usage: " before its synopsis.
cli_usage() {
	awk 'NR == 1 { next }
		!/^#/ { exit }
		{ sub(/^# ?/, "") }
		/^$/ { body = 1 }
		!body { $0 = (NR == 2 ? "usage: " : "       ") $0 }
		{ print }' "$0"
}

# cli_synopsis: the synopsis of the usage on one line.
cli_synopsis() {
	awk 'NR == 1 { next }
		!/^#/ { exit }
		{ sub(/^# ?/, "") }
		/^$/ { exit }
		{ $1 = $1; printf "%s%s", sep, $0; sep = " " }
		END { print "" }' "$0"
}

# cli_help ARGS...: --help or -h among the script's own arguments (up to a
# --) prints its usage on standard output and exits 0, before anything
# else runs.
cli_help() {
	for ch_a in "$@"; do
		case $ch_a in
		--) return 0 ;;
		--help | -h)
			cli_usage
			exit 0
			;;
		esac
	done
}

# cli_unknown OPTION: stop on an option the script does not know.
cli_unknown() {
	die "unknown option '$1'" "usage: $(cli_synopsis) (more: $0 --help)"
}

# cli_names ARGS...: the script's positional arguments, which are names:
# none may start with '-' (a mistyped option, never a directory to write
# or remove: a path that does is given as ./-NAME).
cli_names() {
	for cn_a in "$@"; do
		case $cn_a in
		-*) die "unknown option '$cn_a'" "usage: $(cli_synopsis) (more: $0 --help; a path that starts with '-' is given as ./$cn_a)" ;;
		esac
	done
}
