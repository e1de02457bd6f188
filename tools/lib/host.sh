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
#                  Without it, under a root, commands of the live machine
#                  do not run at all (`live`).

# tool_die CAUSE FIX: the tool cannot do what it was asked; exit 2 ("could
# not tell"), never a verdict.  Under `doctor --json` (tool_json=1) the
# standard output gets a JSON object that says so too: fleet tooling that
# parses it must not meet an empty output.
tool_die() {
	printf 'ice-backport: error: %s\n  fix: %s\n' "$1" "$2" | safe_text >&2
	[ "${tool_json:-0}" != 1 ] || tool_json_error "$1" "$2"
	exit 2
}

# tool_json_error CAUSE FIX: the JSON of an error, on the standard output:
# the shape of the doctor's report where it can be, with status "error".
tool_json_error() {
	tool_json=0
	{
		printf '{"tool":"ice-backport doctor","version":'
		js "${tool_version:-unknown}"
		printf ',"status":"error","exit":2,"error":'
		js "$1"
		printf ',"fix":'
		js "$2"
		printf '}\n'
	} | safe_text
}

# The signals whose default is to end the run, and that a run catches to
# clean up first (SIGPIPE is each command's own affair).
# shellcheck disable=SC2034 # read by doctor.sh and dkms.sh
stop_signals='INT TERM HUP QUIT ALRM USR1 USR2 XFSZ'

# signal_status SIGNAL: the exit status of a run stopped by SIGNAL
# (128 + its number), as if the signal had ended it.
signal_status() {
	case $1 in
	HUP) echo 129 ;;
	INT) echo 130 ;;
	QUIT) echo 131 ;;
	USR1) echo 138 ;;
	USR2) echo 140 ;;
	PIPE) echo 141 ;;
	ALRM) echo 142 ;;
	XFSZ) echo 153 ;;
	*) echo 143 ;;
	esac
}

# safe_text: stdin to stdout with every byte that is neither printable
# ASCII, a tab nor a newline made '?': host data (sysfs, modinfo, command
# output) must not send escape sequences to a terminal, and the JSON must
# be valid UTF-8 whatever bytes the host holds.
safe_text() {
	LC_ALL=C tr -c '\t\n -~' '?'
}

# host_init: the root and the command outputs, checked: a root that is not
# a host's (no proc and sys) would make the doctor judge the machine it
# runs on instead, so it stops.
host_init() {
	R=${ICE_BP_ROOT:-}
	case $R in
	'' | /) R='' ;;
	*)
		[ -d "$R" ] || tool_die "root directory '$R' does not exist or is not a directory" \
			"give --root the directory where the host's filesystem is mounted"
		R=$(cd -P -- "$R" && pwd) || tool_die "cannot enter root directory '$ICE_BP_ROOT'" "check its permissions"
		;;
	esac
	CMDS=${ICE_BP_CMDS:-}
	if [ -n "$CMDS" ] && [ ! -d "$CMDS" ]; then
		tool_die "ICE_BP_CMDS='$CMDS' is not a directory" "unset ICE_BP_CMDS, or point it at a directory of command outputs"
	fi
}

# host_need_procfs: the root has the host's /proc and /sys, so what the
# doctor reads is that host's state.
host_need_procfs() {
	if [ ! -d "$R/proc" ] || [ ! -d "$R/sys" ] || [ ! -f "$R/proc/version" ]; then
		tool_die "${R:-/} has no /proc and /sys of a running host (${R:-}/proc/version is missing): the doctor cannot tell this host's state" \
			"mount them under the root (mount -t proc proc ${R:-}/proc; mount -t sysfs sys ${R:-}/sys), or give --root the right directory"
	fi
}

# in_root FULLPATH: FULLPATH (under the root) resolves to a file that is
# still under the root: a symlink in a --root tree must not make the tool
# read the machine it runs on.  Under / everything is the host's.
in_root() {
	[ -n "$R" ] || return 0
	in_root_p=$(readlink -f -- "$1" 2>/dev/null) || return 1
	case $in_root_p in "$R" | "$R"/*) return 0 ;; esac
	return 1
}

# rdp FULLPATH: the content of a regular file (sysfs and procfs files are
# regular) under the root, its first 64 KiB (a sysfs file holds one page
# at most: a planted file of 300 MB must not cost minutes and gigabytes);
# nothing for a FIFO, a directory, a device or a link out of the root.
rdp() {
	[ -f "$1" ] && in_root "$1" || return 0
	head -c 65536 -- "$1" 2>/dev/null || true
}

# rd PATH: the content of PATH under the root, nothing when unreadable.
rd() {
	rdp "$R$1"
}

# release_ok NAME: NAME can be a kernel release (a /lib/modules directory
# name): it names paths and fills tab- and newline-separated records, so
# no slash, no blank, no control byte, no glob character, not . or ..
release_ok() {
	case $1 in
	'' | . | .. | *[!A-Za-z0-9._+~-]*) return 1 ;;
	esac
	return 0
}

# netdev_ok NAME: NAME is a network interface name as the kernel allows
# them (dev_valid_name: 1 to 15 bytes, not . or .., no slash, colon or
# blank) and printable ASCII: it names the bundle's files and reaches the
# terminal, the JSON and the bundle's MANIFEST, where an escape sequence
# or a newline must never go.
netdev_ok() {
	case $1 in
	'' | . | .. | */* | *:* | *[[:space:]]*) return 1 ;;
	esac
	[ -z "$(printf '%s' "$1" | LC_ALL=C tr -d '!-~')" ] && [ "${#1}" -le 15 ]
}

# cmd_key CMD ARGS...: the fixture file name of a command line.
cmd_key() {
	printf '%s' "$*" | tr -c 'A-Za-z0-9._+-' '_'
}

# run CMD ARGS...: the command's standard output (its errors are dropped),
# and its exit status; 127 when it is not there.  No standard input, and
# no environment but PATH.
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
	# A clean environment: what the commands print goes into support
	# bundles, and the operator's environment may hold secrets.
	env -i PATH="$PATH" LANG=C "$@" 2>/dev/null </dev/null
}

run_suffix=

# live CMD ARGS...: `run` for a command that reports the state of the
# machine it runs on (dmesg, ethtool, devlink, ip, mokutil, lspci, dkms,
# bpftool), not of a file.  Under a --root read without ICE_BP_CMDS that
# machine is not the root's host (a customer's root copied to a support
# workstation): its kernel log, ports and Secure Boot state would be mixed
# into the root's, so nothing runs and the status is 126, "not read from
# a root"; each caller says what it could not read.  ICE_BP_LIVE=1
# (--live) says the root is this machine's own.
live() {
	! root_only || return 126
	run "$@"
}

# root_only: this is a read of a root that is not this machine's own
# (--root without ICE_BP_CMDS and without --live).
root_only() {
	[ -n "$R" ] && [ -z "$CMDS" ] && [ "${ICE_BP_LIVE:-}" != 1 ]
}

# live_again CMD ARGS...: `live` for a second sample of the same command.
live_again() {
	! root_only || return 126
	run_again "$@"
}

# rpmdb_q ARGS...: `rpm -q ARGS` against the rpm database of the root, read
# by this machine's rpm (--dbpath names the root's database; nothing of the
# root runs: a query runs no scriptlet), even under ICE_BP_CMDS: the
# database is the root's data, as its files are, and the fixtures hold a
# real one.  Status 127 when this machine has no rpm, 3 when the root has
# no rpm database (sqlite of RHEL 9 and later, or Berkeley DB of RHEL 8;
# /usr/lib/sysimage/rpm first, where RHEL 10 keeps it).
rpmdb_q() {
	command -v rpm >/dev/null 2>&1 || return 127
	rpmdb_d=
	for rpmdb_c in /usr/lib/sysimage/rpm /var/lib/rpm; do
		# The file and its directory both in the root: a link out of it
		# would make the tool judge this machine's packages.
		for rpmdb_f in rpmdb.sqlite Packages; do
			if [ -f "$R$rpmdb_c/$rpmdb_f" ] && in_root "$R$rpmdb_c" && in_root "$R$rpmdb_c/$rpmdb_f"; then
				rpmdb_d=$R$rpmdb_c
				break 2
			fi
		done
	done
	[ -n "$rpmdb_d" ] || return 3
	env -i PATH="$PATH" LANG=C rpm --dbpath "$rpmdb_d" -q "$@" 2>/dev/null </dev/null
}

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

# dkms_module_file ROOT KERNEL: the ice.ko DKMS installed for KERNEL under
# ROOT ("" for /), if any.  The one list of the places dkms puts it:
# dkms.conf's /updates/dkms, but dkms overrides that by distribution
# (override_dest_module_location in dkms): /extra on Fedora, RHEL and its
# rebuilds (os-release ID_LIKE, else ID: fedora*, centos*, rhel*), /updates
# on SUSE.
dkms_module_file() {
	first_file "$1/lib/modules/$2/updates/dkms/ice.ko"* "$1/lib/modules/$2/extra/ice.ko"* \
		"$1/lib/modules/$2/updates/ice.ko"* || return 0
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

# jn VALUE: a JSON number (leading zeros dropped: JSON has no 007), or
# null when VALUE is not a whole number or has more than 18 digits (no
# counter or MTU has; parsers refuse or round longer ones).
jn() {
	case $1 in
	'' | *[!0-9]*) printf null ;;
	*)
		# All the leading zeros in one step (a loop is quadratic).
		jn_v=${1#"${1%%[!0]*}"}
		if [ -z "$jn_v" ]; then
			printf 0
		elif [ "${#jn_v}" -gt 18 ]; then
			printf null
		else
			printf '%s' "$jn_v"
		fi
		;;
	esac
}
