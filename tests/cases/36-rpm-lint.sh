#!/bin/sh
# rpmlint (Debian's) finds no error and no warning in the binary RPM, the
# source RPM and its spec once the filters of rpm/rpmlint.toml apply, and
# each filter carries its reason; a spec with a problem (a hard-coded
# Packager) is caught (negative control).  The scriptlets, as rpm will run
# them, pass shellcheck, and an unquoted variable in one is caught.
. "$ICE_BP_TOPDIR/tests/lib.sh"
command -v rpmbuild >/dev/null && command -v rpmlint >/dev/null ||
	[ "$(id -u)" = 0 ] || skip "rpm or rpmlint missing and not root to install them"
pkgs=$(this_package rpm) || fail "could not build the .rpm"
# shellcheck disable=SC2086 # two paths without blanks
set -- $pkgs
rpm=$1 srpm=$2
"$top/scripts/package/lint-rpm" "$rpm" "$srpm" || fail "rpmlint reports errors or warnings"

# Every filter line has a comment right above it, or another filter
# under the same comment.
awk '/^[[:space:]]*'"'"'/ && prev !~ /^[[:space:]]*(#|'"'"')/ { print "filter without a reason: " $0; bad = 1 }
	{ prev = $0 } END { exit bad }' "$top/rpm/rpmlint.toml" || fail "a filter of rpm/rpmlint.toml has no reason"
echo "every filter of rpm/rpmlint.toml says why"

# Negative control: the same source RPM with a Packager tag in its spec.
mkdir -p "$tmp/rb/SOURCES" "$tmp/rb/SPECS"
(cd "$tmp/rb/SOURCES" && rpm2cpio "$srpm" | cpio -i --quiet) || fail "could not unpack $srpm"
sed 's/^Name:.*/&\nPackager:\tsomeone <someone@example.invalid>/' "$tmp"/rb/SOURCES/*.spec >"$tmp/rb/SPECS/ice-backport-dkms.spec"
rpmbuild -bs --define "_topdir $tmp/rb" "$tmp/rb/SPECS/ice-backport-dkms.spec" >"$tmp/rb.log" 2>&1 ||
	{ cat "$tmp/rb.log"; fail "rpmbuild -bs of the negative control failed"; }
expect_fail "$tmp/neg.log" hardcoded-packager-tag "$top/scripts/package/lint-rpm" "$rpm" "$tmp"/rb/SRPMS/*.src.rpm

# The scriptlets, one file each, as `rpm --scripts` shows them expanded.
command -v shellcheck >/dev/null || skip "shellcheck is not installed (make deps)"
rpm -qp --scripts "$rpm" | awk -v d="$tmp" '
/^[a-z]+ scriptlet \(using \/bin\/sh\):$/ { f = d "/" $1 ".sh"; print "#!/bin/sh" >f; print f; next }
f { print >>f }' >"$tmp/scriptlets"
for s in postinstall preuninstall postuninstall; do
	grep -qx "$tmp/$s.sh" "$tmp/scriptlets" || fail "the RPM has no $s scriptlet"
done
# shellcheck disable=SC2046 # paths without blanks
shellcheck -s sh $(cat "$tmp/scriptlets") || fail "shellcheck: scriptlets"
echo "scriptlets pass shellcheck: $(xargs -n 1 basename <"$tmp/scriptlets" | tr '\n' ' ')"
# shellcheck disable=SC2016 # $1 of the scriptlet, not ours
sed 's/\[ "\$1" -eq 0 \]/[ $1 -eq 0 ]/' "$tmp/preuninstall.sh" >"$tmp/bad-preun.sh"
cmp -s "$tmp/preuninstall.sh" "$tmp/bad-preun.sh" && fail "could not make the shellcheck negative control"
expect_fail "$tmp/sc.log" SC2086 shellcheck -s sh "$tmp/bad-preun.sh"
