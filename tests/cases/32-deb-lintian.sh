#!/bin/sh
# lintian finds no error and no warning in the .deb (pedantic tags shown);
# every override carries its reason in debian/*.lintian-overrides; the
# maintainer scripts pass shellcheck (01-shellcheck does not see debian/).
. "$ICE_BP_TOPDIR/tests/lib.sh"
if ! command -v lintian >/dev/null; then
	[ "$(id -u)" = 0 ] || skip "lintian is not installed (apt-get install lintian)"
	echo "installing lintian"
	DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends lintian >"$tmp/apt.log" 2>&1 ||
		{ cat "$tmp/apt.log"; fail "could not install lintian"; }
fi
deb=$(this_package deb) || fail "could not build the .deb"
lintian --version
# Shown with the overrides and pedantic tags; judged without them
# (--show-overrides makes an overridden warning count for --fail-on).
lintian --pedantic --display-info --show-overrides "$deb" 2>&1 | grep -v 'running with root privileges' || true
rc=0
lintian --fail-on error,warning "$deb" >"$tmp/lintian.log" 2>&1 || rc=$?
[ "$rc" = 0 ] || { cat "$tmp/lintian.log"; fail "lintian reports errors or warnings (exit $rc)"; }
# An override must say why: a comment right above it.
for o in "$top"/debian/*.lintian-overrides; do
	[ -f "$o" ] || continue
	awk '!/^#/ && NF && prev !~ /^#/ { print FILENAME ": override without a reason: " $0; bad = 1 }
		{ prev = $0 } END { exit bad }' "$o" || fail "override without a written reason"
done
if command -v shellcheck >/dev/null; then
	shellcheck -s sh "$top"/debian/*.postinst "$top"/debian/*.postrm || fail "shellcheck: maintainer scripts"
fi
echo "lintian: clean"
