#!/bin/sh
# scripts/import/patches: a git tree of the imported source, one commit a
# patch, turns back into patches/ byte for byte (so patches/ is in
# refreshed form and every patch applies exactly); an edited commit
# refreshes its patch and only it; a commit without its Patch-File:
# trailer, and a patch whose context no longer matches, are refused with
# the name of the culprit.
. "$ICE_BP_TOPDIR/tests/lib.sh"
repo=$(repo_copy)
pt() { ICE_BP_TOPDIR=$repo "$repo/scripts/import/patches" "$@"; }
n=$(grep -cv '^[[:space:]]*\(#\|$\)' "$repo/patches/series")

pt tree "$tmp/tree" || fail "the tree of the patches could not be made"
[ "$(git -C "$tmp/tree" rev-list --count HEAD)" = $((n + 1)) ] || fail "the tree has not one commit per patch"
cp -R "$repo/patches" "$tmp/patches.orig"
pt refresh "$tmp/tree" || fail "refresh failed on an untouched tree"
diff -ru "$tmp/patches.orig" "$repo/patches" || fail "refresh of an untouched tree changed patches/ (run: scripts/import/patches check)"
echo "round trip: $n patches, byte for byte"

# Edit the last patch's change (the tree's last commit): refresh rewrites
# that patch alone.
name=$(grep -v '^[[:space:]]*\(#\|$\)' "$repo/patches/series" | tail -n 1)
git -C "$tmp/tree" log -1 --format=%B | grep -qx "Patch-File: $name" || fail "the last commit is not $name"
f=$(git -C "$tmp/tree" diff-tree --no-commit-id --name-only -r HEAD | head -n 1)
printf '/* ice-backport: a line the refresh must carry */\n' >>"$tmp/tree/$f"
git -C "$tmp/tree" -c user.name=t -c user.email=t@invalid commit -q -a --amend --no-edit
pt refresh "$tmp/tree" || fail "refresh failed on an edited tree"
changed=$(cd "$repo" && diff -rq "$tmp/patches.orig" patches | wc -l)
[ "$changed" = 1 ] || fail "editing one commit changed $changed patch files, want 1"
grep -q '^+/\* ice-backport: a line the refresh must carry \*/$' "$repo/patches/$name" ||
	fail "the edit is not in patches/$name"
head -n 2 "$repo/patches/$name" | grep -q '^Subject: \[PATCH\] ' || fail "the refreshed patch lost its header"
echo "an edited commit refreshed patches/$name alone, its header kept"

# A commit without its trailer is refused, naming the commit.
echo x >"$tmp/tree/new-file"
git -C "$tmp/tree" add new-file
git -C "$tmp/tree" -c user.name=t -c user.email=t@invalid commit -q -m "ice: a patch without a file name"
expect_fail "$tmp/log1" "a patch without a file name has no Patch-File:" pt refresh "$tmp/tree"

# A patch whose context no longer matches stops the tree, naming it.
cp -R "$tmp/patches.orig/." "$repo/patches/"
first=$(grep -m 1 -v '^[[:space:]]*\(#\|$\)' "$repo/patches/series")
awk '!done && /^ / { print " ice-backport: context that is not there"; done = 1; next } { print }' \
	"$tmp/patches.orig/$first" >"$repo/patches/$first"
expect_fail "$tmp/log2" "patch $first does not apply cleanly" pt tree "$tmp/tree2"
