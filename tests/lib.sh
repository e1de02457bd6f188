# shellcheck shell=sh
# Helpers for tests/cases/*.sh.  A case is a plain sh script: it exits 0
# when its property holds, 77 when it cannot run here, 1 otherwise.

set -eu
top=${ICE_BP_TOPDIR:?run the cases through tests/run}
. "$top/scripts/lib/common.sh"

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

# A private copy of the repository, for cases that break it on purpose.
repo_copy() {
	mkdir -p "$tmp/repo"
	(cd "$top" && git ls-files -z -co --exclude-standard | xargs -0 cp --parents -t "$tmp/repo")
	echo "$tmp/repo"
}

# source_devels LINE: set devels to the devel tree names of the source
# line LINE of kernels.list (tests/source-cases), blank-separated; fails
# the case when there is no such line.
source_devels() {
	devels=$(kernels sources | awk -v l="$1" '$1 == l { print $4 }' | tr ',' ' ')
	[ -n "$devels" ] || fail "kernels.list has no source line '$1'"
}
