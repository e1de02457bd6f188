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

# What a reviewer reads (every message of docs/stable, its diffs left
# out) gives reproduction conditions, not this package's scenario names
# (those with a hyphen: the others are plain words), and each Fixes: tag
# names a commit by 12 hex digits and its title, never a placeholder.
names=$(awk '$1 == "name" { print $2 }' "$top"/tests/rxemu/scenarios/*.scn | grep -e -)
[ -n "$names" ] || fail "no scenario name found in tests/rxemu/scenarios"
texts_ok() {
	for t in "$@"; do
		to_msg=$(sed -n '/^-----*$/,$p' "$t" | sed '/^--- a\//,/^-----*$/d')
		for n in $names; do
			if printf '%s\n' "$to_msg" | grep -qw -e "$n"; then
				echo "$t names the scenario $n: say what reproduces it instead"
				return 1
			fi
		done
		if printf '%s\n' "$to_msg" | grep '^Fixes:' | grep -Evq '^Fixes: [0-9a-f]{12} \("[^"]+"\)$'; then
			echo "$t has a Fixes: tag that names no commit: $(printf '%s\n' "$to_msg" | grep '^Fixes:' | head -n 1)"
			return 1
		fi
	done
}
texts_ok "$top"/docs/stable/*.txt || fail "a submission text of docs/stable is not what a reviewer can act on"
# It must be able to fail: a scenario name, and a placeholder tag.
sed 's/^To reproduce:/Shown by zero-len-held; to reproduce:/' "$top/docs/stable/ice-rx-no-flip-unused-buffers.txt" >"$tmp/named.txt"
if texts_ok "$tmp/named.txt" >/dev/null; then fail "a text naming a scenario is accepted"; fi
sed 's/^Fixes: .*/Fixes: <the commit of v6.3>/' "$top/docs/stable/ice-rx-drop-bias-unused-buffers.txt" >"$tmp/placeholder.txt"
if texts_ok "$tmp/placeholder.txt" >/dev/null; then fail "a placeholder Fixes: tag is accepted"; fi
echo "the submission texts name no scenario and no placeholder commit"
