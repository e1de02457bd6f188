#!/bin/sh
# HACKING.md names files that exist: every path it quotes (`compat/...`,
# `scripts/...`, `tests/...` and the other directories and top-level
# files of the clone) is there, and its recipe for a kernel API change
# names the files each step touches.  Shown failing on a renamed path.
. "$ICE_BP_TOPDIR/tests/lib.sh"

# paths DOC: the clone paths DOC quotes (first word of each code span),
# placeholders (<x>, NNNN, DIR, globs, {a,b}) left out.
paths() {
	# shellcheck disable=SC2016 # markdown's backquotes
	grep -o '`[^`]*`' "$1" | tr -d '`' | awk '{ print $1 }' |
		grep -E '^(compat|scripts|tests|patches|src|docs|tools|debian|rpm)/|^(upstream\.lock|kernels\.list|VERSION|dkms\.conf|Makefile)$' |
		grep -vE '[<>*{]|NNNN|NN-|DIR|\.\.\.' | sed 's|/$||' | sort -u
}

# missing ROOT DOC: the quoted paths of DOC that ROOT lacks.
missing() {
	# A patch may be named by its number alone (patches/product/0003).
	paths "$2" | while read -r p; do
		[ -e "$1/$p" ] || ls -d "$1/$p"-* >/dev/null 2>&1 || echo "$p"
	done
}

doc=$top/HACKING.md
[ -f "$doc" ] || fail "no HACKING.md"
n=$(paths "$doc" | wc -l)
[ "$n" -ge 30 ] || fail "HACKING.md quotes only $n paths of the clone"
bad=$(missing "$top" "$doc")
[ -z "$bad" ] || fail "HACKING.md names paths that do not exist: $bad"
# The recipe names what each step touches.
sed -n '/^## The recipe: a kernel API change$/,/^## /p' "$doc" >"$tmp/recipe"
for f in compat/probes compat/include compat/probe-meta patches/compat scripts/import/patches \
	compat/unreachable-lines scripts/compat/unreachable-lines scripts/compat/readme-tables; do
	grep -q "\`$f" "$tmp/recipe" || fail "the recipe does not name $f"
done
echo "HACKING.md: $n quoted paths, all present; the recipe names the files of each step"

# Negative control: a path renamed in the document is caught.
# shellcheck disable=SC2016 # markdown's backquotes
sed 's|`compat/probe-meta`|`compat/probe-metadata`|' "$doc" >"$tmp/HACKING.md"
missing "$top" "$tmp/HACKING.md" | grep -qx 'compat/probe-metadata' || fail "a renamed path was not caught"
echo "caught: a path that does not exist"
