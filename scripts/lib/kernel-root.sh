# shellcheck shell=sh
# Running kernel builds inside a Debian build root (scripts/kbuild/build-root),
# shared by scripts/kbuild/custom-kernel and scripts/kbuild/vendor-kernel.
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
