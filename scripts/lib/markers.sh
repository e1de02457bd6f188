# shellcheck shell=sh
# The one splicer of generated parts into the documents.  Sourced, never
# run.  A generated part sits between two marker lines of its own,
#   <!-- BEGIN TAG:NAME -->   ...   <!-- END TAG:NAME -->
# (or "<!-- BEGIN TAG -->" / "<!-- END TAG -->" for a document with one
# part), and everything between them is replaced, never edited by hand.
# Used by scripts/docs/readme-tables, scripts/probes/check-unreachable,
# scripts/package/repo-readme and scripts/kbuild/matrix-wide.

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
