# shellcheck shell=sh
# The one splicer of generated parts into the documents.  Sourced, never
# run.  A generated part sits between two marker lines of its own,
#   <!-- BEGIN TAG:NAME -->   ...   <!-- END TAG:NAME -->
# (or "<!-- BEGIN TAG -->" / "<!-- END TAG -->" for a document with one
# part), and everything between them is replaced, never edited by hand.
# Used by scripts/docs/readme-tables, scripts/probes/check-unreachable,
# scripts/package/repo-readme and scripts/kbuild/matrix-wide, which also
# share its --check and the writing of the documents (markers_commit).

# splice_markers TAG DIR DOC [SEEN]: DOC with the body of every TAG part
# replaced by the file DIR/NAME (DIR/TAG for a part without a name), on
# stdout; the name of each part found is appended to SEEN when given.
# Exit status 2: a part whose file is missing or empty (the name on
# stderr); 3: markers that do not pair (a BEGIN without its END, an END
# of another part, a BEGIN inside a part), with the line number on stderr.
splice_markers() {
	awk -v tag="$1" -v dir="$2" -v seenf="${4:-}" '
	function open_marker(kind,   s) {
		s = $0
		if (index(s, "<!-- " kind " " tag) != 1 || substr(s, length(s) - 3) != " -->")
			return ""
		s = substr(s, length("<!-- " kind " " tag) + 1)
		s = substr(s, 1, length(s) - 4)
		if (s == "") return tag
		if (substr(s, 1, 1) != ":" || s ~ / /) return ""
		return substr(s, 2)
	}
	{
		b = open_marker("BEGIN")
		e = open_marker("END")
	}
	b != "" {
		if (inside) { printf "line %d: BEGIN %s:%s inside part %s\n", NR, tag, b, name > "/dev/stderr"; bad = 3; exit 3 }
		print
		name = b
		file = dir "/" name
		if ((getline line < file) <= 0) { printf "line %d: no content for part %s (%s)\n", NR, name, file > "/dev/stderr"; bad = 2; exit 2 }
		print line
		while ((getline line < file) > 0)
			print line
		close(file)
		if (seenf != "") print name >> seenf
		inside = 1
		next
	}
	e != "" {
		if (!inside || e != name) { printf "line %d: END %s:%s without its BEGIN\n", NR, tag, e > "/dev/stderr"; bad = 3; exit 3 }
		inside = 0
		print
		next
	}
	!inside { print }
	END {
		if (bad) exit bad
		if (inside) { printf "part %s has no END marker\n", name > "/dev/stderr"; exit 3 }
	}' "$3"
}

# The generators' --check, one for all: with --check a generator changes
# nothing and fails when a document it writes is out of date.
#
# markers_option ARGS...: the generator's arguments: 0 when the first is
# --check, which the caller then shifts away (markers_check says so to
# markers_commit), 1 when not; the rest are names (cli_names).
markers_check=
markers_option() {
	if [ "${1:-}" = --check ]; then
		markers_check=1
		shift
		cli_names "$@"
		return 0
	fi
	cli_names "$@"
	return 1
}

# markers_commit WITH FIX NEW DOC [NEW DOC]...: each DOC brought to NEW,
# the document as the generator made it in a temporary file.  Without
# --check a DOC that differs is written (in place: its mode and links
# stay) and the documents are named.  With --check nothing is written:
# the difference of each stale DOC goes to stderr, then it dies naming
# the stale ones, "out of date with WITH" (what they are made from), and
# FIX (the command that makes them again); or it says they are up to date.
markers_commit() {
	mc_with=$1 mc_fix=$2 mc_docs='' mc_stale=''
	shift 2
	while [ $# -ge 2 ]; do
		mc_docs="$mc_docs ${2#"$ICE_BP_TOPDIR"/}"
		if ! cmp -s "$1" "$2"; then
			if [ -n "$markers_check" ]; then
				diff -u "$2" "$1" >&2 || true
				mc_stale="$mc_stale ${2#"$ICE_BP_TOPDIR"/}"
			else
				cat "$1" >"$2"
			fi
		fi
		shift 2
	done
	if [ -z "$markers_check" ]; then
		msg "wrote the generated parts of$mc_docs"
	elif [ -n "$mc_stale" ]; then
		die "${mc_stale# } out of date with $mc_with" "$mc_fix"
	else
		msg "${mc_docs# } up to date"
	fi
}
