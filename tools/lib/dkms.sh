# shellcheck shell=sh
# The package's one way of having DKMS build ice-backport, shared by the
# .deb (postinst, prerm), the .rpm (%post, %preun) and the kernel hooks
# the packages install (/etc/kernel/postinst.d, header_postinst.d, and
# kernel-install's install.d on RPM hosts).  Sourced by tools/ice-backport.
#
# Why not dh_dkms's common.postinst and `dkms autoinstall`:
# - a failed build there exits non-zero: the package is left
#   half-configured and every later apt run fails (Debian bug 1037425 for
#   the headers' hook), while the RPM only warns;
# - on a host that dkms does not take for a chroot, common.postinst builds
#   for the running and the newest kernel only, and an upgrade's prerm has
#   removed the module from all of them first: the kernels in between are
#   left without it;
# - dkms 3.0.10 and 3.2 take different branches for the same events.
# Here: every installed kernel that has headers and that the kernel policy
# accepts is built for; a failed build warns (kernel, log, retry command)
# and never fails the caller (the callers ignore the run's exit status,
# which says to the operator whether a build failed: dk_autoinstall); a
# kernel that had the module keeps one until the new version is installed
# in its place.

# shellcheck disable=SC2154 # rdma_*_why and rd/run come from rdma.sh and host.sh, sourced before

DKMS_NAME=ice-backport

# dk_say MESSAGE: what happens, for the apt/dnf log.
# dk_say, dk_warn: a message, never fatal: the reader may be gone (a
# pipe closed early, `ice-backport autoinstall | head -1`), and a run
# that stopped on a failed write could leave a kernel without its module.
dk_say() {
	printf '%s: %s\n' "$DKMS_NAME" "$*" 2>/dev/null || true
}

dk_warn() {
	printf '%s: warning: %s\n' "$DKMS_NAME" "$*" >&2 2>/dev/null || true
}

# dk_versions: the versions registered with DKMS, one a line.
dk_versions() {
	for d in "/var/lib/dkms/$DKMS_NAME"/*; do
		v=${d##*/}
		# Not versions: kernel-* links, original_module, an empty glob.
		case $v in kernel-* | original_module | '*') continue ;; esac
		[ -d "$d" ] && [ ! -L "$d" ] && echo "$v"
	done
	return 0
}

# dk_package_version: the version whose tree is installed under /usr/src
# (the newest when there are several, which only a failed upgrade leaves).
dk_package_version() {
	for d in /usr/src/"$DKMS_NAME"-*/dkms.conf; do
		[ -f "$d" ] || continue
		d=${d%/dkms.conf}
		echo "${d##*/"$DKMS_NAME"-}"
	done | sort -V | tail -n 1
}

# dk_installed_version KERNEL: the version DKMS has installed for KERNEL.
dk_installed_version() {
	l=$(readlink "/var/lib/dkms/$DKMS_NAME/kernel-$1-$(uname -m)" 2>/dev/null) || return 0
	# The link points at VERSION/KERNEL/ARCH.
	l=${l%/*}
	l=${l%/*}
	echo "${l##*/}"
}

# dk_module_file KERNEL: the ice.ko DKMS installed for KERNEL, if any
# (where this host's dkms puts it: dkms_module_file, tools/lib/host.sh).
dk_module_file() {
	dkms_module_file "" "$1"
}

# dk_kernels: every kernel with a /lib/modules directory, one a line; a
# name that cannot be a kernel release (a blank, a glob character, a
# newline) is not one, and is said so.
dk_kernels() {
	for d in /lib/modules/*/; do
		[ -d "$d" ] || continue
		d=${d%/}
		d=${d##*/}
		if release_ok "$d"; then
			echo "$d"
		else
			dk_warn "/lib/modules/$(printf '%s' "$d" | safe_text | tr '\n' '?') is not named as a kernel release: skipped"
		fi
	done
}

# dk_log_dir: where the log of a failed build is kept (dkms 3.0.10 keeps
# one make.log a version, overwritten by the next kernel's build).  The
# doctor reads the markers there.
dk_log_dir() {
	echo "/var/log/$DKMS_NAME"
}

# dk_open_log_dir: set logdir to a directory the logs can be written to:
# dk_log_dir, or, when that cannot be written (a read-only or full
# /var/log), a private directory under /run, said once.  A build is
# attempted either way: a log that cannot be kept is no reason to leave a
# kernel without the module.
# The directory must be root's alone (dk_private_dir): on Ubuntu /var/log
# is root:syslog 0775, and a syslog-group user who made
# /var/log/ice-backport, or a link in its place, would have root write
# its logs and markers wherever the link points.  In a directory only
# root can write, no one can plant a link at a log's name.
dk_open_log_dir() {
	logdir=$(dk_log_dir)
	if dk_private_dir "$logdir" && dk_writable "$logdir"; then
		return 0
	fi
	if [ -L "$logdir" ] || { [ -d "$logdir" ] && ! dk_private_dir "$logdir"; }; then
		dl_why="it is not a directory of root's that only root can write (a symbolic link, another owner, or writable by its group or others)"
		dl_fix="remove it (rm -rf $logdir; it is made again)"
	else
		dl_why="it cannot be written (read-only or full file system?)"
		dl_fix="make $logdir writable"
	fi
	dk_warn "build logs not kept in $logdir: $dl_why; logs go to /run/$DKMS_NAME/log this time, and the doctor does not see failed builds; fix: $dl_fix, then run: ice-backport autoinstall"
	logdir=/run/$DKMS_NAME/log
	dk_private_dir "/run/$DKMS_NAME" && dk_private_dir "$logdir" && dk_writable "$logdir" && return 0
	logdir=$(mktemp -d "${TMPDIR:-/tmp}/$DKMS_NAME-log.XXXXXX" 2>/dev/null) && return 0
	logdir=
	dk_warn "no directory can take build logs: building without them"
}

# dk_writable DIR: a file can be created and written in DIR now.
dk_writable() {
	dw_f="$1/.write-test.$$"
	if { printf 'x\n' >"$dw_f"; } 2>/dev/null; then
		rm -f "$dw_f"
		return 0
	fi
	rm -f "$dw_f" 2>/dev/null
	return 1
}

# dk_log FILE: FILE in the log directory, or /dev/null when there is none.
dk_log() {
	if [ -n "$logdir" ]; then echo "$logdir/$1"; else echo /dev/null; fi
}

# dk_lock: one `ice-backport autoinstall`, keep-sources or unregister at a
# time on a host.  An operator's run and a kernel hook can start at the
# same moment; two runs for one kernel would delete each other's log and
# module, and dkms 3.0.10 builds every kernel of a version in one shared
# build directory, which the second run's "Cleaning build area" wipes.
# The lock is held on descriptor 9, which the commands we run inherit: a
# dkms build left running by a killed run holds it until it ends.
# The lock file lives in a directory only root can write (dk_private_dir):
# in the world-writable /run/lock any user could hold it (and stall every
# kernel installation), or plant a FIFO or a symbolic link in its place.
# The wait is bounded (ICE_BP_LOCK_WAIT seconds, 1200 by default: a run
# building several kernels takes minutes): past it the run builds
# nothing, warns and exits 1 (nothing was built), so that apt, dnf and
# kernel-install never hang on it; they ignore the status.
dk_lock() {
	dl_file=
	for dl_dir in "/run/$DKMS_NAME" "/var/lib/$DKMS_NAME"; do
		if dk_private_dir "$dl_dir"; then
			dl_file=$dl_dir/lock
			break
		fi
	done
	if [ -z "$dl_file" ] || [ -L "$dl_file" ] || { [ -e "$dl_file" ] && [ ! -f "$dl_file" ]; }; then
		dk_warn "no safe place for the lock file (/run/$DKMS_NAME and /var/lib/$DKMS_NAME must be directories owned by root that no one else can write, and their lock a regular file): running without the lock, so another run at the same moment may disturb this one; fix: rm -rf /run/$DKMS_NAME (it is made again), and check /var/lib/$DKMS_NAME"
		return 0
	fi
	dl_umask=$(umask)
	umask 077
	if ! { exec 9>>"$dl_file"; } 2>/dev/null; then
		umask "$dl_umask"
		dk_warn "cannot create the lock file $dl_file: running without the lock, so another run at the same moment may disturb this one; fix: make /run writable"
		return 0
	fi
	umask "$dl_umask"
	if ! command -v flock >/dev/null 2>&1; then
		dk_warn "flock (util-linux) is not installed: running without the lock; fix: install util-linux"
		return 0
	fi
	dl_wait=${ICE_BP_LOCK_WAIT:-1200}
	case $dl_wait in '' | *[!0-9]*) dl_wait=1200 ;; esac
	if ! flock -n 9; then
		dk_say "waiting for another ice-backport run to finish (lock $dl_file, at most $dl_wait s)"
		if ! flock -w "$dl_wait" 9; then
			dk_warn "another ice-backport run has held the lock $dl_file for more than $dl_wait s: this run changes nothing, so that the package or kernel installation that started it does not hang; fix: see what holds it (fuser -v $dl_file), then run: ice-backport autoinstall"
			exit 1
		fi
	fi
}

# dk_private_dir DIR: DIR is (made, if missing) a real directory owned by
# root that neither its group nor others can write.
dk_private_dir() {
	[ -e "$1" ] || [ -L "$1" ] || mkdir -m 0700 "$1" 2>/dev/null || return 1
	[ -d "$1" ] && [ ! -L "$1" ] || return 1
	dpd_st=$(stat -c '%u %a' "$1" 2>/dev/null) || return 1
	[ "${dpd_st%% *}" = 0 ] || return 1
	case ${dpd_st#* } in
	*[2367]? | *[2367]) return 1 ;;
	esac
	return 0
}

# dk_journal_dir: where a rebuild keeps the module a kernel had, and
# DKMS's record of it, until the new one is in place.  Persistent (not
# TMPDIR): a run killed with SIGKILL or a power cut leaves it for the
# next run, which gives the kernel its module back (dk_recover).
dk_journal_dir() {
	echo "/var/lib/$DKMS_NAME/rebuild"
}

# dk_kept_dir: where the sources of replaced versions are kept.
dk_kept_dir() {
	echo "/var/lib/$DKMS_NAME/kept"
}

# dk_keep_sources VERSION: give DKMS a copy of VERSION's source, outside
# /usr/src, and point VERSION's `source` link at it.  Run before a package
# upgrade to another version removes /usr/src/ice-backport-VERSION: a
# kernel whose build of the new version fails keeps VERSION's module, and
# DKMS needs VERSION's source (its dkms.conf) to list and remove it later.
# dkms 3.2 counts a version whose `source` is not a link to a directory as
# broken, so the link stays a link.
dk_keep_sources() {
	v=$1
	src=/var/lib/dkms/$DKMS_NAME/$v/source
	tree=/usr/src/$DKMS_NAME-$v
	[ -L "$src" ] && [ -f "$tree/dkms.conf" ] || return 0
	kept=$(dk_kept_dir)/$DKMS_NAME-$v
	rm -rf "$kept.new"
	mkdir -p "$(dk_kept_dir)"
	if cp -a "$tree" "$kept.new"; then
		rm -rf "$kept"
		mv "$kept.new" "$kept"
		ln -sfn "$kept" "$src"
	else
		rm -rf "$kept.new"
		dk_warn "could not keep a copy of $DKMS_NAME/$v's source for DKMS"
	fi
}

# dk_register VERSION: DKMS knows VERSION with the source now in /usr/src.
dk_register() {
	src=/var/lib/dkms/$DKMS_NAME/$1/source
	tree=/usr/src/$DKMS_NAME-$1
	if [ -d "/var/lib/dkms/$DKMS_NAME/$1" ] && [ ! -e "$src/dkms.conf" ]; then
		# Registered, but its source is gone (a package removed by hand).
		dkms remove -m "$DKMS_NAME" -v "$1" --all >/dev/null 2>&1 || true
		rm -rf "/var/lib/dkms/$DKMS_NAME/$1"
	fi
	if [ -d "/var/lib/dkms/$DKMS_NAME/$1" ]; then
		# A copy dk_keep_sources made: the package's tree is back (the
		# same version installed again), DKMS builds from it.
		if [ "$(readlink "$src")" != "$tree" ]; then
			ln -sfn "$tree" "$src"
			rm -rf "$(dk_kept_dir)/$DKMS_NAME-$1"
		fi
		return 0
	fi
	dkms add -m "$DKMS_NAME" -v "$1" >/dev/null
}

# dk_tree_of FILE: the backport_tree_sha256 of a module file.
dk_tree_of() {
	modinfo -F backport_tree_sha256 "$1" 2>/dev/null || true
}

# dk_keep KERNEL VERSION KO: keep KERNEL's module KO (installed by DKMS
# as VERSION) and DKMS's record of it in the journal, before anything is
# changed: the copy is complete and on disk before the rename that makes
# it the journal entry, so an entry is never half written.  Returns 1
# (nothing changed, the new build is not attempted) when it cannot.
dk_keep() {
	jd=$(dk_journal_dir)
	j=$jd/$1
	rm -rf "$j.new"
	if ! { mkdir -p "$j.new/module" && cp -p "$3" "$j.new/module/" &&
		printf '%s\n' "${3%/*}" >"$j.new/where" && printf '%s\n' "$2" >"$j.new/version"; } 2>/dev/null; then
		rm -rf "$j.new"
		return 1
	fi
	dkd=/var/lib/dkms/$DKMS_NAME
	if [ -n "$2" ] && [ -d "$dkd/$2/$1" ]; then
		cp -a "$dkd/$2/$1" "$j.new/dkms" 2>/dev/null || { rm -rf "$j.new"; return 1; }
	fi
	for dkl in "$dkd/kernel-$1-"*; do
		[ -L "$dkl" ] || continue
		printf '%s\t%s\n' "${dkl##*/}" "$(readlink "$dkl")" >>"$j.new/links" || { rm -rf "$j.new"; return 1; }
	done
	# Written last: an entry without it was cut short and is never used.
	: >"$j.new/complete" || { rm -rf "$j.new"; return 1; }
	sync
	dk_retire "$j"
	mv "$j.new" "$j" || { rm -rf "$j.new"; return 1; }
	sync
}

# dk_retire ENTRY: drop a journal entry by renaming it away first, then
# deleting it: a power cut in the middle of the deletion leaves a
# .retired directory (deleted by the next run), never a half entry under
# the kernel's name.
dk_retire() {
	[ -e "$1" ] || return 0
	dr_to=$(mktemp -d "${1%/*}/.retired.XXXXXX" 2>/dev/null) || { rm -rf "$1"; return 0; }
	mv "$1" "$dr_to/entry" 2>/dev/null || { rmdir "$dr_to"; rm -rf "$1"; return 0; }
	rm -rf "$dr_to"
}

# dk_entry_ok KERNEL ENTRY: ENTRY is whole (complete) and each field is
# what dk_keep writes: the module's directory is one of DKMS's places
# under /lib/modules/KERNEL, the version a version, each link
# kernel-KERNEL-ARCH to VERSION/KERNEL/ARCH.  Anything else is no entry
# of ours (a partial copy, or planted) and is never acted on.
dk_entry_ok() {
	[ -f "$2/complete" ] || return 1
	deo_w=$(head -n 1 "$2/where" 2>/dev/null) || return 1
	case $deo_w in
	"/lib/modules/$1/updates/dkms" | "/lib/modules/$1/extra" | "/lib/modules/$1/updates") ;;
	*) return 1 ;;
	esac
	deo_v=$(head -n 1 "$2/version" 2>/dev/null) || return 1
	case $deo_v in *[!A-Za-z0-9.+~_-]* | . | ..) return 1 ;; esac
	if [ -f "$2/links" ]; then
		while IFS=$(printf '\t') read -r deo_l deo_t; do
			case $deo_l in "kernel-$1-"*) ;; *) return 1 ;; esac
			case $deo_l in */*) return 1 ;; esac
			case $deo_t in "$deo_v/$1/"* ) ;; *) return 1 ;; esac
			case $deo_t in *..*) return 1 ;; esac
		done <"$2/links"
	fi
	return 0
}

# dk_module_ok KERNEL: KERNEL has a DKMS module that modinfo can read (a
# copy cut short by a kill is not one).
dk_module_ok() {
	dmo_f=$(dk_module_file "$1")
	[ -n "$dmo_f" ] && [ -n "$(modinfo -F vermagic "$dmo_f" 2>/dev/null)" ]
}

# dk_restore KERNEL: put back what KERNEL's journal entry kept (the
# module, DKMS's build record and its kernel link: whatever a failed,
# stopped or killed run changed since), then drop the entry.  An entry
# exists only while a rebuild has not reached its end, so the state it
# kept is the last consistent one.  Prints "restored" when there was one.
dk_restore() {
	j=$(dk_journal_dir)/$1
	rm -rf "$j.new"
	[ -d "$j" ] || return 0
	dk_entry_ok "$1" "$j" || return 1
	where=$(head -n 1 "$j/where" 2>/dev/null) && [ -n "$where" ] || return 1
	jv=$(head -n 1 "$j/version" 2>/dev/null) || jv=
	dkd=/var/lib/dkms/$DKMS_NAME
	mkdir -p "$where" || return 1
	for f in "$j"/module/*; do
		# Copied beside, then renamed over: a kill here leaves the entry,
		# and the next run does this again.
		cp -p "$f" "$where/.${f##*/}.restore" || return 1
		mv -f "$where/.${f##*/}.restore" "$where/${f##*/}" || return 1
		for g in "$where"/ice.ko*; do
			[ "$g" = "$where/${f##*/}" ] || rm -f "$g"
		done
	done
	if [ -d "$j/dkms" ] && [ -n "$jv" ]; then
		rm -rf "${dkd:?}/$jv/$1"
		mkdir -p "$dkd/$jv" || return 1
		cp -a "$j/dkms" "$dkd/$jv/$1" || return 1
	fi
	if [ -f "$j/links" ]; then
		while IFS=$(printf '\t') read -r dkl dkt; do
			ln -sfn "$dkt" "$dkd/$dkl" || return 1
		done <"$j/links"
	fi
	depmod -a "$1" 2>/dev/null || true
	sync
	dk_retire "$j"
	echo restored
}

# dk_recover: the journal entries a run stopped by SIGKILL or a power cut
# left (under the lock, no run is using them): each kernel gets its
# module back, and a failed-build marker says what happened.
dk_recover() {
	# What a power cut left of a retiring entry goes.
	for j in "$(dk_journal_dir)"/.retired.*; do
		[ ! -d "$j" ] || rm -rf "$j"
	done
	for j in "$(dk_journal_dir)"/*; do
		[ -d "$j" ] || continue
		k=${j##*/}
		case $k in *.new) rm -rf "$j"; continue ;; esac
		# An entry for no kernel release, or for a kernel removed since
		# (its /lib/modules/K gone), would recreate that directory, run
		# depmod and register the old version for ever: dropped, said.
		if ! release_ok "$k" || [ ! -d "/lib/modules/$k" ]; then
			dk_warn "dropped the rebuild journal entry $j: $(if release_ok "$k"; then echo "kernel $k is no longer installed"; else echo "not named as a kernel release"; fi)"
			dk_retire "$j"
			continue
		fi
		if ! dk_entry_ok "$k" "$j"; then
			dk_warn "dropped the rebuild journal entry $j: it is incomplete or not one this tool wrote (a run cut short while keeping it, or a planted one); $k keeps what it has now; if it has no module, run: ice-backport autoinstall $k"
			dk_retire "$j"
			continue
		fi
		jv=$(head -n 1 "$j/version" 2>/dev/null || true)
		r=$(dk_restore "$k") || {
			dk_warn "$k: could not give back the module kept in $j; fix: free space under /lib/modules, then run: ice-backport autoinstall $k"
			continue
		}
		[ "$r" = restored ] || continue
		dk_say "$k: an earlier run was stopped while rebuilding; $k got back the module it had"
		if [ -n "$logdir" ]; then
			echo "ice-backport: an earlier run was stopped (killed, or the power was cut) while it rebuilt $DKMS_NAME for $k; $k got back the module it had" >>"$logdir/$k.log"
			echo "${jv:-unknown}" >"$logdir/$k.failed"
		fi
	done
	return 0
}

# dk_rdma_declines VERSION KERNEL: exit 0 when VERSION, just built for
# KERNEL, must not be installed: the host uses RDMA on an E800 port, the
# build cannot serve KERNEL's own irdma, and the operator's policy says
# decline (the default).  Warns either way when RDMA would be lost.
dk_rdma_declines() {
	rdma_uses || return 1
	dr_ko=
	for dr_f in "${R:-}/var/lib/dkms/$DKMS_NAME/$1/$2"/*/module/ice.ko*; do
		[ -f "$dr_f" ] && dr_ko=${dr_f#"${R:-}"} && break
	done
	[ -n "$dr_ko" ] || return 1
	rdma_gap "$2" "$dr_ko" || return 1
	if [ "$(rdma_policy)" = install ]; then
		dk_warn "$2: this host uses RDMA on an E800 port ($rdma_use_why), and $DKMS_NAME $1 built for $2 has none: $rdma_gap_why. Installed anyway (rdma = install in /etc/ice-backport/policy.conf): RDMA stops on $2 when this ice loads"
		return 1
	fi
	dk_warn "$2: this host uses RDMA on an E800 port ($rdma_use_why), and $DKMS_NAME $1 built for $2 has none: $rdma_gap_why. Not installed: $2 keeps the ice it had, and its RDMA (rdma = decline, the default; set rdma = install in /etc/ice-backport/policy.conf to install it anyway, then run: ice-backport autoinstall $2)"
	return 0
}

# dk_run CMD...: run CMD (dkms) as a process group of its own and wait
# for it, so that a signal to this run stops the build at once (the trap
# of dk_autoinstall kills the group) instead of when make is done.
dk_run() {
	if command -v setsid >/dev/null 2>&1; then
		setsid "$@" &
	else
		"$@" &
	fi
	dk_child=$!
	dk_rc=0
	wait "$dk_child" || dk_rc=$?
	dk_child=
	return "$dk_rc"
}

# dk_build_one VERSION KERNEL: build and install VERSION for KERNEL.
# Returns 0 when it is installed (or was, from the same tree), 1 when the
# kernel was skipped or the build failed (said why), never more.
dk_build_one() {
	v=$1 k=$2
	if [ ! -e "/lib/modules/$k/build/include" ] && [ ! -e "/lib/modules/$k/build/Makefile" ]; then
		dk_say "$k: no headers installed (linux-headers-$k, kernel-devel-$k): not built, it keeps its own ice"
		return 1
	fi
	if ! why=$(sh "/usr/src/$DKMS_NAME-$v/kernels" accepts "$k" 2>&1); then
		dk_say "$why; skipped, it keeps its own ice driver"
		return 1
	fi
	tier=$(sh "/usr/src/$DKMS_NAME-$v/kernels" tier-of "$k" 2>/dev/null || echo unknown)
	old=$(dk_installed_version "$k")
	ko=$(dk_module_file "$k")
	want=$(sed -n 's/^tree_sha256 //p' "/usr/src/$DKMS_NAME-$v/PROVENANCE" 2>/dev/null)
	if [ "$old" = "$v" ] && [ -n "$ko" ] && [ -n "$want" ] && [ "$(dk_tree_of "$ko")" = "$want" ]; then
		dk_say "$k: $DKMS_NAME $v is installed ($tier)"
		return 0
	fi
	out=$(dk_log "$k.log")
	# Kept in the journal until the new module is in place: a failed,
	# interrupted or killed build gives it back (dk_restore, dk_recover),
	# so the kernel never ends up without the module it had.  No copy, no
	# attempt: nothing is changed.
	if [ -n "$ko" ] && ! dk_keep "$k" "$old" "$ko"; then
		dk_status=1
		dk_warn "$k: cannot keep a copy of its module in $(dk_journal_dir) (full or read-only file system?): $DKMS_NAME $v not built, $k keeps the module it had; fix: free space there, then run: ice-backport autoinstall $k"
		return 1
	fi
	dk_kernel=$k dk_version=$v
	# The same version built from another tree (a package revision): DKMS
	# must forget the old build first.
	# Said before anything is removed: a message that cannot be written
	# must not come between the removal and the build.
	dk_say "$k: building $DKMS_NAME $v ($tier kernel)"
	if [ "$old" = "$v" ] || dkms status -m "$DKMS_NAME" -v "$v" -k "$k" 2>/dev/null | grep -q ': built'; then
		dk_run dkms remove -m "$DKMS_NAME" -v "$v" -k "$k" >/dev/null 2>&1 || true
	fi
	[ -z "$logdir" ] || rm -f "$logdir/$k.failed" "$logdir/$k.rdma-declined"
	# Built first, then judged: on a host that uses RDMA on an E800 port,
	# a build the kernel's own irdma cannot use is not installed unless
	# the operator said so (dk_rdma_declines).
	if dk_run dkms build -m "$DKMS_NAME" -v "$v" -k "$k" >"$out" 2>&1; then
		if dk_rdma_declines "$v" "$k"; then
			[ -z "$logdir" ] || printf '%s\t%s\n' "$v" "$rdma_gap_why" >"$logdir/$k.rdma-declined"
			dk_restore "$k" >/dev/null || true
			dk_kernel=
			[ -z "$logdir" ] || rm -f "$out"
			return 1
		fi
		if dk_run dkms install -m "$DKMS_NAME" -v "$v" -k "$k" >>"$out" 2>&1 && dk_module_ok "$k"; then
			dk_retire "$(dk_journal_dir)/${k:?}"
			dk_kernel=
			dk_say "$k: $DKMS_NAME $v installed ($tier kernel)"
			[ -z "$logdir" ] || rm -f "$out"
			return 0
		fi
	fi
	dk_failed "$k" "$v" "$old" "$out"
	return 1
}

# dk_failed KERNEL VERSION OLD LOG [WHY]: the build of VERSION for KERNEL
# did not end with the module in place: the build's own log beside
# dkms's output, the marker the doctor reads, the kernel's module given
# back, and a warning that says where it stands.
dk_failed() {
	dk_status=1
	# The build's own log, where this dkms keeps it, beside dkms's output.
	mlog=
	for f in "/var/lib/dkms/$DKMS_NAME/$2/$1"/*/log/make.log "/var/lib/dkms/$DKMS_NAME/$2/build/make.log"; do
		[ -f "$f" ] && mlog=$f && break
	done
	if [ -n "$mlog" ]; then
		{ echo "==== $mlog"; cat "$mlog"; } >>"$4" 2>/dev/null || true
	fi
	[ -z "${5:-}" ] || echo "ice-backport: $5" >>"$4" 2>/dev/null || true
	[ -z "$logdir" ] || echo "$2" >"$logdir/$1.failed" 2>/dev/null || true
	dk_restore "$1" >/dev/null ||
		dk_warn "$1: could not give back its module from $(dk_journal_dir)/$1; fix: free space under /lib/modules, then run: ice-backport autoinstall $1"
	dk_kernel=
	if [ -n "$(dk_module_file "$1")" ]; then
		keeps="keeps the ice-backport module it had (${3:-an earlier build})"
	else
		keeps="keeps its own ice driver"
	fi
	dk_warn "$1: the build of $DKMS_NAME $2 $(if [ -n "${5:-}" ]; then echo "was stopped ($5)"; else echo failed; fi); $1 $keeps. Log: $4; retry: ice-backport autoinstall $1"
}

# dk_stopped SIGNAL: this run was told to stop (SIGTERM, SIGINT, SIGHUP)
# while it rebuilt a kernel: the build is stopped and the kernel gets its
# module back before the run exits.
dk_stopped() {
	# shellcheck disable=SC2086 # signal names
	trap '' $stop_signals
	# The signal came while a dkms command's output went to the log: say
	# it where the run's own output goes.
	exec 1>&3 2>&4
	if [ -n "${dk_child:-}" ]; then
		kill -TERM "-$dk_child" 2>/dev/null || kill -TERM "$dk_child" 2>/dev/null || true
		wait "$dk_child" 2>/dev/null || true
	fi
	if [ -n "${dk_kernel:-}" ]; then
		dk_failed "$dk_kernel" "$dk_version" "$(head -n 1 "$(dk_journal_dir)/$dk_kernel/version" 2>/dev/null || true)" \
			"$(dk_log "$dk_kernel.log")" "interrupted by SIG$1"
	fi
	exit "$(signal_status "$1")"
}

# dk_forget_old VERSION: remove the builds of every other version from the
# kernels VERSION is installed for now, and unregister a version that is
# installed for no kernel any more.
dk_forget_old() {
	for old in $(dk_versions); do
		[ "$old" != "$1" ] || continue
		in_use=
		while IFS= read -r k; do
			[ "$(dk_installed_version "$k")" = "$old" ] && in_use="$in_use $k"
		done <<-EOF
			$(dk_kernels 2>/dev/null)
		EOF
		if [ -z "$in_use" ]; then
			dkms remove -m "$DKMS_NAME" -v "$old" --all >/dev/null 2>&1 ||
				rm -rf "/var/lib/dkms/$DKMS_NAME/$old"
			rm -rf "$(dk_kept_dir)/$DKMS_NAME-$old"
			dk_say "$old unregistered: $1 replaces it"
		else
			dk_say "$old stays registered: still the module of$in_use"
		fi
	done
}

# dk_initramfs KERNEL...: make again each initramfs that carries ice, so
# that the host boots the module it has now (Debian's initramfs-tools, or
# dracut).
dk_initramfs() {
	for k in "$@"; do
		# dracut first: a host has one of the two (Debian's packages of
		# them conflict), and RPM hosts only dracut.
		if command -v dracut >/dev/null 2>&1 && command -v lsinitrd >/dev/null 2>&1; then
			lsinitrd --kver "$k" 2>/dev/null | grep -q '/ice\.ko' || continue
			dracut -f --kver "$k" ||
				dk_warn "could not update the initramfs of $k; run: dracut -f --kver $k"
		elif command -v update-initramfs >/dev/null 2>&1 && command -v lsinitramfs >/dev/null 2>&1; then
			[ -f "/boot/initrd.img-$k" ] || continue
			lsinitramfs "/boot/initrd.img-$k" 2>/dev/null | grep -q '/ice\.ko' || continue
			update-initramfs -u -k "$k" ||
				dk_warn "could not update the initramfs of $k; run: update-initramfs -u -k $k"
		fi
	done
}

# dk_autoinstall INITRAMFS VERSION [KERNEL...]: build and install VERSION
# (empty: the package's) for the kernels given, or every installed one;
# INITRAMFS 1: then make again each initramfs that carries ice.  Returns
# 0 when every kernel has the module or was skipped on purpose (the
# policy, no headers, RDMA declined, DKMS's autoinstall disabled), 1 when
# a build failed, was not tried for want of what the host must fix, or a
# name was no kernel release (each warned, with its fix).  The callers
# that must not fail a transaction (the kernel hooks, the maintainer
# scripts) ignore it; the operator and configuration management read it.
dk_autoinstall() {
	initramfs=$1 v=$2 dk_status=0
	shift 2
	[ -n "$v" ] || v=$(dk_package_version)
	if [ -z "$v" ] || [ ! -f "/usr/src/$DKMS_NAME-$v/dkms.conf" ]; then
		dk_warn "no $DKMS_NAME source tree under /usr/src${v:+ for $v}: nothing to build (reinstall ice-backport-dkms)"
		return 1
	fi
	if ! command -v dkms >/dev/null 2>&1; then
		dk_warn "dkms is not installed: nothing built (install dkms, then run: ice-backport autoinstall)"
		return 1
	fi
	if [ -f "/etc/dkms/no-autoinstall" ]; then
		dk_say "DKMS autoinstall is disabled (/etc/dkms/no-autoinstall): not building"
		return 0
	fi
	if ! dk_register "$v"; then
		dk_warn "DKMS did not register $DKMS_NAME/$v; run: dkms add -m $DKMS_NAME -v $v"
		return 1
	fi
	dk_open_log_dir
	dk_kernel='' dk_child=''
	exec 3>&1 4>&2
	# Every signal whose default is to end the run: the kernel being
	# rebuilt gets its module back first (dk_stopped).
	for dk_sig in $stop_signals; do
		# shellcheck disable=SC2064 # the signal's name, now
		trap "dk_stopped $dk_sig" "$dk_sig"
	done
	dk_recover
	if [ $# -eq 0 ]; then
		# One name a line, never word-split nor glob-expanded.
		while IFS= read -r k; do
			[ -z "$k" ] || set -- "$@" "$k"
		done <<-EOF
			$(dk_kernels)
		EOF
	fi
	built=
	for k in "$@"; do
		k=${k%%/*}
		if ! release_ok "$k"; then
			dk_status=1
			dk_warn "'$(printf '%s' "$k" | safe_text | tr '\n' '?')' is not a kernel release: skipped"
			continue
		fi
		if dk_build_one "$v" "$k"; then
			built="$built $k"
		fi
	done
	# shellcheck disable=SC2086 # signal names
	trap - $stop_signals
	dk_forget_old "$v"
	# shellcheck disable=SC2086 # kernel releases have no blanks
	[ "$initramfs" = 0 ] || dk_initramfs $built
	return "$dk_status"
}

# dk_unregister: remove every version from every kernel (package removal).
dk_unregister() {
	for v in $(dk_versions); do
		dkms remove -m "$DKMS_NAME" -v "$v" --all >/dev/null 2>&1 ||
			dk_warn "DKMS could not remove $DKMS_NAME/$v; run: dkms remove -m $DKMS_NAME -v $v --all"
	done
	rm -rf "$(dk_log_dir)" "$(dk_kept_dir)" "$(dk_journal_dir)"
	rmdir "/var/lib/$DKMS_NAME" 2>/dev/null || true
	return 0
}
