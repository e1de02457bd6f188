# shellcheck shell=sh
# `ice-backport support-bundle [-o FILE|-]`: one tar.gz of what a support
# engineer asks for, in the same shape from every host.  README.md ("If you
# are asked for a support bundle") lists every file.  Never collected: any
# key (DKMS's mok.key or another), the environment, files outside the list.
# Sourced by tools/ice-backport after host.sh and doctor.sh.
#
# It runs as root, often with -o under /tmp, over files another user may
# have planted: it never writes through a name that exists (a symlink, a
# FIFO, a file), never follows a symlink out of the files it collects, and
# a file it cannot read is a note in SKIPPED, not a failed bundle.
# shellcheck disable=SC2154 # R, dtmp and the doctor's facts come from the sourcing scripts

# The most kept of one collected file: the end of a huge make.log is what
# support reads.
bundle_cap=4194304

# keep NAME [live] CMD ARGS... | modinfo_of F | live_again CMD ARGS...: the
# output of `live CMD...` (or of the function named)
# into the bundle as NAME;
# a command that is missing or fails leaves a note instead, so that the
# support engineer sees why a file is empty.
keep() {
	keep_f=$bdir/$1
	shift
	[ "$1" != live ] || shift
	keep_what=$*
	case $1 in
	modinfo_of | live_again) ;;
	*) set -- live "$@" ;;
	esac
	mkdir -p "$(dirname "$keep_f")"
	keep_rc=0
	"$@" >"$keep_f" 2>&1 || keep_rc=$?
	case $keep_rc in
	0) ;;
	126) echo "# '$keep_what' not run: a --root read runs no command of this machine, whose state is not the root's host's" >>"$keep_f" ;;
	*) echo "# '$keep_what' exit status $keep_rc (127: not installed)" >>"$keep_f" ;;
	esac
}

# skipped PATH REASON: a note in the bundle's SKIPPED file.
skipped() {
	printf '%s: %s\n' "$1" "$2" | safe_text >>"$bdir/SKIPPED"
}

# copy_file SRC NAME: the regular file SRC (a full path under the root)
# into the bundle as NAME, or a note in SKIPPED.  SRC must be its own
# canonical path: a symlink anywhere on the way, in the file's name or in
# a directory above it, could lead to /etc/shadow or the MOK key.
copy_file() {
	cf_show=${1#"$R"}
	if [ -L "$1" ]; then
		skipped "$cf_show" "a symbolic link, not followed"
		return 0
	elif [ ! -e "$1" ]; then
		skipped "$cf_show" "missing"
		return 0
	elif [ ! -f "$1" ]; then
		skipped "$cf_show" "not a regular file"
		return 0
	fi
	if [ "$(readlink -f -- "$1" 2>/dev/null)" != "$1" ]; then
		skipped "$cf_show" "reached through a symbolic link, not followed"
		return 0
	fi
	cf_size=$(stat -c %s -- "$1" 2>/dev/null) || cf_size=0
	cf_skip=0
	if [ "$cf_size" -gt "$bundle_cap" ]; then
		cf_skip=$((cf_size - bundle_cap))
		skipped "$cf_show" "$cf_size bytes: only the last $bundle_cap kept"
	fi
	mkdir -p "$(dirname "$bdir/$2")"
	# nofollow and nonblock: a file swapped for a link or a FIFO after the
	# checks above is refused, never followed or waited on.  busybox's dd
	# has no iflag: there, tail reads the file the checks passed.
	if [ -z "${bundle_dd:-}" ]; then
		bundle_dd=no
		! dd if=/dev/null of=/dev/null iflag=nofollow,nonblock,skip_bytes 2>/dev/null || bundle_dd=yes
	fi
	if [ "$bundle_dd" = yes ]; then
		set -- "$2" dd if="$1" of="$bdir/$2" iflag=nofollow,nonblock,skip_bytes skip="$cf_skip" bs=65536
	else
		# shellcheck disable=SC2016 # the inner shell expands them
		set -- "$2" sh -c 'tail -c "$1" "$2" >"$3"' tail "$bundle_cap" "$1" "$bdir/$2"
	fi
	cf_name=$1
	shift
	if ! "$@" 2>"$dtmp/dd.err"; then
		rm -f "$bdir/$cf_name"
		skipped "$cf_show" "cannot be read: $(head -n 1 "$dtmp/dd.err")"
	fi
}

# redact_cmdline: the kernel command line on stdin, with the value of
# every parameter whose name suggests a secret replaced by <redacted>:
# a name that holds key, token, pass, secret, cred, pwd or auth, or whose
# last part (after the last . _ or -) is pw, psk, priv or sig, or that
# ends in pw (rootpw, mysql_pw, wpa_psk, module.sig would be, not
# module.sig_enforce); a value that itself holds such a name= (ds=...;
# s=..., systemd.setenv=PASSWORD=...) too; and the user and password of
# every URL (scheme://user:pw@host) in any value.  Quotes keep blanks in
# a value, as the kernel reads them.
redact_cmdline() {
	awk '
	function secret(n,   l, p) {
		l = tolower(n)
		if (l ~ /(key|token|pass|secret|cred|pwd|auth)/) return 1
		if (l ~ /pw$/) return 1
		p = l; sub(/.*[._-]/, "", p)
		return (p == "pw" || p == "psk" || p == "priv" || p == "sig")
	}
	# nested VAL: VAL holds a name=value whose name is a secret.
	function nested(v,   n, i, part, eq) {
		n = split(v, part, /[;,&?: \t"]/)
		for (i = 1; i <= n; i++) {
			eq = index(part[i], "=")
			if (eq > 1 && secret(substr(part[i], 1, eq - 1))) return 1
		}
		return 0
	}
	{
		s = $0; out = ""
		while (1) {
			sub(/^[ \t]+/, "", s)
			if (s == "") break
			q = 0
			for (i = 1; i <= length(s); i++) {
				c = substr(s, i, 1)
				if (c == "\"") q = !q
				else if (!q && (c == " " || c == "\t")) break
			}
			tok = substr(s, 1, i - 1); s = substr(s, i)
			# scheme://user:password@host: the userinfo goes, always, up
			# to the last @ before the path (a password may hold an @).
			gsub(/:\/\/[^\/ \t"]*@/, "://<redacted>@", tok)
			# iSCSI root (dracut): netroot=iscsi:user:password[:ruser:
			# rpassword]@host::port::iqn: the CHAP credentials go.
			gsub(/iscsi:[^ \t"]*@/, "iscsi:<redacted>@", tok)
			eq = index(tok, "=")
			if (eq > 0) {
				name = substr(tok, 1, eq - 1); val = substr(tok, eq + 1)
				if (secret(name) || nested(val))
					tok = name "=<redacted>" (substr(name, 1, 1) == "\"" ? "\"" : "")
			}
			out = out (out == "" ? "" : " ") tok
		}
		print out
	}'
}

# bundle_target_ok FILE: FILE is a name the bundle may take: nothing is
# there yet, not even a dangling symlink, and its directory exists.
bundle_target_ok() {
	if [ -L "$1" ]; then
		tool_die "refusing to write the bundle to '$1': it is a symbolic link, and writing through it would overwrite where it points" \
			"give -o a new file name"
	elif [ -e "$1" ] && [ ! -f "$1" ]; then
		tool_die "refusing to write the bundle to '$1': it exists and is not a regular file (a directory, FIFO or device)" \
			"give -o a new file name"
	elif [ -e "$1" ]; then
		tool_die "refusing to write the bundle to '$1': the file exists, and a bundle never overwrites one" \
			"give -o a new file name, or remove '$1' first"
	fi
	[ -d "$(dirname -- "$1")" ] || tool_die "cannot write the bundle to '$1': directory '$(dirname -- "$1")' does not exist" \
		"create it, or give -o a file in an existing directory"
}

# bundle_write FILE: the collected tree as tar.gz into a new file created
# exclusively (mktemp: O_EXCL, mode 0600) in FILE's directory, renamed to
# FILE at the end without replacing anything that appeared there since.
# bw_part names it while it exists: a run stopped by a signal removes it
# (doctor_cleanup).
# tar writes to its standard output: it never parses FILE (a name with a
# colon is a remote host to tar -f).
bundle_write() {
	bw_dir=$(dirname -- "$1")
	bw_part=$(mktemp "$bw_dir/.ice-backport-bundle.XXXXXX" 2>/dev/null) ||
		tool_die "cannot create a file in '$bw_dir' (not writable, or full)" "give -o a file in a writable directory"
	chmod 600 "$bw_part"
	if ! (cd "$dtmp" && tar -czf - ice-backport-bundle) >>"$bw_part"; then
		rm -f "$bw_part"
		tool_die "could not write the bundle to '$bw_dir' (full?)" "free space there, or give -o a file on another file system"
	fi
	# link(2) never replaces and never follows a name that is there; -T
	# so that a symlink to a directory planted at FILE since the last check
	# is not taken for a directory to write into.  A file system without
	# hard links gets mv -n -T, which does not replace.  Then FILE must be
	# the very file written (same inode), a regular file, not a link.
	bw_id=$(stat -c '%d:%i' -- "$bw_part")
	if ! ln -T -- "$bw_part" "$1" 2>/dev/null; then
		[ -e "$1" ] || [ -L "$1" ] || mv -n -T -- "$bw_part" "$1" 2>/dev/null || true
	fi
	if [ -L "$1" ] || [ ! -f "$1" ] || [ "$(stat -c '%d:%i' -- "$1" 2>/dev/null)" != "$bw_id" ]; then
		rm -f "$bw_part"
		tool_die "could not put the bundle at '$1': something took that name while the bundle was made" \
			"give -o a new file name"
	fi
	rm -f "$bw_part"
	bw_part=
}

bundle_run() {
	out=$1
	stamp=$(date -u +%Y%m%dT%H%M%SZ)
	if [ -z "$out" ]; then
		# hostname's line without its newline (which tr would make a '_').
		bhost=$(hostname 2>/dev/null | tr -d '\n' | tr -c 'A-Za-z0-9._-' '_') || bhost=host
		out=ice-backport-bundle-${bhost:-host}-$stamp.tar.gz
	fi
	if [ "$out" = - ]; then
		[ ! -t 1 ] || tool_die "refusing to write a tar.gz to a terminal (-o -)" \
			"redirect the output (-o - >FILE, or | ssh ...), or give -o FILE"
	else
		# Checked before the work and again at the rename.
		bundle_target_ok "$out"
	fi
	doctor_run
	bdir=$dtmp/ice-backport-bundle
	mkdir -p "$bdir"
	{
		echo "ice-backport support bundle $tool_version, made $stamp"
		echo "cmdline.txt is /proc/cmdline with the values of parameters whose names"
		echo "suggest a secret (key, token, pass, secret, cred, pwd, auth; pw, psk, priv, sig)"
		echo "replaced by <redacted>, and the user and password of every URL too."
		echo "SKIPPED, when present, lists the files that were not collected, and why."
		echo "ethtool/<port>.S-later.txt is a second ethtool -S, ${secs}s after the first."
	} >"$bdir/README"
	doctor_json | safe_text >"$bdir/doctor.json"
	doctor_human | safe_text >"$bdir/doctor.txt"

	# Provenance of the installed driver source and of the modules.
	for p in "$R"/usr/src/ice-backport-*; do
		[ -d "$p" ] || [ -L "$p" ] || continue
		v=${p##*/}
		case $v in *[!A-Za-z0-9._+~-]*) skipped "${p#"$R"}" "not a version name"; continue ;; esac
		copy_file "$p/PROVENANCE" "source/$v/PROVENANCE"
		copy_file "$p/dkms.conf" "source/$v/dkms.conf"
	done
	for f in version srcversion taint initstate refcnt; do
		printf '%s: %s\n' "$f" "$(rd "/sys/module/ice/$f" | head -n 1)"
	done | safe_text >"$bdir/sys-module-ice.txt"
	[ -z "$dkms_ko" ] || keep modinfo-dkms.txt modinfo_of "$dkms_ko"
	[ -z "$intree" ] || keep modinfo-own.txt modinfo_of "$intree"
	keep dkms-status.txt live dkms status
	bl=$R/var/lib/dkms/ice-backport
	if [ -d "$bl" ]; then
		nl='
'
		# find does not descend into symlinks; copy_file refuses a make.log
		# that is one, or that find reached through one above it.
		find "$bl" -name make.log ! -path "*$nl*" 2>/dev/null | head -n 200 >"$dtmp/logs" || true
		while IFS= read -r l; do
			rel=${l#"$bl/"}
			copy_file "$l" "dkms-logs/$(printf '%s' "$rel" | tr -c 'A-Za-z0-9._+-' '_')"
		done <"$dtmp/logs"
	fi

	# Per E800 function and port.
	while IFS=$TAB read -r bdf n _; do
		keep "lspci/$bdf.txt" live lspci -vv -s "$bdf"
		keep "devlink/$bdf.txt" live devlink dev info "pci/$bdf"
		[ "$n" != - ] || continue
		for o in i S k g l; do
			keep "ethtool/$n.$o.txt" live ethtool "-$o" "$n"
		done
		keep "ip-link/$n.txt" live ip -d link show dev "$n"
	done <"$dtmp/ports"

	# "Memory grows": a second `ethtool -S` of each port, the doctor's
	# interval after the first, so that support sees which counters move.
	[ -n "$CMDS" ] || root_only || sleep "$secs"
	while IFS=$TAB read -r bdf n _; do
		[ "$n" = - ] || keep "ethtool/$n.S-later.txt" live_again ethtool -S "$n"
	done <"$dtmp/ports"
	# Where the memory went, and what the host is: files of the root, read
	# as data (rd: procfs, and os-release that is a link within the root).
	for kp in memory/meminfo.txt:/proc/meminfo memory/vmstat.txt:/proc/vmstat \
		memory/netstat.txt:/proc/net/netstat os-release.txt:/etc/os-release; do
		kp_f=$bdir/${kp%%:*}
		mkdir -p "$(dirname "$kp_f")"
		rd "${kp#*:}" | safe_text >"$kp_f"
		[ -s "$kp_f" ] || { rm -f "$kp_f"; skipped "${kp#*:}" "missing or unreadable"; }
	done
	# The operator's policy and the logs of failed builds (never a link).
	copy_file "$R/etc/ice-backport/policy.conf" policy.conf
	for l in "$R"/var/log/ice-backport/*.log; do
		[ -e "$l" ] || [ -L "$l" ] || continue
		copy_file "$l" "build-logs/$(printf '%s' "${l##*/}" | tr -c 'A-Za-z0-9._+-' '_')"
	done

	# The kernel's view.
	live dmesg 2>/dev/null | grep -E '(^|[] ])(ice|irdma|ice_backport)[: ]' >"$bdir/kernel-log-ice.txt" || true
	rd /proc/cmdline | head -n 1 | redact_cmdline | safe_text >"$bdir/cmdline.txt"
	rd /proc/version | head -n 1 | safe_text >"$bdir/proc-version.txt"
	keep xdp-programs.txt live bpftool net show
	keep bpf-programs.txt live bpftool prog show

	(cd "$dtmp" && find ice-backport-bundle -type f | LC_ALL=C sort) >"$bdir/MANIFEST"
	if [ "$out" = - ]; then
		(cd "$dtmp" && tar -czf - ice-backport-bundle) || tool_die "could not write the bundle to the standard output" "check where it goes"
		return 0
	fi
	bundle_target_ok "$out"
	bundle_write "$out"
	printf '%s\n' "$out" | safe_text
}
