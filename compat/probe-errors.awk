# SPDX-License-Identifier: GPL-2.0
# probe-errors.awk: name the probe each diagnostic of a batch compile
# belongs to (compat/run-probes, batch mode).
#
# Input: the compiler's messages for one translation unit that includes
# every probe, each as a renamed copy at <dir>/batch.d/<name>.c whose
# top-level names became <name>__probe*.  Output: one line a message
# line, "<name>\t<line>" when the line belongs to a diagnostic of probe
# <name>, "?\t<line>" when a diagnostic cannot be tied to exactly one
# probe (the caller then trusts nothing of the batch and probes each file
# alone), and "!\t<word>" for each word whose diagnostic the compiler
# gives once a translation unit (below).
#
# A diagnostic (error or warning; -Werror makes each warning fail the
# probe) belongs to the probe whose file it points at; else to the probe
# whose function it is in ("In function 'x__probe...'"); else to the
# probe named by the notes that follow it (the macro expansion sites of a
# header's macro).  One found only through the include chain printed
# before it is a header that does not parse, which every later probe
# including that header would meet alone but not in the batch (the header
# is parsed once): not attributed.  Nor is a fatal error, which stops the
# compiler before the later probes.
#
# gcc reports an identifier undeclared at file scope, and the implicit
# declaration of a function, only the first time: a later probe using the
# same name (or a macro of the notes that led to it) compiles silently in
# the batch.  Those words are printed, and the caller compiles each
# probe that passed in the batch and names one of them alone.

# probe_of(s): the probe whose renamed copy s names, or "".
function probe_of(s) {
	if (match(s, /batch\.d\/[A-Za-z0-9_]+\.c[:,]/))
		return substr(s, RSTART + 8, RLENGTH - 11)
	return ""
}

# flush(): print the pending diagnostic with its owner.
function flush(   i, who) {
	if (n == 0)
		return
	who = own
	if (who == "")
		who = infn
	if (who == "")
		who = note
	if (who == "" || fatal)
		who = "?"
	for (i = 1; i <= n; i++)
		printf "%s\t%s\n", who, buf[i]
	for (i = 1; i <= nw; i++)
		printf "!\t%s\n", words[i]
	n = nw = 0
	own = note = ""
	once = 0
}

# quoted(s): the first name between quotes in s (run-probes has gcc
# speak the C locale: ASCII quotes).
function quoted(s) {
	if (match(s, /'[A-Za-z0-9_]+'/))
		return substr(s, RSTART + 1, RLENGTH - 2)
	return ""
}

# Context lines: the include chain (skipped: see above), the function.
/^In file included from / {
	flush()
	chaining = 1
}
chaining {
	if ($0 !~ /,$/)
		chaining = 0
	next
}
/: In function / {
	flush()
	infn = ""
	if (match($0, /[A-Za-z0-9_]+__probe/))
		infn = substr($0, RSTART, RLENGTH - 7)
	next
}
/: At top level:/ {
	flush()
	infn = ""
	next
}
/: (fatal )?error: |: warning: / {
	flush()
	n = 0
	own = probe_of($0)
	if ($0 ~ /: fatal error: /)
		fatal = 1
	# #error of the batch's own missing-header guard: its message names
	# the probe.
	if (match($0, /ice_bp_probe_header_missing [A-Za-z0-9_]+/))
		own = substr($0, RSTART + 28, RLENGTH - 28)
	buf[++n] = $0
	if ($0 ~ /undeclared here \(not in a function\)|implicit declaration of function/) {
		once = 1
		if (quoted($0) != "")
			words[++nw] = quoted($0)
	}
	next
}
/^compilation terminated/ {
	fatal = 1
}
n > 0 {
	if (note == "" && $0 ~ /: note: / && probe_of($0) != "")
		note = probe_of($0)
	if (once && $0 ~ /: note: in expansion of macro / && quoted($0) != "")
		words[++nw] = quoted($0)
	buf[++n] = $0
	next
}
END {
	flush()
	if (fatal)
		print "?\tcompilation terminated: a fatal error hides the later probes"
}
