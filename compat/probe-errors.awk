# SPDX-License-Identifier: GPL-2.0
# probe-errors.awk: name the probe each diagnostic of a batch compile
# belongs to (compat/run-probes, batch mode).
#
# Input: the compiler's messages for one translation unit that includes
# every probe, each as a renamed copy at <dir>/batch.d/<name>.c whose
# top-level names became <name>__probe*.  Output: one line a message
# line, "<name>\t<line>" when the line belongs to a diagnostic of probe
# <name>, "?\t<line>" when a diagnostic cannot be tied to exactly one
# probe.  The caller then trusts nothing of the batch and probes each
# file alone.
#
# A diagnostic (error or warning; -Werror makes each warning fail the
# probe) belongs to the probe whose file it points at; else to the probe
# whose function it is in ("In function 'x__probe...'"); else to the
# probe named by the notes that follow it (the macro expansion sites of a
# header's macro); else to the probe file of the include chain printed
# before it (a header that does not parse).  A fatal error stops the
# compiler before the later probes, so it is never attributed.

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
	if (who == "")
		who = chain
	if (who == "" || fatal)
		who = "?"
	for (i = 1; i <= n; i++)
		printf "%s\t%s\n", who, buf[i]
	n = 0
	own = note = ""
}

# Context lines: which function, which include chain.
/^In file included from / {
	flush()
	chain = ""
	chaining = 1
}
chaining {
	if (chain == "" && probe_of($0) != "")
		chain = probe_of($0)
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
	next
}
/^compilation terminated/ {
	fatal = 1
}
n > 0 {
	if (note == "" && $0 ~ /: note: / && probe_of($0) != "")
		note = probe_of($0)
	buf[++n] = $0
	next
}
END {
	flush()
	if (fatal)
		print "?\tcompilation terminated: a fatal error hides the later probes"
}
