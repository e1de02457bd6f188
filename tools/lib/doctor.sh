# shellcheck shell=sh
# `ice-backport doctor`: gather the facts (kernel, loaded module, DKMS,
# E800 ports, Secure Boot), judge them, print them for a person or as
# JSON.  Sourced by tools/ice-backport after host.sh; sets doctor_exit
# (0 healthy, 1 action needed, 2 could not tell).
# shellcheck disable=SC2154 # data, R and CMDS come from the entry and host.sh

TAB=$(printf '\t')

# doctor_exit_trap: scratch files go; a stop the code did not mean (set -e
# after a failed write, say) says so and exits 2, "could not tell", never
# 1, which means "action needed".  The entry sets doctor_done before its
# own exit.
doctor_exit_trap() {
	doctor_trap_rc=$?
	doctor_cleanup
	if [ "${doctor_done:-}" != 1 ] && [ "$doctor_trap_rc" != 0 ] && [ "$doctor_trap_rc" != 2 ]; then
		tool_die "stopped before it could tell (exit status $doctor_trap_rc)" \
			"check that TMPDIR='${TMPDIR:-/tmp}' has free space, and run it again"
	fi
}

# doctor_cleanup: the scratch directory and a bundle's partial file go.
doctor_cleanup() {
	[ -z "${dtmp:-}" ] || rm -rf "$dtmp"
	[ -z "${bw_part:-}" ] || rm -f "$bw_part"
}

# doctor_stopped SIGNAL: the run was told to stop (Ctrl-C, a timeout, a
# closed terminal, a reader gone): dash runs no EXIT trap for a signal, so
# the scratch files go here, and the run ends with the status the signal
# would have given it (128 + its number).
doctor_stopped() {
	# shellcheck disable=SC2086 # signal names
	trap '' $stop_signals PIPE
	trap - EXIT
	doctor_cleanup
	exit "$(signal_status "$1")"
}

# doctor_knobs: the settings from the environment are usable, or exit 2:
# a doctor that stops half way prints nothing an operator can act on.
doctor_knobs() {
	secs=${ICE_BP_SAMPLE_SECS:-2}
	case $secs in
	'' | *[!0-9.]* | *.*.* | .*) tool_die "ICE_BP_SAMPLE_SECS='$secs' is not a number of seconds" \
		"unset it (2 seconds between the two counter samples), or give a number such as 2 or 0.5" ;;
	esac
	dtmp_base=${TMPDIR:-/tmp}
	# The traps first: a signal right after mktemp must not leave it.
	dtmp=''
	trap doctor_exit_trap EXIT
	for doctor_sig in $stop_signals PIPE; do
		# shellcheck disable=SC2064 # the signal's name, now
		trap "doctor_stopped $doctor_sig" "$doctor_sig"
	done
	dtmp=$(mktemp -d "$dtmp_base/ice-bp-doctor.XXXXXX" 2>/dev/null) ||
		tool_die "cannot create a temporary directory in TMPDIR='$dtmp_base' (missing, not writable or full)" \
			"set TMPDIR to a writable directory with free space, or unset it to use /tmp"
	# A full file system still lets mkdir through on some: write a block
	# to know that the facts will fit.
	if dd if=/dev/zero of="$dtmp/space" bs=4096 count=16 2>/dev/null; then
		rm -f "$dtmp/space"
	else
		tool_die "TMPDIR='$dtmp_base' has no room for the doctor's scratch files (64 KiB)" \
			"free space there, or set TMPDIR to a directory with free space"
	fi
}

doctor_run() {
	doctor_knobs
	host_need_procfs
	: >"$dtmp/findings"
	: >"$dtmp/dkms"
	: >"$dtmp/ports"
	: >"$dtmp/rings"
	facts_kernel
	facts_module
	facts_dkms
	facts_ports
	facts_secureboot
	facts_rdma
	judge
	if grep -q "^action$TAB" "$dtmp/findings"; then
		doctor_exit=1 doctor_status=action-needed
	elif grep -q "^unknown$TAB" "$dtmp/findings"; then
		doctor_exit=2 doctor_status=unknown
	else
		doctor_exit=0 doctor_status=healthy
	fi
}

# finding LEVEL CHECK MESSAGE [FIX]: LEVEL is ok, info, action or unknown.
finding() {
	printf '%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "${4:-}" >>"$dtmp/findings"
}

# ---- the running kernel and whether its own ice leaks -------------------
facts_kernel() {
	kver=$(rd /proc/sys/kernel/osrelease | head -n 1)
	# Under another root, the machine's own uname would be a lie.
	[ -n "$kver" ] || [ -n "$R" ] || kver=$(run uname -r || true)
	[ -n "$kver" ] || tool_die "cannot read the running kernel's release (${R:-}/proc/sys/kernel/osrelease)" \
		"mount the host's /proc${R:+ under $R}"
	# It names paths below: no slash, no blank, no control byte.
	release_ok "$kver" || {
		tool_die "the running kernel's release '$kver' (${R:-}/proc/sys/kernel/osrelease) is not a kernel release string" \
		"check that the root holds a host's procfs"
	}
	# Its tier in the kernel policy (tools/lib/kernels, ice-backport tier).
	ktier=$(sh "$data/kernels" tier-of "$kver" 2>/dev/null || echo unknown)
	# shellcheck disable=SC2034 # read by facts_leak (kernel-leak.sh)
	procver=$(rd /proc/version | head -n 1)
	facts_leak
	intree=$(first_file "$R/lib/modules/$kver/kernel/drivers/net/ethernet/intel/ice/ice.ko"* || true)
	intree=${intree#"$R"}
	intree_src='' intree_vermagic=''
	if [ -n "$intree" ]; then
		mi=$(modinfo_of "$intree" || true)
		intree_src=$(printf '%s\n' "$mi" | field srcversion)
		intree_vermagic=$(printf '%s\n' "$mi" | field vermagic | cut -d' ' -f1)
	fi
}

# ---- which ice is loaded, and what DKMS installed for this kernel -------
facts_module() {
	loaded=no lver='' lsrc='' ltaint='' which=none
	if [ -d "$R/sys/module/ice" ]; then
		loaded=yes
		# One line each, no tab: they go into tab-separated records.
		lver=$(rd /sys/module/ice/version | head -n 1)
		lsrc=$(rd /sys/module/ice/srcversion | head -n 1)
		ltaint=$(rd /sys/module/ice/taint | head -n 1)
		lver=${lver%%"$TAB"*} lsrc=${lsrc%%"$TAB"*} ltaint=${ltaint%%"$TAB"*}
	fi
	dkms_ko=$(dkms_module_file "$R" "$kver")
	dkms_ko=${dkms_ko#"$R"}
	dkms_ver='' dkms_src='' dkms_signer='' dkms_upstream='' dkms_tree=''
	if [ -n "$dkms_ko" ]; then
		mi=$(modinfo_of "$dkms_ko" || true)
		dkms_ver=$(printf '%s\n' "$mi" | field version)
		dkms_src=$(printf '%s\n' "$mi" | field srcversion)
		dkms_signer=$(printf '%s\n' "$mi" | field signer)
		dkms_upstream=$(printf '%s\n' "$mi" | field backport_upstream)
		dkms_tree=$(printf '%s\n' "$mi" | field backport_tree_sha256)
		dkms_ver=${dkms_ver%%"$TAB"*} dkms_src=${dkms_src%%"$TAB"*} dkms_signer=${dkms_signer%%"$TAB"*}
	fi
	lfile='' lfile_author=''
	[ "$loaded" = yes ] || return 0
	if [ -n "$lsrc" ] && [ "$lsrc" = "$dkms_src" ]; then
		which=dkms
	elif [ -n "$lsrc" ] && [ "$lsrc" = "$intree_src" ]; then
		which=in-tree
	elif loaded_file; then
		# The loaded ice is another file of this kernel: its own modinfo
		# says whose it is.  Ours carries backport_upstream
		# (compat/ice_backport_info.c); a taint O alone says only "built
		# out of tree", which Intel's own driver is too.
		mi=$(modinfo_of "$lfile" || true)
		if [ -n "$(printf '%s\n' "$mi" | field backport_upstream)" ]; then
			which=ours-other
		else
			lfile_author=$(printf '%s\n' "$mi" | field author | cut -c 1-120)
			case $lfile_author:$ltaint in
			*Intel*:*O*) which=intel-oot ;;
			*:*O*) which=out-of-tree ;;
			*) which=unknown ;;
			esac
		fi
	else
		case $ltaint in
		# O: out-of-tree, and no file of this kernel says whose.
		*O*) which=out-of-tree ;;
		# The kernel's own ice has no version of its own.
		*) if [ -z "$lver" ]; then which=in-tree; else which=unknown; fi ;;
		esac
	fi
}

# loaded_file: lfile, the ice.ko* of the running kernel (outside its own
# kernel/ tree and DKMS's file, both judged already) whose srcversion is
# the loaded module's: Intel's out-of-tree driver in updates/drivers/...,
# a kmod package's in extra/ or weak-updates/, an older ice-backport.
loaded_file() {
	[ -n "$lsrc" ] && [ -d "$R/lib/modules/$kver" ] || return 1
	find "$R/lib/modules/$kver" -path "$R/lib/modules/$kver/kernel" -prune -o \
		-name 'ice.ko*' -type f -print 2>/dev/null | LC_ALL=C sort | head -n 16 >"$dtmp/icefiles" || true
	while IFS= read -r lf_f; do
		lf_f=${lf_f#"$R"}
		[ "$lf_f" != "$dkms_ko" ] || continue
		case $lf_f in *[[:space:]]*) continue ;; esac
		if [ "$(modinfo_of "$lf_f" | field srcversion)" = "$lsrc" ]; then
			lfile=$lf_f
			return 0
		fi
	done <"$dtmp/icefiles"
	return 1
}

# policy_ask COMMAND KERNEL: the kernel policy's answer for the root
# (tools/lib/kernels, with the root's kernels.list and policy.conf).
policy_ask() {
	if [ -n "$policy_list" ]; then
		ICE_BP_ROOT=$R sh "$data/kernels" --list "$policy_list" "$@"
	else
		ICE_BP_ROOT=$R sh "$data/kernels" "$@"
	fi
}

# ---- DKMS state of the package for every installed kernel ---------------
# Each kernel: its tier in the kernel policy, and whether the module is
# installed, refused by the policy, not built for want of headers, or
# failed (ice-backport autoinstall keeps the log in /var/log/ice-backport).
# The policy is the installed tree's kernels.list, judged by this tool's
# reader, with the operator's policy file under the same root.
facts_dkms() {
	# The version DKMS registered (/var/lib/dkms/ice-backport/VERSION, a
	# directory) whose tree is in /usr/src, the newest when several are;
	# only when DKMS registered none, the newest tree in /usr/src.  The
	# first name the glob gave was an older leftover as often as not.
	pkg_ver='' pkg_reg=no
	for c in "$R"/usr/src/ice-backport-*/dkms.conf; do
		[ -f "$c" ] || continue
		c=${c%/dkms.conf}
		c=${c##*/ice-backport-}
		reg=no
		if [ -d "$R/var/lib/dkms/ice-backport/$c" ] && [ ! -L "$R/var/lib/dkms/ice-backport/$c" ]; then reg=yes; fi
		if [ -z "$pkg_ver" ] || { [ "$reg" = yes ] && [ "$pkg_reg" = no ]; } ||
			{ [ "$reg" = "$pkg_reg" ] && [ "$(ver_cmp "$c" "$pkg_ver")" = 1 ]; }; then
			pkg_ver=$c pkg_reg=$reg
		fi
	done
	[ -n "$pkg_ver" ] || return 0
	pkg_dir=$R/usr/src/ice-backport-$pkg_ver
	# The policy is judged by this tool's own reader ($data/kernels), with
	# the installed tree's kernels.list as its data: a root the doctor
	# inspects may hold anything, and nothing in it is ever run (as root).
	# The list is read once, capped and only as a regular file in the
	# root (rdp); without one, the tool's own list.
	policy_list=
	if [ -f "$pkg_dir/kernels.list" ] || [ -L "$pkg_dir/kernels.list" ]; then
		rdp "$pkg_dir/kernels.list" >"$dtmp/kernels.list"
		policy_list=$dtmp/kernels.list
	fi
	for d in "$R"/lib/modules/*/; do
		[ -d "$d" ] || continue
		k=${d%/}
		k=${k##*/}
		# A name that is no kernel release (a newline or a tab would
		# forge records of its own below) is not a kernel.
		release_ok "$k" || continue
		[ -d "$d/kernel" ] || [ -e "$d/build" ] || [ -d "$d/updates" ] || [ -d "$d/extra" ] || continue
		log='' why='' have=''
		tier=$(policy_ask tier-of "$k" 2>"$dtmp/policy-err") || tier=unknown
		ko=$(dkms_module_file "$R" "$k")
		[ -z "$ko" ] || have=$(modinfo_of "${ko#"$R"}" | field version || true)
		failed=$R/var/log/ice-backport/$k.failed
		declined=$R/var/log/ice-backport/$k.rdma-declined
		if [ "$tier" = unknown ]; then
			# The policy itself cannot answer (a kernels.list it cannot
			# read): what DKMS does for this kernel cannot be told.
			state='policy-error'
			why=$(head -n 1 "$dtmp/policy-err" | tr '\t' ' ')
		elif [ -f "$failed" ]; then
			log=/var/log/ice-backport/$k.log
			if [ -n "$ko" ]; then state=kept-old; else state=failed; fi
		elif [ -f "$declined" ]; then
			# Built, not installed: the host uses RDMA and the build has
			# none (tools/lib/dkms.sh, rdma = decline).
			state=rdma-declined
			why=$(rdp "$declined" | head -n 1 | cut -f 2 | tr '\t' ' ')
		elif [ -n "$ko" ]; then
			state=installed
		elif ! why=$(policy_ask accepts "$k" 2>/dev/null); then
			state=refused
		elif [ ! -e "$d/build" ]; then
			state=no-headers
		else
			state=failed
			log=$(first_file "$R/var/lib/dkms/ice-backport/$pkg_ver/$k"/*/log/make.log \
				"$R/var/lib/dkms/ice-backport/$pkg_ver/build/make.log" || true)
			log=${log#"$R"}
		fi
		# '-' for an empty field: read splits on tabs as on blanks, and
		# would merge two of them.
		printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$k" "$state" "${log:--}" "$tier" "${have:--}" "${why:--}" >>"$dtmp/dkms"
	done
}

# ring_counters FILE: one line a ring of FILE (`ethtool -S`), in the order
# the rings come: the ring, then its page alloc, reuse, waive, busy and
# stale counters as read, '-' for one the driver did not give (read splits
# on tabs as on blanks: an empty field would shift the next).  The one
# reader of the counters: the verdict, the JSON and the metrics.
ring_counters() {
	awk -v OFS="$TAB" '
		BEGIN { split("alloc reuse waive busy stale", c, " ") }
		match($1, /^rx_queue_[0-9]+_page_(alloc|reuse|waive|busy|stale):$/) && $2 ~ /^[0-9]+$/ {
			split(substr($1, 10, length($1) - 10), p, "_page_")
			v[p[1], p[2]] = $2
			if (!(p[1] in seen)) { seen[p[1]] = 1; order[k++] = p[1] }
		}
		END {
			for (i = 0; i < k; i++) {
				q = order[i]
				line = q
				for (j = 1; j <= 5; j++)
					line = line OFS ((q, c[j]) in v ? v[q, c[j]] : "-")
				print line
			}
		}' "$1"
}

# counters_verdict FILE1 FILE2: "RINGS STALE_RINGS SIGNATURE_RINGS" from
# two `ethtool -S` samples (ring lists comma-separated, '-' for none);
# nothing when there are no Rx page counters.
counters_verdict() {
	ring_counters "$1" >"$dtmp/rc1"
	ring_counters "$2" >"$dtmp/rc2"
	# Fields: ring, alloc, reuse, waive, busy, stale ('-' counts as 0).
	awk -F"$TAB" '
		FILENAME == ARGV[1] { for (f = 2; f <= 6; f++) v[1, $1, f] = $f }
		FILENAME != ARGV[1] { for (f = 2; f <= 6; f++) v[2, $1, f] = $f }
		!($1 in seen) { seen[$1] = 1; order[n++] = $1 }
		END {
			if (!n) exit
			stale = sig = ""
			for (i = 0; i < n; i++) {
				q = order[i]
				if (v[2, q, 6] + 0 > 0)
					stale = stale (stale == "" ? "" : ",") q
				a = v[2, q, 2] - v[1, q, 2]
				r = v[2, q, 3] - v[1, q, 3]
				gone = v[2, q, 4] - v[1, q, 4] + v[2, q, 5] - v[1, q, 5]
				# New pages replace pages that left the ring; when none was
				# released (waive, busy) and none recycled, they replace
				# pages that were lost.
				if (a > 0 && r == 0 && a > gone)
					sig = sig (sig == "" ? "" : ",") q
			}
			print n, (stale == "" ? "-" : stale), (sig == "" ? "-" : sig)
		}' "$dtmp/rc1" "$dtmp/rc2"
}

# port_verdict COUNTERS STALE SIGNATURE: a port's Rx page verdict from its
# record's fields (the JSON's and the metrics' word for it).
port_verdict() {
	case $1 in
	yes) pv=ok ;;
	not-read | no-ethtool) pv=$1 ;;
	*) pv=no-counters ;;
	esac
	[ "$3" = - ] || pv=leak-signature
	[ "$2" = - ] || pv=leak
	echo "$pv"
}

# rings_rec BDF NETDEV FILE: FILE's rings (ring_counters) into
# $dtmp/rings, each record led by BDF and NETDEV: the JSON and the metrics
# export them raw.
rings_rec() {
	# Through the environment: awk -v and sed would read a backslash or
	# an & of the name as their own.
	ring_counters "$3" | RR_LEAD="$1$TAB$2" awk '{ print ENVIRON["RR_LEAD"] "\t" $0 }' >>"$dtmp/rings"
}

# port_rec FIELD...: one tab-separated record, each field with its tabs
# and newlines made blanks and an empty one written '-'.
port_rec() {
	port_rec_sep=
	for port_rec_f in "$@"; do
		port_rec_f=$(printf '%s' "$port_rec_f" | tr '\t\n' '  ')
		printf '%s%s' "$port_rec_sep" "${port_rec_f:--}"
		port_rec_sep=$TAB
	done
	printf '\n'
}

# ---- E800 ports --------------------------------------------------------
facts_ports() {
	e800=0 bad_netdevs=''
	ids=$(awk '!/^#/ && NF { printf " %s", $1 }' "$data/e800-pci-ids")
	have_pkg_file=no
	ls "$R"/lib/firmware/intel/ice/ddp/ice.pkg* >/dev/null 2>&1 && have_pkg_file=yes
	# The kernel log of the live host only (`live`: not under a root).
	klog=$(live dmesg || true)
	for d in "$R"/sys/bus/pci/devices/*; do
		bdf=${d##*/}
		# A PCI address; anything else is not a device of a real sysfs.
		case $bdf in *[!0-9a-fA-F:.]* | '') continue ;; esac
		[ "$(rdp "$d/vendor")" = 0x8086 ] || continue
		case "$ids " in *" $(rdp "$d/device") "*) ;; *) continue ;; esac
		e800=$((e800 + 1))
		drv=none
		[ ! -e "$d/driver" ] && [ ! -L "$d/driver" ] || drv=$(basename "$(readlink "$d/driver")")
		drv=${drv%%"$TAB"*}
		ddp=unknown
		dl=$(live devlink dev info "pci/$bdf" || true)
		app=$(printf '%s\n' "$dl" | awk '$1 == "fw.app.name" { $1 = ""; sub(/^ /, ""); print; exit }')
		appv=$(printf '%s\n' "$dl" | awk '$1 == "fw.app" { print $2; exit }')
		if printf '%s\n' "$klog" | grep -F -- "$bdf" | grep -qi 'safe mode'; then
			ddp=safe-mode
		elif [ -n "$app" ]; then
			ddp="$app $appv"
		fi
		ddp=${ddp%%"$TAB"*}
		# Every name, dot names too (ls without -A missed .eth0), never
		# glob-expanded (a port named '*'), one a line.  A name that is no
		# printable interface name (netdev_ok: an escape or a newline from
		# a hostile root) would reach the terminal, the JSON and the
		# bundle's file names: the port is not examined, and said so
		# (judge) without its name.
		: >"$dtmp/nets"
		for np in "$d"/net/* "$d"/net/.[!.]* "$d"/net/..?*; do
			[ -e "$np" ] || [ -L "$np" ] || continue
			n=${np##*/}
			if ! netdev_ok "$n"; then
				case "$bad_netdevs " in *" $bdf "*) ;; *) bad_netdevs="$bad_netdevs $bdf" ;; esac
				continue
			fi
			printf '%s\n' "$n" >>"$dtmp/nets"
		done
		[ -s "$dtmp/nets" ] || echo - >"$dtmp/nets"
		while IFS= read -r n; do
			mtu='' fw='' dver='' xdp=unknown counters=no rings=0 stale=- sig=-
			if [ "$n" != - ]; then
				mtu=$(rdp "$d/net/$n/mtu" | head -n 1 | cut -c 1-64)
				ei_rc=0
				ei=$(live ethtool -i "$n") || ei_rc=$?
				fw=$(printf '%s\n' "$ei" | field firmware-version)
				dver=$(printf '%s\n' "$ei" | field version)
				if il=$(live ip -d link show dev "$n"); then
					xdp=$(printf '%s\n' "$il" | sed -n 's/.*prog\/xdp id \([0-9]*\).*/id \1/p' | head -n 1)
					[ -n "$xdp" ] || xdp=none
				fi
				s_rc=0
				live ethtool -S "$n" >"$dtmp/s1" || s_rc=$?
				# Two samples: a leak shows as allocations growing while no
				# page is recycled or released.
				[ -n "$CMDS" ] || [ "$s_rc" != 0 ] || sleep "$secs"
				[ "$s_rc" != 0 ] || live_again ethtool -S "$n" >"$dtmp/s2" || s_rc=$?
				# Why there are no counters, when there are none: no
				# ethtool here, a root read, or a driver without them.
				case $s_rc:$ei_rc in
				126:*) counters=not-read ;;
				127:127) counters=no-ethtool ;;
				0:*)
					# shellcheck disable=SC2046 # three words
					set -- $(counters_verdict "$dtmp/s1" "$dtmp/s2")
					[ $# -ne 3 ] || counters=yes rings=$1 stale=$2 sig=$3
					[ "$counters" != yes ] || rings_rec "$bdf" "$n" "$dtmp/s2"
					;;
				esac
			fi
			# One record a port, '-' for an empty field: read splits on
			# tabs as on blanks and would merge two of them, shifting
			# every later field (an empty firmware made a clean port read
			# as "Rx page leak, ring(s) :").  No field holds a tab.
			port_rec "$bdf" "$n" "$drv" "$dver" "$fw" "$ddp" "$mtu" "$xdp" "$counters" "$rings" "$stale" "$sig" >>"$dtmp/ports"
		done <"$dtmp/nets"
	done
}

# ---- RDMA: in use on an E800 port, and carried by the build? -----------
facts_rdma() {
	rdma_use=no rdma_carry='' rdma_use_why='' rdma_gap_why=''
	rdma_pol=$(rdma_policy)
	if rdma_uses; then rdma_use=yes; fi
	[ "$rdma_use" = yes ] && [ -n "$dkms_ko" ] || return 0
	if rdma_gap "$kver" "$dkms_ko"; then rdma_carry=no; else rdma_carry=yes; fi
}

# ---- Secure Boot and the module's signature -----------------------------
facts_secureboot() {
	sb=unknown
	if o=$(live mokutil --sb-state); then
		case $o in
		*"SecureBoot enabled"*) sb=enabled ;;
		*"SecureBoot disabled"*) sb=disabled ;;
		esac
	fi
	if [ "$sb" = unknown ]; then
		v=$(first_file "$R"/sys/firmware/efi/efivars/SecureBoot-* || true)
		if [ -n "$v" ]; then
			# 4 bytes of attributes, then the value; read as every file of
			# the root is (rdp: a FIFO never blocks, a link out of the
			# root is not followed).
			case $(rdp "$v" | od -An -tu1 -j4 -N1 2>/dev/null | tr -d ' ') in
			1) sb=enabled ;;
			0) sb=disabled ;;
			esac
		elif [ ! -d "$R/sys/firmware/efi" ] && [ -d "$R/sys/firmware" ]; then
			sb=not-efi
		fi
	fi
	trusted=unknown
	case $which in
	dkms | ours-other | intel-oot | out-of-tree)
		# E: the kernel could not verify the module's signature.
		case $ltaint in *E*) trusted=no ;; *) trusted=yes ;; esac
		;;
	*)
		if [ -n "$dkms_ko" ] && o=$(live mokutil --test-key /var/lib/dkms/mok.pub); then
			case $o in
			*"already enrolled"*) trusted=yes ;;
			*"not enrolled"*) trusted=no ;;
			esac
		fi
		;;
	esac
}

# move_to: the kernel to move to, named when the data knows it.
move_to() {
	if [ -n "$leak_move" ]; then
		echo "$leak_move"
	elif [ "$leak_cause" = zero-length-bias ]; then
		echo "a kernel without Red Hat's zero-length change (none of this line yet)"
	else
		echo "a kernel with the fix"
	fi
}

# ---- verdicts ----------------------------------------------------------
judge() {
	adv_family
	ours_runs=no
	case $which in dkms | ours-other) ours_runs=yes ;; esac
	case $leak in
	affected)
		if [ "$ours_runs" = yes ]; then
			finding ok kernel "the own ice of $kver leaks Rx pages ($leak_why); ice-backport's driver runs instead"
		elif [ "$which" = intel-oot ]; then
			finding ok kernel "the own ice of $kver leaks Rx pages ($leak_why); Intel's out-of-tree ice $lver runs instead, whose Rx path releases each buffer as it is used and never had this leak"
		elif { [ "$which" = out-of-tree ] || [ "$which" = unknown ]; } && [ "$e800" != 0 ]; then
			# Another ice runs, whose Rx path nothing here can judge: the
			# kernel's own leak is not what this host runs.
			finding unknown kernel "the own ice of $kver leaks Rx pages ($leak_why), but the ice loaded is another build (version '$lver'), whose Rx path cannot be judged" \
				"send a support bundle; or load the kernel's own ice or ice-backport's"
		elif [ "$e800" = 0 ]; then
			finding info kernel "the own ice of $kver leaks Rx pages ($leak_why), but this host has no E800 adapter"
		elif [ -n "$dkms_ko" ]; then
			: # the module check says to load ours
		elif [ -n "$pkg_ver" ]; then
			finding action kernel "the own ice of $kver leaks Rx pages ($leak_why) and DKMS installed no ice-backport for it" \
				"see the DKMS finding below; or move to $(move_to); $(adv_mitigate)"
		else
			finding action kernel "the own ice of $kver leaks Rx pages ($leak_why) and ice-backport is not installed" \
				"$(adv_install "$kver")$(adv_mok), then reboot (or modprobe -r ice && modprobe ice); or move to $(move_to); $(adv_mitigate)"
		fi
		;;
	fixed | not-affected)
		finding ok kernel "the own ice of $kver does not leak ($leak_why)"
		;;
	*)
		if [ "$ours_runs" = yes ]; then
			finding ok kernel "whether the own ice of $kver leaks is not known ($leak_why); ice-backport's driver runs instead"
		elif [ "$which" = intel-oot ]; then
			finding ok kernel "whether the own ice of $kver leaks is not known ($leak_why); Intel's out-of-tree ice $lver runs instead, which never had this leak"
		elif [ "$e800" = 0 ]; then
			finding info kernel "whether the own ice of $kver leaks is not known ($leak_why); this host has no E800 adapter"
		else
			finding unknown kernel "cannot tell whether the own ice of $kver leaks Rx pages: $leak_why" \
				"check that kernel's ice source with scripts/import/rx-guard, or install ice-backport-dkms"
		fi
		;;
	esac

	if root_only; then
		finding info root "read from the root $R: its kernel log, the ports' ethtool, ip and devlink output and mokutil's answers were not read, being this machine's state, not the root's host's (Safe Mode, the Rx page counters, XDP and the module key's enrolment are therefore not judged)" \
			"run ice-backport doctor on the host itself; or, where $R is this machine's own root (a container with the host's / and network), add --live"
	fi

	reload="modprobe -r ice && modprobe ice (this drops the E800 links for a moment), or reboot"
	case $which in
	dkms) finding ok module "the loaded ice is ice-backport $lver, the one DKMS installed for $kver" ;;
	ours-other)
		if [ -n "$dkms_ko" ]; then
			finding action module "the loaded ice is ice-backport $lver ($lfile), not the build DKMS installed for $kver ($dkms_ver, srcversion $dkms_src)" "$reload"
		else
			finding info module "the loaded ice is ice-backport $lver ($lfile), not installed by DKMS"
		fi
		;;
	intel-oot)
		# Not ours, and not leaking: two out-of-tree ice drivers for one
		# kernel is the operator's choice to make, not an alarm.
		if [ -n "$dkms_ko" ]; then
			finding info module "the loaded ice is Intel's out-of-tree driver $lver ($lfile), not ice-backport $dkms_ver, which DKMS installed for $kver; keep one of the two (which loads at boot depends on depmod's search order)" \
				"to run ice-backport: remove Intel's package (or $lfile), depmod -a, then $reload"
		else
			finding info module "the loaded ice is Intel's out-of-tree driver $lver ($lfile); it does not have the multi-buffer Rx leak"
		fi
		;;
	out-of-tree)
		if [ -n "$dkms_ko" ]; then
			finding action module "the loaded ice ($lver, srcversion $lsrc) is an out-of-tree build but not the one DKMS installed for $kver ($dkms_ver, srcversion $dkms_src)" "$reload"
		elif [ "$e800" = 0 ]; then
			finding info module "the loaded ice is an out-of-tree build, version $lver, that no ice.ko of $kver matches; this host has no E800 adapter"
		else
			finding unknown module "the loaded ice ($lver, srcversion $lsrc) is an out-of-tree build that no ice.ko of $kver matches: whose it is, and whether it leaks, cannot be told" "send a support bundle"
		fi
		;;
	in-tree)
		if [ -n "$dkms_ko" ]; then
			finding action module "the kernel's own ice is loaded; DKMS installed ice-backport $dkms_ver for $kver, which is not running yet" "$reload"
		else
			finding info module "the kernel's own ice is loaded"
		fi
		;;
	unknown) finding unknown module "the loaded ice (version '$lver', srcversion '$lsrc') is neither the kernel's own nor the one DKMS installed" "send a support bundle" ;;
	none)
		if [ "$e800" -gt 0 ]; then
			finding action module "no ice module is loaded, but $e800 E800 function(s) are present" "modprobe ice; see the kernel log (dmesg | grep -i ice) if it fails"
		else
			finding info module "no ice module is loaded"
		fi
		;;
	esac

	if [ "$rdma_use" = yes ]; then
		rdma_fix="dkms remove ice-backport/$dkms_ver -k $kver, then reboot (or modprobe -r ice && modprobe ice): $kver's own ice and its RDMA come back; keep rdma = decline (the default) in /etc/ice-backport/policy.conf so that no such build is installed again"
		case $rdma_carry:$ours_runs in
		no:yes) finding action rdma "RDMA in use, this kernel's build of ice-backport has none: $rdma_gap_why (seen: $rdma_use_why)" "$rdma_fix" ;;
		no:*) finding action rdma "RDMA in use, this kernel's build of ice-backport has none: $rdma_gap_why; RDMA stops when it loads, at the next boot or reload of ice (seen: $rdma_use_why)" "$rdma_fix" ;;
		yes:*) finding ok rdma "RDMA in use ($rdma_use_why); ice-backport's build for $kver serves the kernel's irdma" ;;
		*) finding info rdma "RDMA in use ($rdma_use_why); no ice-backport module for $kver" ;;
		esac
	fi

	if [ -z "$pkg_ver" ]; then
		finding info dkms "ice-backport-dkms is not installed"
	else
		while IFS=$TAB read -r k state log tier have why; do
			[ "$log" != - ] || log=''
			case $state in
			installed)
				if [ "$have" = "$pkg_ver" ]; then
					finding ok dkms "ice-backport $pkg_ver is installed for $k ($tier kernel)"
				else
					finding action dkms "$k runs ice-backport $have, not the installed package's $pkg_ver ($tier kernel)" \
						"ice-backport autoinstall $k"
				fi
				;;
			kept-old) finding action dkms "the build of ice-backport $pkg_ver for $k failed ($tier kernel); $k keeps ice-backport $have; build log: $log" \
				"read the log; ice-backport autoinstall $k; send a support bundle if it fails again" ;;
			refused) finding info dkms "$k is skipped by the kernel policy: $why; it keeps its own ice" ;;
			rdma-declined) finding info dkms "ice-backport $pkg_ver is built for $k but not installed: this host uses RDMA and that build has none ($why); $k keeps ${have:+ice-backport $have, }its RDMA (rdma = $rdma_pol)" ;;
			policy-error) finding unknown dkms "the kernel policy of ice-backport $pkg_ver cannot say whether DKMS builds for $k: ${why:-its kernels script failed}" \
				"reinstall ice-backport-dkms; if /usr/src/ice-backport-$pkg_ver/kernels.list was edited, correct it" ;;
			no-headers)
				if [ "$k" = "$kver" ]; then
					finding action dkms "ice-backport $pkg_ver is not built for the running kernel $k: its headers are not installed" "$(adv_headers "$k"), then ice-backport autoinstall $k"
				else
					finding info dkms "ice-backport $pkg_ver is not built for $k: its headers are not installed"
				fi
				;;
			failed) finding action dkms "DKMS did not build or install ice-backport $pkg_ver for $k ($tier kernel, headers installed); it keeps its own ice; build log: ${log:-none kept}" \
				"read the log; ice-backport autoinstall $k; send a support bundle if it fails again" ;;
			esac
		done <"$dtmp/dkms"
	fi

	if [ -n "$bad_netdevs" ]; then
		finding unknown ports "a network interface of the E800 function(s)$bad_netdevs has a name that is not a printable interface name (a control byte such as an escape, a byte that is not ASCII, a blank, or more than 15 bytes): it was not examined, and its name is not shown" \
			"rename it to a name of letters, digits, '.', '-' and '_' (ip link set dev OLD name NEW), then run the doctor again"
	fi
	if [ "$e800" = 0 ]; then
		finding info ports "no E800 (E810, E830, E823, E822, E825) adapter on this host: it does not need ice-backport"
	fi
	if [ "$e800" -gt 0 ] && [ "$have_pkg_file" = no ]; then
		finding action ports "no DDP package file (/lib/firmware/intel/ice/ddp/ice.pkg): the E800 ports run in Safe Mode at the next load" \
			"$(adv_firmware)"
	fi
	while IFS=$TAB read -r bdf n drv dver fw ddp mtu xdp counters rings stale sig; do
		p="$n ($bdf)"
		[ "$n" != - ] || p=$bdf
		if [ "$drv" = none ]; then
			finding action ports "$p is bound to no driver" "modprobe ice; see dmesg | grep -i ice"
			continue
		fi
		[ "$dver" != - ] || dver=''
		[ "$fw" != - ] || fw=''
		[ "$ddp" != safe-mode ] || finding action ports "$p runs in Safe Mode: the DDP package did not load" \
			"install the DDP package ($(adv_firmware)), then $reload"
		[ "$n" != - ] || continue
		if [ "$stale" != - ]; then
			finding action ports "Rx page leak on $p, ring(s) $stale: the stale-page counter is not 0" \
				"send ice-backport support-bundle to support; until fixed, MTU 1500 avoids multi-buffer frames"
		elif [ "$sig" != - ]; then
			finding action ports "leak signature on $p, ring(s) $sig: pages allocated while none was recycled or released" \
				"send ice-backport support-bundle to support; until fixed, MTU 1500 avoids multi-buffer frames"
		elif [ "$counters" = yes ]; then
			finding ok ports "$p: Rx page counters of $rings ring(s) show no leak"
		elif [ "$counters" = not-read ]; then
			# Reported once, with the rest a root read leaves out.
			:
		elif [ "$counters" = no-ethtool ]; then
			# Not a verdict on the leak: the kernel check judged the
			# driver; the counters only confirm it.
			finding info ports "$p: ethtool is not installed, so its Rx page counters were not read" \
				"install ethtool (apt install ethtool, dnf install ethtool, zypper install ethtool) to have them checked"
		elif [ "$ours_runs" != yes ] || [ "$drv" != ice ]; then
			finding info ports "$p: no Rx page counters (driver $drv, not ice-backport's)"
		else
			finding unknown ports "$p: ice-backport's driver runs but shows no Rx page counters, the leak cannot be judged" "send a support bundle"
		fi
	done <"$dtmp/ports"

	case $sb:$trusted in
	enabled:no) finding action secureboot "Secure Boot is on and the kernel does not trust the module's signing key: it refuses ice-backport's ice" \
		"mokutil --import /var/lib/dkms/mok.pub, reboot, and enroll the key in MokManager" ;;
	enabled:yes) finding ok secureboot "Secure Boot is on and the module's signing key is trusted" ;;
	enabled:*)
		if [ -n "$dkms_ko" ]; then
			finding unknown secureboot "Secure Boot is on; whether the module's key is enrolled cannot be told" "mokutil --test-key /var/lib/dkms/mok.pub"
		else
			finding info secureboot "Secure Boot is on; no ice-backport module to check"
		fi
		;;
	disabled:no) finding info secureboot "the kernel could not verify the module's signature (taint E); Secure Boot is off, so it loads anyway" ;;
	not-efi:no) finding info secureboot "the kernel could not verify the module's signature (taint E); no Secure Boot (not an EFI boot), so it loads anyway" ;;
	*:no) finding info secureboot "the kernel could not verify the module's signature (taint E); the Secure Boot state is unknown" ;;
	not-efi:*) finding info secureboot "no Secure Boot: not an EFI boot" ;;
	*) finding info secureboot "Secure Boot: $sb" ;;
	esac
}

# ---- output ------------------------------------------------------------
doctor_human() {
	case $doctor_status in
	healthy) head="HEALTHY" ;;
	action-needed) head="ACTION NEEDED" ;;
	*) head="COULD NOT TELL" ;;
	esac
	echo "ice-backport doctor $tool_version: $head (exit $doctor_exit)"
	echo
	echo "kernel       $kver${upsrc:+ ($upsrc)}; tier: $ktier; own ice: ${intree:-none}; Rx leak: $leak${leak_cause:+ ($leak_cause)}${leak_basis:+, by its $leak_basis}"
	if [ "$loaded" = yes ]; then
		echo "loaded ice   $which, version ${lver:-none}, srcversion ${lsrc:-none}, taint '${ltaint}'"
	else
		echo "loaded ice   none"
	fi
	echo "DKMS ice     ${dkms_ko:-none}${dkms_ver:+, version $dkms_ver}${dkms_upstream:+, from $dkms_upstream}"
	if [ -n "$pkg_ver" ]; then
		echo "package      ice-backport $pkg_ver:$(awk -F"$TAB" '{ printf " %s %s %s%s;", $1, $4, $2, ($3 != "-" ? " (log " $3 ")" : "") }' "$dtmp/dkms")"
	else
		echo "package      not installed"
	fi
	if [ -s "$dtmp/ports" ]; then
		awk -F"$TAB" '{
			printf "port         %s %s: driver %s %s, firmware %s, DDP %s, MTU %s, XDP %s, Rx page counters %s",
				$1, $2, $3, ($4 == "" ? "-" : $4), ($5 == "" ? "-" : $5), $6, ($7 == "" ? "-" : $7), $8, $9
			if ($9 == "yes") printf " (%s rings, stale %s, leak signature %s)", $10, $11, $12
			print ""
		}' "$dtmp/ports"
	else
		echo "ports        no E800 function"
	fi
	echo "secure boot  $sb; module signer: ${dkms_signer:-none}; trusted: $trusted"
	echo "rdma         in use: $rdma_use${rdma_use_why:+ ($rdma_use_why)}; this kernel's build carries it: ${rdma_carry:-n/a}; policy: rdma = $rdma_pol"
	echo
	while IFS=$TAB read -r level check text fix; do
		printf '%-8s %-11s %s\n' "$level" "$check" "$text"
		[ -z "$fix" ] || printf '%-8s %-11s fix: %s\n' "" "" "$fix"
	done <"$dtmp/findings"
}

# jlist "a,b": a JSON array of strings from a comma-separated list.
jlist() {
	printf '['
	if [ "$1" != - ] && [ -n "$1" ]; then
		jlist_sep=
		jlist_ifs=$IFS
		IFS=,
		for jlist_i in $1; do
			printf '%s"%s"' "$jlist_sep" "$jlist_i"
			jlist_sep=,
		done
		IFS=$jlist_ifs
	fi
	printf ']'
}

# jv VALUE: a JSON string, or null when VALUE is empty.
jv() {
	if [ -z "$1" ]; then printf null; else js "$1"; fi
}

# jf KEY VALUE: one member, the value a string (null when empty);
# jr KEY JSON: one member with a value already in JSON; jo KEY / jc: open
# and close an object member.  jsep is the separator before the next one.
jf() {
	printf '%s"%s":' "$jsep" "$1"
	jv "$2"
	jsep=,
}
jr() {
	printf '%s"%s":%s' "$jsep" "$1" "$2"
	jsep=,
}
jo() {
	printf '%s"%s":{' "$jsep" "$1"
	jsep=
}
jc() {
	printf '}'
	jsep=,
}
jbool() {
	if [ "$1" = yes ]; then echo true; else echo false; fi
}

doctor_json() {
	jsep=
	printf '{'
	jf tool "ice-backport doctor"
	# The version of this object's fields: a change of a name or a
	# meaning makes it 2 (the metrics carry the same number).
	jr schema_version 1
	jf version "$tool_version"
	jf status "$doctor_status"
	jr exit "$doctor_exit"
	printf '\n'
	jo kernel
	jf release "$kver"
	jf tier "$ktier"
	jf source_version "$upsrc"
	jf own_ice "$intree"
	jf own_ice_vermagic "$intree_vermagic"
	jf own_ice_rx_leak "$leak"
	jf reason "$leak_why"
	jf changelog_package "$leak_pkg"
	jf changelog_evidence "$leak_evidence"
	jf family "$kfamily"
	jf distribution_version "$distver"
	jf rx_leak_cause "$leak_cause"
	jf rx_leak_basis "$leak_basis"
	jf move_to "$leak_move"
	jc
	printf '\n'
	jo module
	jr loaded "$(jbool "$loaded")"
	jf which "$which"
	jf version "$lver"
	jf srcversion "$lsrc"
	jf taint "$ltaint"
	jf file "$lfile"
	jf dkms_file "$dkms_ko"
	jf dkms_version "$dkms_ver"
	jf dkms_srcversion "$dkms_src"
	jf backport_upstream "$dkms_upstream"
	jf backport_tree_sha256 "$dkms_tree"
	if [ "$which" = dkms ]; then jr matches_dkms true; else jr matches_dkms false; fi
	jc
	printf '\n'
	jo dkms
	jf package "$pkg_ver"
	printf ',"kernels":['
	sep=
	while IFS=$TAB read -r k state log tier have why; do
		[ "$log" != - ] || log=''
		[ "$have" != - ] || have=''
		[ "$why" != - ] || why=''
		printf '%s{' "$sep"
		jsep=
		jf kernel "$k"
		jf tier "$tier"
		jf state "$state"
		jf module_version "$have"
		jf policy "$why"
		jf log "$log"
		printf '}'
		sep=,
	done <"$dtmp/dkms"
	printf ']'
	jsep=,
	jc
	printf '\n'
	jr e800_functions "$e800"
	printf ',"ports":['
	sep=
	while IFS=$TAB read -r bdf n drv dver fw ddp mtu xdp counters rings stale sig; do
		[ "$n" != - ] || n=''
		[ "$dver" != - ] || dver=''
		[ "$fw" != - ] || fw=''
		[ "$mtu" != - ] || mtu=''
		verdict=$(port_verdict "$counters" "$stale" "$sig")
		printf '%s\n{' "$sep"
		jsep=
		jf pci "$bdf"
		jf netdev "$n"
		jf driver "$drv"
		jf driver_version "$dver"
		jf firmware "$fw"
		jf ddp "$ddp"
		jr mtu "$(jn "$mtu")"
		jf xdp "$xdp"
		jo rx_pages
		jr counters "$(jbool "$counters")"
		jr rings "$(jn "$rings")"
		jf verdict "$verdict"
		jr stale_rings "$(jlist "$stale")"
		jr leak_signature_rings "$(jlist "$sig")"
		# The counters as read (the second sample), ring by ring.
		printf ',"ring_counters":['
		# Digits as read, never through a float (a u64 near 2^64 would
		# round); a counter the driver did not give is null.
		awk -F"$TAB" -v b="$bdf" -v n="$n" '
			function num(v) { if (v == "-") return "null"; sub(/^0+/, "", v); return v == "" ? 0 : v }
			$1 == b && $2 == n {
				printf "%s{\"queue\":%s,\"page_alloc\":%s,\"page_reuse\":%s,\"page_waive\":%s,\"page_busy\":%s,\"page_stale\":%s}", s, num($3), num($4), num($5), num($6), num($7), num($8)
				s = ","
			}' "$dtmp/rings"
		printf ']'
		jc
		printf '}'
		sep=,
	done <"$dtmp/ports"
	printf ']\n'
	jo secure_boot
	jf state "$sb"
	jf module_signer "$dkms_signer"
	jf trusted "$trusted"
	jc
	printf ',\n'
	jsep=
	jo rdma
	jr in_use "$(jbool "$rdma_use")"
	jf seen "$rdma_use_why"
	case $rdma_carry in
	yes) jr build_carries_rdma true ;;
	no) jr build_carries_rdma false ;;
	*) jr build_carries_rdma null ;;
	esac
	jf why "$rdma_gap_why"
	jf policy "$rdma_pol"
	jc
	printf ',\n"findings":['
	sep=
	while IFS=$TAB read -r level check text fix; do
		printf '%s\n{' "$sep"
		jsep=
		jf level "$level"
		jf check "$check"
		jf message "$text"
		jf fix "$fix"
		printf '}'
		sep=,
	done <"$dtmp/findings"
	printf ']}\n'
}
