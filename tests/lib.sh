# shellcheck shell=sh
# Helpers for tests/cases/*.sh.  A case is a plain sh script: it exits 0
# when its property holds, 77 when it cannot run here, 1 otherwise.

set -eu
top=${ICE_BP_TOPDIR:?run the cases through tests/run}
. "$top/scripts/lib/common.sh"

# python3: Debian's, which make deps installs with the modules the checks
# import (python3-prometheus-client), not the first of PATH: a developer's
# PATH may put a version manager's shim first, whose python lacks them and
# which costs much more than the check (pyenv's: 0.44 s a call against
# 0.04, measured on the project's machine, where 61-doctor-rpm-changelog
# makes 244 calls).
if [ -x /usr/bin/python3 ]; then
	python3() { /usr/bin/python3 "$@"; }
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ice-test.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

fail() {
	echo "FAIL: $*"
	exit 1
}

skip() {
	echo "skipped: $*"
	exit 77
}

# expect_fail LOG PATTERN CMD...: CMD must fail and say PATTERN.
expect_fail() {
	log=$1
	pattern=$2
	shift 2
	if "$@" >"$log" 2>&1; then
		cat "$log"
		fail "'$*' succeeded; it must fail with: $pattern"
	fi
	cat "$log"
	grep -q -- "$pattern" "$log" || fail "'$*' failed without saying: $pattern"
	echo "refused as expected: $pattern"
}

# this_package deb|rpm: the paths scripts/package/build-deb or build-rpm
# prints for this tree's package (the .deb; the binary and the source
# RPM).  Under tests/run it is built once for the run, in the directory
# ICE_BP_TEST_PACKAGES that every case of the run shares, by the first
# case that asks (the others wait on its lock): the tree does not change
# during a run, and two builds of a tree give the same bytes (which
# 31-deb-build and 35-rpm-build check: each builds one of its own to
# compare with this one).  A case run alone builds its own in $tmp.  The
# cases copy the package, never change it.  Returns non-zero when the
# build fails (its messages on stderr).
this_package() {
	pk=${ICE_BP_TEST_PACKAGES:-$tmp/packages}/$1
	mkdir -p "$pk"
	(
		flock 9
		[ -s "$pk/paths" ] || {
			"$top/scripts/package/build-$1" "$pk" >"$pk/paths.new" && mv "$pk/paths.new" "$pk/paths"
		}
	) 9>"$pk.lock" && cat "$pk/paths"
}

# A private copy of the repository, for cases that break it on purpose.
repo_copy() {
	mkdir -p "$tmp/repo"
	(cd "$top" && git ls-files -z -co --exclude-standard | xargs -0 cp --parents -t "$tmp/repo")
	echo "$tmp/repo"
}

# tmp_in_build_root ROOT: $tmp at the same path inside the cached build
# root ROOT (scripts/kbuild/build-root), and /proc there, so that
# in_build_root runs a command on the case's own files with that
# release's compiler and kernel headers (not the host's, which a case
# must not install: a headers package pulls its kernel image, whose
# initramfs the host would make).  Unmounted before $tmp is removed.
tmp_in_build_root() {
	. "$top/scripts/lib/kernel-root.sh"
	build_root=$1
	trap 'kroot_cleanup; rmdir "$build_root$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
	trap 'exit 130' INT
	trap 'exit 143' TERM
	kroot_enter "$build_root" "$tmp"
}

# in_build_root CMD...: run CMD in $tmp inside the root of
# tmp_in_build_root, with a clean environment (VAR=VALUE words first, as
# env takes them).
in_build_root() {
	kroot_run "$build_root" "$tmp" env "$@"
}

# source_devels LINE: set devels to the devel tree names of the source
# line LINE of kernels.list (tests/source-cases), blank-separated; fails
# the case when there is no such line.
source_devels() {
	devels=$(kernels sources | awk -v l="$1" '$1 == l { print $4 }' | tr ',' ' ')
	[ -n "$devels" ] || fail "kernels.list has no source line '$1'"
}
