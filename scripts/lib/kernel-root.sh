# shellcheck shell=sh
# Running kernel builds inside a Debian build root (scripts/kbuild/build-root),
# shared by scripts/kbuild/custom-kernel and scripts/kbuild/vendor-kernel;
# prepare_tree, the one way either fills, configures and prepares a tree.
# Sourced after common.sh, never run.
#
# A tree and the modules built against it must come from the same
# compiler, so kernels are configured and built by chroot in the root of
# the Debian release whose compiler they want.  The cache directory that
# holds the trees is bind-mounted at the same path inside the root, so a
# path means the same thing inside and out (kbuild writes absolute paths).
#
# The caller keeps one variable, kroot_mounts, and calls kroot_cleanup
# from its EXIT trap: each run unmounts only what it mounted itself (a
# second run may be using the same root).

kroot_mounts=

# kroot_enter ROOT DIR: DIR (a cache directory) at the same path inside
# ROOT, and /proc there; once a run.
kroot_enter() {
	[ -z "$kroot_mounts" ] || return 0
	mkdir -p "$1$2"
	mount --bind "$2" "$1$2"
	mount -t proc proc "$1/proc"
	kroot_mounts="$1/proc $1$2"
}

# kroot_run ROOT DIR CMD...: run CMD in DIR inside ROOT, with a clean
# environment (the host's variables must not reach kbuild).
kroot_run() {
	kr_root=$1 kr_dir=$2
	shift 2
	# shellcheck disable=SC2016 # expanded by the inner sh
	chroot "$kr_root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LC_ALL=C \
		sh -c 'cd "$1" && shift && exec "$@"' sh "$kr_dir" "$@"
}

# kroot_cleanup: undo kroot_enter's mounts (from an EXIT trap).
kroot_cleanup() {
	for kr_m in $kroot_mounts; do
		umount "$kr_m" 2>/dev/null || umount -l "$kr_m" 2>/dev/null || true
	done
	kroot_mounts=
}

# kroot_cpu_s: the seconds of a "user system" pair as `times` prints it
# ("0m3.05s 0m0.60s"), on stdin, summed (as scripts/kbuild/build-module
# does): the CPU time of a build, which the load of a shared machine
# changes little, unlike its wall time.
kroot_cpu_s() {
	tr 'ms' '  ' | awk 'NF == 4 { printf "%.1f", $1 * 60 + $2 + $3 * 60 + $4 }'
}

# kroot_progress LABEL DIR LOG SECONDS: in the background, every SECONDS,
# say how far a long kernel build in DIR has come (objects made, the last
# line of LOG).  The caller takes the monitor's pid from $! for
# kroot_progress_stop.
kroot_progress() {
	# It ends with its caller ($$ is the caller's pid here too): killed,
	# the caller never stops it, and an orphan would hold the caller's
	# lock descriptors for good.
	(
		kp_start=$(date +%s)
		while sleep "$4" && kill -0 $$ 2>/dev/null; do
			kp_n=$(find "$2" -name '*.o' 2>/dev/null | wc -l)
			msg "$1 $(($(date +%s) - kp_start))s: $kp_n objects so far; last: $(tail -n 1 "$3" 2>/dev/null | cut -c1-100)"
		done
	) >&2 &
}

# kroot_progress_stop PID: end the monitor kroot_progress started.
kroot_progress_stop() {
	kill "$1" 2>/dev/null || true
	wait "$1" 2>/dev/null || true
}

# kroot_cpu_mark FILE: the CPU time of this shell's children so far, into
# FILE.  `times` must run in this shell (a subshell's children are its own).
kroot_cpu_mark() {
	times >"$1"
}

# kroot_cpu_since FILE: set kroot_cpu to the CPU seconds this shell's
# children took since kroot_cpu_mark FILE (FILE goes).
kroot_cpu_since() {
	times >"$1.after"
	kroot_cpu=$(awk -v a="$(tail -n 1 "$1.after" | kroot_cpu_s)" -v b="$(tail -n 1 "$1" | kroot_cpu_s)" \
		'BEGIN { printf "%.0f", a - b }')
	rm -f "$1" "$1.after"
}

# prepare_tree LABEL ROOT TREE FAILED FILL CONFIGURE LEVEL [MAKEVAR...]: the
# one way a kernel source tree is made ready here (vendor-kernel's devel
# trees and images, custom-kernel's trees).  FILL TREE puts the source
# into the empty directory TREE, with the release it must say; CONFIGURE
# TREE writes TREE/.config and runs Kconfig in ROOT (its output in
# TREE/.icebp-config.log).  LEVEL prepared then runs `make modules_prepare`
# (configuration, generated headers, kbuild's helpers: what external
# modules and the compat probes need), its log TREE/.icebp-build.log,
# copied to FAILED when it fails (TREE is a temporary directory, removed
# on exit); LEVEL configured stops before it (a full build is the
# caller's).  MAKEVARs go to modules_prepare (vendor-kernel's LOCALVERSION=).
# The caller has entered ROOT (kroot_enter) over the directory that holds
# TREE.  Sets prepare_conf_s (FILL and CONFIGURE), prepare_s and
# prepare_cpu_s (modules_prepare's wall and CPU seconds; 0 when
# configured).
prepare_tree() {
	pt_label=$1 pt_root=$2 pt_tree=$3 pt_failed=$4 pt_fill=$5 pt_configure=$6 pt_level=$7
	shift 7
	pt_start=$(date +%s)
	mkdir -p "$pt_tree"
	"$pt_fill" "$pt_tree"
	"$pt_configure" "$pt_tree"
	# shellcheck disable=SC2034 # the caller's
	prepare_conf_s=$(($(date +%s) - pt_start))
	# shellcheck disable=SC2034 # the caller's
	prepare_s=0 prepare_cpu_s=0
	[ "$pt_level" = prepared ] || return 0
	pt_start=$(date +%s)
	kroot_cpu_mark "$pt_tree/.icebp-cpu"
	msg "[$pt_label] make modules_prepare (-j$(nproc); a minute or two), log $pt_tree/.icebp-build.log"
	kroot_run "$pt_root" "$pt_tree" make -j"$(nproc)" modules_prepare "$@" >"$pt_tree/.icebp-build.log" 2>&1 || {
		cp "$pt_tree/.icebp-build.log" "$pt_failed"
		grep -m 10 -E 'error:|Error [0-9]' "$pt_tree/.icebp-build.log" >&2 || tail -n 20 "$pt_tree/.icebp-build.log" >&2
		die "make modules_prepare failed for $pt_label" "read $pt_failed"
	}
	# shellcheck disable=SC2034 # the caller's
	prepare_s=$(($(date +%s) - pt_start))
	kroot_cpu_since "$pt_tree/.icebp-cpu"
	# shellcheck disable=SC2034 # the caller's
	prepare_cpu_s=$kroot_cpu
}
