#!/bin/sh
# The C we wrote (compat/, tests/rxemu/) is checkpatch-clean, with the checkpatch.pl of
# the pinned upstream tree; so are the mails of the submissions of
# docs/stable that scripts/stable/mail assembles (a Diff: line), but for
# their missing Signed-off-by, which only the sender can add, and for the
# commit ids of their Fixes: tags, which checkpatch looks up in a kernel
# git tree that nobody has here (the sender checks them with git log).
. "$ICE_BP_TOPDIR/tests/lib.sh"
command -v perl >/dev/null || skip "perl is not installed"
version=$(lock_get version)
tarball=$ICE_BP_CACHE/dl/$(basename "$(lock_get tarball)")-$version
[ -f "$tarball" ] || "$top/scripts/import/import-upstream" --dest "$tmp/imp"
tar -xJf "$tarball" -C "$tmp" --strip-components=1 --wildcards \
	'*/scripts/checkpatch.pl' '*/scripts/spelling.txt' '*/scripts/const_structs.checkpatch'
cd "$top"
files=$(git ls-files -co --exclude-standard 'compat/*.[ch]' 'tests/rxemu/*.[ch]')
[ -n "$files" ] || fail "no C files found in compat/ and tests/rxemu/"
cp=$tmp/scripts/checkpatch.pl
# It must be able to fail: a file with a style error is refused.
printf 'int  x ;\nvoid f(void) {\n}\n' >"$tmp/bad.c"
if perl "$cp" --no-tree --strict --terse -f "$tmp/bad.c"; then
	fail "checkpatch accepts a badly styled file"
fi
# shellcheck disable=SC2086 # one word a file
perl "$cp" --no-tree --strict --terse -f $files || fail "checkpatch reports problems"
echo "$(echo "$files" | wc -w) files checkpatch-clean"

# The submissions, as mails.  It must be able to fail: the first one with
# a commit named without its title, and a line of 80 characters, is refused.
subs=$(grep -l '^Diff: ' docs/stable/*.txt || :)
[ -n "$subs" ] || fail "no submission of docs/stable has a Diff: line: scripts/stable/mail has nothing to check"
first=$(echo "$subs" | head -n 1)
"$top/scripts/stable/mail" "$top/$first" >"$tmp/good.mail" || fail "scripts/stable/mail failed on $first"
awk '/^---$/ && !d { print "See 84bf1ac85af8 for the leak, and a line this long: 0123456789 0123456789 0123456789"; d = 1 } { print }' \
	"$tmp/good.mail" >"$tmp/bad.mail"
cd "$tmp"
ignore=MISSING_SIGN_OFF,UNKNOWN_COMMIT_ID
if perl "$cp" --no-tree --strict --terse --ignore "$ignore" "$tmp/bad.mail" >"$tmp/bad.log"; then
	fail "checkpatch accepts a mail with a bare commit id and an 80-character line"
fi
for t in $subs; do
	"$top/scripts/stable/mail" "$top/$t" >"$tmp/mail" || fail "scripts/stable/mail failed on $t"
	perl "$cp" --no-tree --strict --terse --ignore "$ignore" "$tmp/mail" ||
		fail "checkpatch reports problems in the mail of $t (scripts/stable/mail $t)"
done
echo "$(echo "$subs" | wc -w) submission mails checkpatch-clean (but for the sender's Signed-off-by)"
