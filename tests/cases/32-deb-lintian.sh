#!/bin/sh
# lintian finds no error and no warning in the .deb (pedantic tags shown);
# every override carries its reason in debian/*.lintian-overrides.
. "$ICE_BP_TOPDIR/tests/lib.sh"
if ! command -v lintian >/dev/null; then
	[ "$(id -u)" = 0 ] || skip "lintian is not installed (apt-get install lintian)"
	echo "installing lintian"
	DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends lintian >"$tmp/apt.log" 2>&1 ||
		{ cat "$tmp/apt.log"; fail "could not install lintian"; }
fi
deb=$("$top/scripts/build-deb" "$tmp/deb")
lintian --version
rc=0
lintian --pedantic --display-info --show-overrides --fail-on error,warning "$deb" >"$tmp/lintian.log" 2>&1 || rc=$?
grep -v 'running with root privileges' "$tmp/lintian.log" || true
[ "$rc" = 0 ] || fail "lintian reports errors or warnings (exit $rc)"
if grep -E '^[EW]: ' "$tmp/lintian.log"; then
	fail "lintian reports errors or warnings"
fi
# An override must say why: a comment right above it.
for o in "$top"/debian/*.lintian-overrides; do
	[ -f "$o" ] || continue
	awk '!/^#/ && NF && prev !~ /^#/ { print FILENAME ": override without a reason: " $0; bad = 1 }
		{ prev = $0 } END { exit bad }' "$o" || fail "override without a written reason"
done
echo "lintian: clean"
