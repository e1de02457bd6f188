#!/bin/sh
# The repository holds no imported upstream file: nothing in git lies in
# the copy-list, and no file in git has the content of an imported file.
. "$ICE_BP_TOPDIR/tests/lib.sh"
cd "$top"
[ -f src/PROVENANCE ] || "$top/scripts/import/import-upstream"
git ls-files -co --exclude-standard >"$tmp/ours"
for c in $(lock_all copy); do
	if grep -q "^src/$c" "$tmp/ours"; then
		fail "src/$c is committed; imported files must stay out of git"
	fi
done
(cd src && find drivers include -type f -exec sha256sum {} +) | cut -d' ' -f1 | sort -u >"$tmp/imported"
while read -r f; do
	[ -f "$f" ] && sha256sum "$f"
done <"$tmp/ours" | cut -d' ' -f1 | sort -u >"$tmp/hashes"
common=$(comm -12 "$tmp/imported" "$tmp/hashes")
[ -z "$common" ] || fail "files in git have the content of imported upstream files: $common"
echo "$(wc -l <"$tmp/ours") files in git, none imported"
