# shellcheck shell=sh
# Access to the host for tools/ice-backport: files under a root prefix and
# command outputs, both replaceable by fixtures.  Sourced, never run.
#
# ICE_BP_ROOT=DIR  files are read under DIR (/sys, /proc, /lib/modules,
#                  /usr/src, /var/lib/dkms, /lib/firmware).
# ICE_BP_CMDS=DIR  no command runs: `run CMD ARGS...` prints the file
#                  DIR/<key> (key: the command line with every character but
#                  [A-Za-z0-9._+-] made '_', e.g. ethtool_-S_eth0) and returns
#                  127 when there is none (the command is "not installed"),
#                  or the number in DIR/<key>.rc.  `run_again` (the second
#                  sample of counters) reads DIR/<key>.2 when it exists.

host_init() {
	R=${ICE_BP_ROOT:-}
	R=${R%/}
	CMDS=${ICE_BP_CMDS:-}
}

# rd PATH: the content of PATH under the root, nothing when unreadable.
rd() {
	cat "$R$1" 2>/dev/null || true
}

# cmd_key CMD ARGS...: the fixture file name of a command line.
cmd_key() {
	printf '%s' "$*" | tr -c 'A-Za-z0-9._+-' '_'
}

# run CMD ARGS...: the command's standard output (its errors are dropped),
# and its exit status; 127 when it is not there.
run() {
	if [ -n "$CMDS" ]; then
		run_k=$(cmd_key "$@")$run_suffix
		run_suffix=
		[ -f "$CMDS/$run_k" ] || return 127
		cat "$CMDS/$run_k"
		[ ! -f "$CMDS/$run_k.rc" ] || return "$(cat "$CMDS/$run_k.rc")"
		return 0
	fi
	command -v "$1" >/dev/null 2>&1 || return 127
	"$@" 2>/dev/null
}

run_suffix=

# run_again CMD ARGS...: `run` for a second sample of the same command.
run_again() {
	if [ -n "$CMDS" ] && [ -f "$CMDS/$(cmd_key "$@").2" ]; then
		run_suffix=.2
	fi
	run "$@"
}

# modinfo_of PATH: `modinfo` of a module file given by its path on the
# host (under the root; the fixture key is the path as the host sees it).
modinfo_of() {
	if [ -n "$CMDS" ]; then
		run modinfo "$1"
	else
		run modinfo "$R$1"
	fi
}

# field NAME: the value of "NAME: value" lines of modinfo on stdin (the
# first one), as both kmod and busybox print them.
field() {
	awk -v k="$1" 'index($0, k ":") == 1 { sub(/^[^:]*:[ \t]*/, ""); print; exit }'
}

# first_file GLOB...: the first of the expanded names that exists.
first_file() {
	for first_f in "$@"; do
		[ -e "$first_f" ] && { echo "$first_f"; return 0; }
	done
	return 1
}

# ver_cmp A B: prints -1, 0 or 1 as dotted version A is lower, equal or
# higher than B (numeric fields; missing ones are 0).
ver_cmp() {
	awk -v a="$1" -v b="$2" 'BEGIN {
		na = split(a, x, "."); nb = split(b, y, ".")
		n = na > nb ? na : nb
		for (i = 1; i <= n; i++) {
			if (x[i] + 0 < y[i] + 0) { print -1; exit }
			if (x[i] + 0 > y[i] + 0) { print 1; exit }
		}
		print 0
	}'
}

# js STRING: STRING as a JSON string literal.  Plain strings are printed
# by the shell itself: forks are slow on a loaded host.
js() {
	case $1 in
	*[\"\\]* | *[[:cntrl:]]*) ;;
	*) printf '"%s"' "$1"; return 0 ;;
	esac
	printf '%s' "$1" | awk 'BEGIN { ORS = ""; print "\"" }
		{
			if (NR > 1) print "\\n"
			# Backslashes by split and join: awks differ in what a
			# backslash in a gsub replacement means.
			n = split($0, part, "\\"); line = part[1]
			for (i = 2; i <= n; i++) line = line "\\\\" part[i]
			$0 = line
			gsub(/"/, "\\\""); gsub(/\t/, "\\t"); gsub(/\r/, "")
			gsub(/[\001-\037]/, "")
			print
		}
		END { print "\"" }'
}

# jn VALUE: a JSON number, or null when VALUE is not one.
jn() {
	case $1 in
	'' | *[!0-9]*) printf null ;;
	*) printf '%s' "$1" ;;
	esac
}
