#!/bin/sh
# The documents (README.md, HACKING.md, docs/**.md) say what the code does,
# and say each fact once:
#   paths     every clone path they quote exists, and every FILE.md a
#             tracked file names (KERNELS.md, docs/x.md) is in the clone;
#   sections  every section named ('README "X"', 'HACKING.md, "X"',
#             'docs/x.md, "X"', 'see "X"' in the same document) is the
#             start of exactly one heading of that document, and every
#             markdown link's file and #anchor exist;
#   counts    what the code can count is the code's count: the mixes of
#             tests/rxemu/fuzz-mix and those with injected faults, the
#             shipped scenarios, the known driver bugs (TODO);
#   pin       README.md and HACKING.md write the pinned upstream version
#             (upstream.lock) only inside generated parts;
#   issues    no issue number stands for a property, anywhere;
#   recipes   HACKING has its recipes, and the kernel API one names the
#             files each step touches.
# Each property is also shown failing on a broken copy.
. "$ICE_BP_TOPDIR/tests/lib.sh"

# files ROOT: the files of a clone (git's list, or for a copy every file
# but build/), one a line, relative to ROOT; this test is left out, as it
# names dead documents, sections and issues on purpose.
files() {
	if [ -e "$1/.git" ]; then
		git -C "$1" ls-files -co --exclude-standard
	else
		(cd "$1" && find . -path ./build -prune -o -type f -print | sed 's|^\./||')
	fi | grep -v -e '^build/' -e '^tests/cases/18-hacking-paths\.sh$' | sort -u
}

# docs ROOT: the markdown documents of a clone, one a line.
docs() {
	files "$1" | grep '\.md$'
}

# paths DOC: the clone paths DOC quotes (first word of each code span),
# placeholders (<x>, NNNN, DIR, KERNEL, globs, {a,b}) left out.
paths() {
	# shellcheck disable=SC2016 # markdown's backquotes
	grep -o '`[^`]*`' "$1" | tr -d '`' | awk '{ print $1 }' |
		grep -E '^(compat|scripts|tests|patches|src|docs|tools|debian|rpm)/|^(upstream\.lock|kernels\.list|releases\.list|VERSION|dkms\.conf|Makefile)$' |
		grep -vE '[<>*{]|NNNN|NN-|DIR|KERNEL|\.\.\.' | sed 's|/$||' | sort -u
}

# missing ROOT DOC: the quoted paths of DOC that ROOT lacks.
missing() {
	# A patch may be named by its number alone (patches/product/0003).
	paths "$2" | while read -r p; do
		[ -e "$1/$p" ] || ls -d "$1/$p"-* >/dev/null 2>&1 || echo "$p"
	done
}

# md_names ROOT: "FILE: NAME" for every upper-case NAME.md or docs/...md a
# tracked text file of ROOT names that is not in ROOT.
md_names() {
	files "$1" | (cd "$1" && xargs grep -oHIE '(^|[^A-Za-z0-9_./$-])([A-Z][A-Z0-9_]*|docs/[a-z0-9_/.-]*)\.md') |
		sed -E 's/:[^A-Za-z]?/ /' | sort -u | while read -r f n; do
		[ -e "$1/$n" ] || [ -e "$1/$(dirname -- "$f")/$n" ] || echo "$f: $n"
	done
}

# headings DOC: DOC's headings, text only (no '#', no backquotes), fenced
# code left out.
headings() {
	# shellcheck disable=SC2016 # markdown's backquotes
	awk '/^```/ { fence = !fence; next } !fence && /^#+ / { sub(/^#+ /, ""); gsub(/`/, ""); print }' "$1"
}

# slug TEXT...: the anchor of a heading as GitHub makes it.
slug() {
	printf '%s\n' "$*" | tr '[:upper:]' '[:lower:]' | sed 's/[^a-z0-9 _-]//g; s/ /-/g'
}

# flat FILE: FILE on one line, comment markers and indentation dropped, so
# that a name wrapped over two lines is found whole.
flat() {
	sed 's/^[[:space:]#]*//' "$1" | tr '\n' ' ' | tr -s ' '
}

# target ROOT FILE NAME: the document NAME (README, HACKING.md, docs/x.md)
# means when FILE says it.
target() {
	case $3 in
	README | HACKING) echo "$1/$3.md" ;;
	*/*) if [ -e "$1/$3" ]; then echo "$1/$3"; else echo "$1/$(dirname -- "$2")/$3"; fi ;;
	*) if [ -e "$1/$(dirname -- "$2")/$3" ]; then echo "$1/$(dirname -- "$2")/$3"; else echo "$1/$3"; fi ;;
	esac
}

# dead_sections ROOT: "FILE: ..." for every section a tracked file names
# that is not the start of exactly one heading of its document, and every
# markdown link whose file or anchor does not exist.
dead_sections() {
	# Only the files that name a document can name a section of one.
	files "$1" | (cd "$1" && xargs grep -lIE 'README|HACKING|\.md|[Ss]ee "') | while read -r f; do
		flat "$1/$f" >"$tmp/flat"
		# 'README "X"', "HACKING's \"X\"", 'docs/x.md, section "X"'.
		grep -oE '(README|HACKING|[A-Za-z0-9_./-]+\.md)('"'"'s)?,? (section )?"[A-Z`][^"]*"' "$tmp/flat" |
			sed -E 's/^([^,"'"'"' ]+)('"'"'s)?,? (section )?"(.*)"$/\1	\4/' >"$tmp/refs" || true
		case $f in
		*.md) grep -oE '[Ss]ee "[^"]+"' "$tmp/flat" | sed -E "s|^[Ss]ee \"(.*)\"$|$f	\\1|" >>"$tmp/refs" || true ;;
		esac
		while IFS="$(printf '\t')" read -r doc name; do
			[ -n "$doc" ] || continue
			case $doc in *.md | README | HACKING) ;; *) continue ;; esac
			t=$(target "$1" "$f" "$doc")
			[ "$doc" != "$f" ] || t=$1/$f
			if [ ! -f "$t" ]; then
				echo "$f: \"$name\" is in $doc, which does not exist"
				continue
			fi
			n=$(headings "$t" | awk -v x="$(printf '%s' "$name" | tr -d '`')" 'index($0, x) == 1' | wc -l)
			[ "$n" -eq 1 ] || echo "$f: $doc has $n headings that start with \"$name\""
			echo "$f: $doc \"$name\"" >>"$tmp/checked"
		done <"$tmp/refs"
		case $f in *.md) ;; *) continue ;; esac
		# Links: [text](file#anchor), relative to the document.
		# shellcheck disable=SC2016 # markdown's backquotes
		awk '/^```/ { fence = !fence; next } !fence' "$1/$f" | grep -oE '\]\([^)[:space:]]+\)' | sed -E 's/^\]\((.*)\)$/\1/' | grep -v '^[a-z]*:' |
			while read -r link; do
				file=${link%%#*}
				anchor=
				case $link in *'#'*) anchor=${link#*#} ;; esac
				if [ -n "$file" ]; then t=$1/$(dirname -- "$f")/$file; else t=$1/$f; fi
				echo "$f: link $link" >>"$tmp/checked"
				if [ ! -e "$t" ]; then
					echo "$f: link to $file, which does not exist"
				elif [ -n "$anchor" ]; then
					headings "$t" | while read -r h; do slug "$h"; done | grep -qx -- "$anchor" ||
						echo "$f: link to #$anchor, which is no heading of ${file:-itself}"
				fi
			done
	done
}

# number WORD: WORD as digits (the documents write small numbers in words).
number() {
	case $1 in
	one) echo 1 ;; two) echo 2 ;; three) echo 3 ;; four) echo 4 ;; five) echo 5 ;;
	six) echo 6 ;; seven) echo 7 ;; eight) echo 8 ;; nine) echo 9 ;; ten) echo 10 ;;
	eleven) echo 11 ;; twelve) echo 12 ;; thirteen) echo 13 ;; fourteen) echo 14 ;;
	fifteen) echo 15 ;; sixteen) echo 16 ;;
	*) echo "$1" ;;
	esac
}

# wrong_counts ROOT: "DOC: what it says (the code: N)" for every count of
# fuzz mixes, faulted mixes, shipped scenarios or known driver bugs that
# the documents of ROOT state and the code of ROOT does not have.
wrong_counts() {
	out=$tmp/mix.$$
	rm -rf "$out"
	sh "$1/tests/rxemu/fuzz-mix" --seed 1 1 "$out" >/dev/null || fail "tests/rxemu/fuzz-mix does not run"
	mixes=$(find "$out" -name '*.scn' | wc -l)
	faulted=$(grep -l '^fault ' "$out"/*.scn | wc -l)
	rm -rf "$out"
	scenarios=$(find "$1/tests/rxemu/scenarios" -name '*.scn' | wc -l)
	known=$(grep -l '^known-bug' "$1"/tests/rxemu/scenarios/*.scn 2>/dev/null | wc -l)
	w='[0-9]+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen'
	docs "$1" | while read -r d; do
		case $d in docs/history/* | docs/benchmarks.md) continue ;; esac # dated: true of their day
		flat "$1/$d" >"$tmp/flat"
		grep -oiE "\\b($w) (of its ($w) )?(fuzz )?mixes" "$tmp/flat" | while read -r n rest; do
			case $rest in
			of\ its*) m=$(echo "$rest" | awk '{ print $3 }')
				[ "$(number "$n")" = "$faulted" ] || echo "$d: $n $rest (the code: $faulted with faults)"
				[ "$(number "$m")" = "$mixes" ] || echo "$d: $n $rest (the code: $mixes mixes)" ;;
			*) [ "$(number "$n")" = "$mixes" ] || echo "$d: $n $rest (the code: $mixes mixes)" ;;
			esac
		done
		grep -oiE "injected faults in ($w)\\b" "$tmp/flat" | while read -r _ _ _ n; do
			[ "$(number "$n")" = "$faulted" ] || echo "$d: injected faults in $n (the code: $faulted)"
		done
		grep -oiE "\\b($w) (shipped )?scenarios\\b" "$tmp/flat" | while read -r n rest; do
			[ "$(number "$n")" = "$scenarios" ] || echo "$d: $n $rest (the code: $scenarios)"
		done
		grep -oiE "\\b($w) TODO\\b" "$tmp/flat" | while read -r n rest; do
			[ "$(number "$n")" = "$known" ] || echo "$d: $n $rest (the code: $known known-bug scenarios)"
		done
	done
}

# not_generated ROOT: the generators of generated parts that ROOT's
# scripts/docs/generate (make docs) does not run.
not_generated() {
	for g in scripts/docs/readme-tables scripts/probes/check-unreachable scripts/package/repo-readme scripts/kbuild/matrix-wide; do
		grep -qF "\"\$top/$g\"" "$1/scripts/docs/generate" || printf ' %s' "$g"
	done
}

# pin_outside ROOT: the lines of README.md and HACKING.md that write the
# pinned version outside a generated part.
pin_outside() {
	v=$(awk '$1 == "version" { print $2; exit }' "$1/upstream.lock")
	v=${v%-*}
	[ -n "$v" ] || fail "upstream.lock has no version"
	re=$(printf '%s' "$v" | sed 's/\./\\./g')
	for d in README.md HACKING.md; do
		awk '/^<!-- BEGIN [a-z-]+(:[^ ]+)? -->$/ { inside = 1 } !inside { print FILENAME ":" FNR ": " $0 } /^<!-- END [a-z-]+(:[^ ]+)? -->$/ { inside = 0 }' "$1/$d" |
			grep -E "(^|[^0-9.])$re([^0-9]|$)" || true
	done
}

# issue_numbers ROOT: the lines of tracked files that name an issue by its
# number.
issue_numbers() {
	files "$1" | (cd "$1" && xargs grep -HnIE '\b[Ii]ssues? #?[0-9]') || true
}

doc=$top/HACKING.md
[ -f "$doc" ] || fail "no HACKING.md"

# paths
n=$(paths "$doc" | wc -l)
[ "$n" -ge 30 ] || fail "HACKING.md quotes only $n paths of the clone"
bad=$(docs "$top" | while read -r d; do missing "$top" "$top/$d" | sed "s|^|$d: |"; done)
[ -z "$bad" ] || fail "the documents name paths that do not exist: $bad"
bad=$(md_names "$top")
[ -z "$bad" ] || fail "files name documents that do not exist: $bad"
echo "paths: HACKING.md quotes $n, every document's are present, every FILE.md named exists"

# sections and links
bad=$(dead_sections "$top")
[ -z "$bad" ] || fail "dead section names or links: $bad"
refs=$(grep -vc ': link ' "$tmp/checked") || true
links=$(grep -c ': link ' "$tmp/checked") || true
if [ "$refs" -lt 10 ] || [ "$links" -lt 10 ]; then
	fail "only $refs section names and $links links found: is the reader broken?"
fi
echo "sections: $refs section names, each one heading; $links links, each resolves"

# counts
bad=$(wrong_counts "$top")
[ -z "$bad" ] || fail "counts the code does not have: $bad"
echo "counts: the documents' counts of mixes, scenarios and known bugs are the code's"

# pin
bad=$(pin_outside "$top")
[ -z "$bad" ] || fail "README.md or HACKING.md write the pinned version out of a generated part (say \"the pinned upstream\", see upstream.lock): $bad"
echo "pin: README.md and HACKING.md name the pinned version only in generated parts"

# issues
bad=$(issue_numbers "$top")
[ -z "$bad" ] || fail "issue numbers where a property's name belongs: $bad"
echo "issues: no issue number in the tracked files"

# recipes
# shellcheck disable=SC2016 # markdown's backquotes
for h in '## The recipe: a kernel API change' '## Moving the upstream pin' '## The recipe: a new verified line' \
	'### A line Debian does not build: a `source` line' '## The recipe: a new test' \
	'## The recipe: an emulator scenario or option' '## The recipe: a new patch' '## Cutting a release'; do
	grep -qx "$h" "$doc" || fail "HACKING.md lacks its section \"${h#\#\# }\""
done
sed -n '/^## The recipe: a kernel API change$/,/^## /p' "$doc" >"$tmp/recipe"
for f in compat/probes compat/include compat/probe-meta patches/compat scripts/import/patches \
	compat/unreachable.list src/Kbuild 'make docs' "tests/run '70-source-build" 'debian/changelog' 'Reason-if-constant:'; do
	grep -q "\`$f" "$tmp/recipe" || fail "the recipe does not name $f"
done
# Every generator of a generated part is run by `make docs`.
bad=$(not_generated "$top")
[ -z "$bad" ] || fail "make docs (scripts/docs/generate) does not run:$bad"
echo "recipes: all eight, the kernel API one names the files of each step, make docs runs every generator"

# Negative controls, on a copy of the clone.
repo=$(repo_copy)
# shellcheck disable=SC2016 # markdown's backquotes
sed -i 's|`compat/probe-meta`|`compat/probe-metadata`|' "$repo/HACKING.md"
missing "$repo" "$repo/HACKING.md" | grep -qx 'compat/probe-metadata' || fail "a renamed path was not caught"
echo "caught: a path that does not exist"

sed -i '/scripts\/probes\/check-unreachable/d' "$repo/scripts/docs/generate"
[ "$(not_generated "$repo")" = " scripts/probes/check-unreachable" ] || fail "a generator dropped from make docs was not caught"
echo "caught: a generator make docs does not run"

printf '# (KERNELS.md); the archive key still authenticates it.\n' >>"$repo/scripts/kbuild/build-root"
md_names "$repo" | grep -q 'scripts/kbuild/build-root: KERNELS.md' || fail "a dead KERNELS.md was not caught"
echo "caught: a document that is not in the clone"

cp "$top/HACKING.md" "$top/README.md" "$repo/"
printf '# patch (HACKING.md, "Refresh the patches").\n' >>"$repo/scripts/import/patches"
printf '(README, "Supported kernels")\n' >>"$repo/docs/unreachable-lines.md"
printf '# choice (/etc/ice-backport/policy.conf, README "Which kernels").\n' >>"$repo/kernels.list"
printf 'See [the set-up](README.md#set-up-on-a-fresh-host) and [gone](docs/gone.md).\n' >>"$repo/HACKING.md"
dead_sections "$repo" >"$tmp/dead"
cat "$tmp/dead"
grep -q 'scripts/import/patches: HACKING.md has 0 headings that start with "Refresh the patches"' "$tmp/dead" ||
	fail "a dead HACKING section name was not caught"
grep -q 'docs/unreachable-lines.md: README has 0 headings that start with "Supported kernels"' "$tmp/dead" ||
	fail "a dead README section name was not caught"
grep -q 'kernels.list: README has 2 headings that start with "Which kernels"' "$tmp/dead" ||
	fail "an ambiguous section name was not caught"
grep -q 'link to #set-up-on-a-fresh-host, which is no heading' "$tmp/dead" || fail "a dead anchor was not caught"
grep -q 'link to docs/gone.md, which does not exist' "$tmp/dead" || fail "a dead link was not caught"
echo "caught: dead and ambiguous section names, a dead anchor, a dead link"

cp "$top/tests/rxemu/fuzz-mix" "$repo/tests/rxemu/fuzz-mix"
sed -i 's/over [0-9]* mixes of options/over 13 mixes of options/; s/adds random faults to [0-9]* of its/adds random faults to six of its/' "$repo/docs/rx-fix-proof.md"
printf 'The Rx emulator passes every scenario there, with the same six TODO as on 6.12.\n' >>"$repo/README.md"
printf 'The emulator ships 3 scenarios.\n' >>"$repo/HACKING.md"
wrong_counts "$repo" >"$tmp/counts"
cat "$tmp/counts"
grep -q 'docs/rx-fix-proof.md: 13 mixes' "$tmp/counts" || fail "a wrong count of mixes was not caught"
grep -q 'docs/rx-fix-proof.md: six of its' "$tmp/counts" || fail "a wrong count of mixes with faults was not caught"
grep -q 'README.md: six TODO' "$tmp/counts" || fail "a wrong count of known bugs was not caught"
grep -q 'HACKING.md: 3 scenarios' "$tmp/counts" || fail "a wrong count of scenarios was not caught"
# A mix added to the code, the documents unchanged: caught too.
sed -i "s/^xdp-drop;xdp /xdp-drop-extra;xdp \\/sys\\/fs\\/bpf\\/ice_drop;fuzz-outcome drop\\nxdp-drop;xdp /" "$repo/tests/rxemu/fuzz-mix"
cp "$top/docs/rx-fix-proof.md" "$repo/docs/rx-fix-proof.md"
wrong_counts "$repo" | grep -q 'docs/rx-fix-proof.md: [0-9]* mixes .*(the code: [0-9]* mixes)' ||
	fail "a mix added to fuzz-mix without the documents was not caught"
echo "caught: wrong counts of mixes, known bugs and scenarios, and a mix added to the code alone"

v=$(lock_get version)
printf 'apt install ./ice-backport-dkms_%s.1-1_all.deb\n' "${v%-*}" >>"$repo/README.md"
pin_outside "$repo" | grep -q 'README.md:.*ice-backport-dkms_' || fail "the pinned version written out was not caught"
cp "$top/README.md" "$repo/README.md"
printf '<!-- BEGIN readme-tables:x -->\n| %s+deb13-amd64 |\n<!-- END readme-tables:x -->\n' "${v%-*}" >>"$repo/README.md"
[ -z "$(pin_outside "$repo")" ] || fail "the pinned version inside a generated part was refused"
echo "caught: the pinned version written out (and a generated part may name it)"

printf '# In-range kernels (issue 15 item 4):\n' >>"$repo/Makefile"
issue_numbers "$repo" | grep -q '^Makefile:' || fail "an issue number was not caught"
echo "caught: an issue number"
