# shellcheck shell=sh
# Whether the running kernel's own ice leaks Rx pages, for `ice-backport
# doctor`.  Sourced by doctor.sh after host.sh; reads kver and procver.
#
# One evidence model for every distribution:
#   1. the changelog of the package that owns the kernel (rpm's
#      %changelog from the root's rpm database; Debian's and Ubuntu's
#      changelog in /usr/share/doc), searched for the entries of
#      rx-leak-changelog: the leaking release walk, the fix, Red Hat's
#      zero-length bias change and ice's move to Page Pool, each taken
#      back by a newer `Revert "..."`;
#   2. the version: a distribution's own numbering against its rows of
#      rx-leak-ranges (`dist` records: Ubuntu, RHEL, SLES), or the
#      kernel.org version (Debian's /proc/version, Ubuntu's
#      /proc/version_signature, Fedora's and ELRepo's release) against
#      the series rows;
#   3. neither: "could not tell", saying what to send.
# The changelog wins where it names an entry, with one exception: a
# changelog that lists the leaking walk but not the fix, on a kernel whose
# version carries the fix (the fix came in with a mainline merge that the
# changelog does not list item by item), is judged by its version.
#
# Sets kfamily, distver, upver, upsrc, leak (affected, fixed,
# not-affected, unknown), leak_cause (release-walk, zero-length-bias),
# leak_basis (changelog, version), leak_why, leak_pkg, leak_evidence,
# leak_move (the release to move to, when one is known).
# shellcheck disable=SC2154,SC2034 # R, data, dtmp, kver and procver come from doctor.sh, which reads the facts set here

# el_kernel KVER: KVER is a RHEL-family kernel (RHEL, Alma, Rocky, CentOS
# Stream, Oracle's compatible kernel): its release carries the Enterprise
# Linux dist tag, .elN or .elN_M (5.14.0-570.32.1.el9_6.x86_64,
# 4.18.0-553.rt7.342.el8_10.x86_64), and is no ELRepo build (those are
# kernel.org's sources: 6.6.110-1.el9.elrepo.x86_64).
el_kernel() {
	case $1 in *.elrepo*) return 1 ;; esac
	printf '%s\n' "$1" | grep -Eq '\.el[0-9]+(_[0-9]+)?(\.|$)'
}

# kl_family: kfamily, distver (the release in the distribution's own
# numbering, compared with its dist rows), upver (a kernel.org version)
# and upsrc (what the version is, for the messages).
kl_family() {
	kfamily=other distver='' upver='' upsrc=''
	vsig=$(rd /proc/version_signature | head -n 1 | cut -c 1-200)
	# Debian's kernels say their source version: "... Debian 6.12.117-1 (...)".
	debver=$(printf '%s\n' "$procver" | sed -n 's/.* Debian \([0-9][0-9.]*[-~][0-9A-Za-z.+~]*\) .*/\1/p' | head -n 1)
	case $kver in
	*.elrepo*)
		# ELRepo's kernel-ml and kernel-lt: kernel.org's sources as they are.
		kfamily=elrepo upver=${kver%%-*} upsrc="ELRepo's build of kernel.org ${kver%%-*}"
		;;
	*.fc[0-9]*)
		# Fedora follows kernel.org's stable releases.
		kfamily=fedora upver=${kver%%-*} upsrc="Fedora's build of kernel.org ${kver%%-*}"
		;;
	*)
		if el_kernel "$kver"; then
			kfamily=rhel distver=$(printf '%s\n' "$kver" | sed 's/\.el[0-9].*//') upsrc="RHEL-family $distver"
		elif [ -n "$debver" ]; then
			kfamily=debian distver=$debver upver=$(printf '%s\n' "$debver" | sed 's/[-~].*//') upsrc="Debian $debver"
		elif [ "${vsig%% *}" = Ubuntu ] || printf '%s\n' "$procver" | grep -q '#[0-9][0-9]*[~.0-9]*-Ubuntu'; then
			# "Ubuntu 6.8.0-64.67-generic 6.8.12": the package version,
			# then the kernel.org version it is based on.  Without the
			# file, uname's ABI and /proc/version's "#67-Ubuntu".
			kfamily=ubuntu
			# shellcheck disable=SC2086 # its words
			set -- $vsig
			if [ $# -ge 3 ]; then
				distver=$(printf '%s\n' "$2" | sed 's/-[a-z][a-z0-9-]*$//')
				upver=$3
			else
				up=$(printf '%s\n' "$procver" | sed -n 's/.*#\([0-9][0-9]*\)[~.0-9]*-Ubuntu.*/\1/p' | head -n 1)
				abi=$(printf '%s\n' "$kver" | sed -n 's/^\([0-9]*\.[0-9]*\.[0-9]*-[0-9]*\)-.*/\1/p')
				[ -z "$abi" ] || [ -z "$up" ] || distver=$abi.$up
			fi
			upsrc="Ubuntu ${distver:-$kver}${upver:+ (kernel.org $upver)}"
		elif printf '%s\n' "$procver" | grep -q 'SUSE'; then
			# 6.12.0-160000.7-default: SUSE keeps the base version.
			kfamily=suse distver=$(printf '%s\n' "$kver" | sed 's/-[a-z][a-z0-9]*$//') upsrc="SUSE $distver"
		elif printf '%s\n' "$kver" | grep -Eq '^[0-9]+\.[0-9]+(\.[0-9]+)?$'; then
			# A kernel.org build with no local version.
			kfamily=kernel.org upver=$kver upsrc="kernel.org $kver"
		fi
		;;
	esac
	case $distver in *[!0-9A-Za-z.+~-]*) distver='' ;; esac
	case $upver in *[!0-9.]*) upver='' ;; esac
}

# dv_cmp A B: ver_cmp for a distribution's numbering (6.8.0-64.67,
# 5.14.0-611.25.1, 6.12.57-1): '-', '~' and '+' separate fields as '.'.
dv_cmp() {
	ver_cmp "$(printf '%s' "$1" | tr -- '-~+' '...')" "$(printf '%s' "$2" | tr -- '-~+' '...')"
}

# kl_version: vleak, vcause, vwhy and vmove from the version alone
# (vleak empty: the version cannot tell).
kl_version() {
	vleak='' vcause='' vwhy='' vmove=''
	if [ -n "$distver" ]; then
		# The distribution's row whose release pattern matches (dist
		# FAMILY LINE REGEX FIRST FIXED REGRESSED).
		row=$(awk -v f="$kfamily" '$1 == "dist" && $2 == f { print $3, $4, $5, $6, $7 }' "$data/rx-leak-ranges" |
			while read -r l re first fixed regr; do
				if printf '%s\n' "$kver" | grep -Eq -- "$re"; then
					echo "$l $first $fixed $regr"
					break
				fi
			done)
		if [ -n "$row" ]; then
			# shellcheck disable=SC2086 # four words
			set -- $row
			dl=$1 first=$2 fixed=$3 regr=$4
			case $kfamily in
			rhel) name="RHEL $dl" ;;
			suse) name="SLES $dl" ;;
			debian) name="Debian's $dl" ;;
			ubuntu) name="Ubuntu's $dl" ;;
			esac
			case $fixed:$regr in
			none:* | ended:* | -:*) ;;
			*:-) vmove="$name $fixed or later" ;;
			*) vmove="$name from $fixed up to, not including, $regr (later ones leak again)" ;;
			esac
			if [ "$first" = never ]; then
				vleak=not-affected vwhy="$upsrc: $name never had the leaking Rx buffer release (rx-leak-ranges)"
			elif [ "$first" != all ] && [ "$(dv_cmp "$distver" "$first")" = -1 ]; then
				vleak=not-affected vwhy="$upsrc is older than $first, the first $name release with the leaking Rx buffer release"
			elif [ "$regr" != - ] && [ "$(dv_cmp "$distver" "$regr")" != -1 ]; then
				vleak=affected vcause=zero-length-bias vmove=''
				vwhy="$upsrc: from $regr on, $name takes a page reference for a zero-length Rx buffer that its release walk never gives back (Red Hat's own \"ice: Fix kernel panic due to page refcount underflow\"), so it leaks again"
			elif [ "$fixed" != none ] && [ "$fixed" != ended ] && [ "$(dv_cmp "$distver" "$fixed")" != -1 ]; then
				vleak=fixed vwhy="$upsrc carries the fix ($name since $fixed)"
			else
				vleak=affected vcause=release-walk
				since="from $first on"
				[ "$first" != all ] || since="in every release"
				case $fixed in
				none) vwhy="$upsrc: $name has the leak $since and no release of it carries the fix yet" ;;
				ended) vwhy="$upsrc: $name has the leak $since and ended without the fix" ;;
				*) vwhy="$upsrc is in the leaking range of $name: up to, not including, $fixed" ;;
				esac
			fi
			return 0
		fi
	fi
	[ -n "$upver" ] || return 0
	series=$(echo "$upver" | cut -d. -f1,2)
	# shellcheck disable=SC2046 # two words
	set -- $(awk -v s="$series" '!/^#/ && $1 == s { print $2, $3; exit }' "$data/rx-leak-ranges")
	if [ $# -eq 2 ]; then
		leak_first=$1 leak_fixed=$2
		case $leak_fixed in none | ended) ;; *) vmove="a $series kernel of $leak_fixed or later" ;; esac
		if [ "$(ver_cmp "$upver" "$leak_first")" = -1 ]; then
			vleak=not-affected vwhy="$upsrc is older than $leak_first, the first $series release with the leaking Rx buffer release"
		elif [ "$leak_fixed" = ended ]; then
			vleak=affected vwhy="$upsrc: the $series series has the leak from $leak_first on and ended without the fix"
		elif [ "$leak_fixed" = none ]; then
			vleak=affected vwhy="$upsrc: the $series series has the leak from $leak_first on and no $series release carries the fix yet"
		elif [ "$(ver_cmp "$upver" "$leak_fixed")" = -1 ]; then
			vleak=affected vwhy="$upsrc is in the leaking range of $series: $leak_first up to, not including, $leak_fixed"
		else
			vleak=fixed vwhy="$upsrc carries the fix (in $series since $leak_fixed)"
		fi
		[ "$vleak" != affected ] || vcause=release-walk
	elif [ "$(ver_cmp "$series" 6.6)" = -1 ]; then
		vleak=not-affected vwhy="$upsrc: the leaking Rx buffer release was never in $series"
	elif [ "$(ver_cmp "$series" 6.17)" != -1 ]; then
		vleak=fixed vwhy="$upsrc: the fix is in every release from 6.17 on"
	else
		vleak=not-affected vwhy="$upsrc: the $series series ended before the leaking Rx buffer release existed"
	fi
}

# kl_changelog_file: the kernel package's changelog as text in
# $dtmp/changelog, its package in leak_pkg; status 0 when one was read,
# else cl_none says why not.
kl_changelog_file() {
	cl_none=''
	case $kfamily in
	debian | ubuntu)
		# The image package's (Debian's signed image: changelog.gz, the
		# linux source's whole changelog), else the modules package's
		# (Ubuntu's image package links its documentation there).
		# Ubuntu's signed image has a short log of its own: the first
		# changelog that names an entry is the one, else the first read.
		first=''
		for p in "linux-image-$kver" "linux-image-unsigned-$kver" "linux-modules-$kver"; do
			for f in changelog.Debian.gz changelog.gz; do
				c=$R/usr/share/doc/$p/$f
				if [ ! -f "$c" ] || ! in_root "$c"; then continue; fi
				# 64 MiB at most: a real one is 1.5 MB compressed.
				gzip -dc <"$c" 2>/dev/null | head -c 67108864 >"$dtmp/changelog" || true
				[ -s "$dtmp/changelog" ] || continue
				[ -n "$first" ] || { first=$p; cp "$dtmp/changelog" "$dtmp/changelog.first"; }
				kl_events >"$dtmp/events"
				if [ -s "$dtmp/events" ]; then
					leak_pkg=$p
					return 0
				fi
			done
		done
		if [ -n "$first" ]; then
			leak_pkg=$first
			mv "$dtmp/changelog.first" "$dtmp/changelog"
			: >"$dtmp/events"
			return 0
		fi
		cl_none="no changelog of the kernel's package in ${R:-}/usr/share/doc (linux-image-$kver, linux-modules-$kver)"
		return 1
		;;
	rhel | suse | fedora | elrepo) kl_rpm_changelog ;;
	*)
		cl_none="no package changelog is known for this kind of kernel"
		return 1
		;;
	esac
}

# kl_rpm_changelog: the changelog of the rpm that owns the kernel, from
# the root's rpm database (rpmdb_q).
kl_rpm_changelog() {
	# The package: kernel-core-RELEASE (RHEL 8 and later, Fedora),
	# kernel-RELEASE (RHEL 7, or a core-less build); a +FLAVOUR release
	# (9.3 and later: +rt, +debug, +64k) is kernel-FLAVOUR-core, a RHEL 8
	# real-time one (.rtN. in the release) kernel-rt-core; ELRepo's are
	# kernel-lt-core and kernel-ml-core; SUSE's kernel-FLAVOUR, whose
	# release (160000.7.1) has one field more than uname's (160000.7).
	base=${kver%%+*} flav=
	[ "$base" = "$kver" ] || flav=${kver#*+}-
	case $base in *.rt[0-9]*) [ -n "$flav" ] || flav=rt- ;; esac
	case $kfamily in
	elrepo) set -- "kernel-lt-core-$base" "kernel-ml-core-$base" "kernel-lt-$base" "kernel-ml-$base" ;;
	suse)
		sflav=${kver##*-}
		# shellcheck disable=SC2046 # one word, or none
		set -- $(rpmdb_q -a "kernel-$sflav-$distver*" 2>/dev/null | head -n 1)
		[ $# -eq 1 ] || set -- "kernel-$sflav-$distver.1"
		;;
	*) set -- "kernel-${flav}core-$base" "kernel-$flav$base" ;;
	esac
	cl_rc=0
	for p in "$@"; do
		cl_rc=0
		rpmdb_q --changelog "$p" >"$dtmp/changelog" || cl_rc=$?
		if [ "$cl_rc" = 0 ]; then
			leak_pkg=$p
			break
		fi
		[ "$cl_rc" = 127 ] || [ "$cl_rc" = 3 ] || continue
		break
	done
	case $cl_rc in
	0)
		kl_events >"$dtmp/events"
		return 0
		;;
	127) cl_none="there is no rpm here to read its package changelog" ;;
	3) cl_none="${R:-/} has no rpm database (/var/lib/rpm, /usr/lib/sysimage/rpm) to read its package changelog from" ;;
	*) cl_none="the rpm database has no package $* (or cannot be read) to give its changelog" ;;
	esac
	return 1
}

# kl_events: the newest entry of each kind of rx-leak-changelog in
# $dtmp/changelog, one line each: KIND STATE RELEASE LINE (tab-separated;
# STATE in, or reverted when the newest is `Revert "SUBJECT"`).  An item
# is "- SUBJECT" or "* SUBJECT" (after blanks: Debian and Ubuntu indent
# theirs) followed by the end, a blank, a period or a comma; an entry
# header is rpm's "* DATE NAME [RELEASE]" (or "... - RELEASE") or
# Debian's "SOURCE (VERSION) SUITE; urgency=...".
kl_events() {
	LC_ALL=C awk -F '\t' -v subjects="$data/rx-leak-changelog" '
		BEGIN {
			while ((getline l < subjects) > 0) {
				if (l ~ /^[ \t]*(#|$)/) continue
				k = l; sub(/[ \t].*/, "", k)
				s = l; sub(/^[^ \t]+[ \t]+/, "", s)
				n++; kind[n] = k; subj[n] = s
			}
		}
		/^\* [A-Z][a-z][a-z] / || /^[a-z0-9][a-z0-9.+-]* \([^)]*\) [^;]*; *urgency=/ {
			rel = $0
			if (rel ~ /^\* /) {
				if (match(rel, /\[[^]]*\]/)) rel = substr(rel, RSTART + 1, RLENGTH - 2)
				else sub(/.* - /, "", rel)
			} else {
				sub(/^[^(]*\(/, "", rel); sub(/\).*/, "", rel)
			}
			next
		}
		{
			item = $0
			sub(/^[ \t]*/, "", item)
			if (item !~ /^[-*] /) next
			item = substr(item, 3)
			for (i = 1; i <= n; i++) {
				if (kind[i] in seen) continue
				state = ""
				if (index(item, subj[i]) == 1) {
					state = "in"; rest = substr(item, length(subj[i]) + 1)
				} else if (index(item, "Revert \"" subj[i] "\"") == 1) {
					state = "reverted"; rest = substr(item, length(subj[i]) + 10)
				}
				if (state == "" || (rest != "" && rest !~ /^[ .,]/)) continue
				seen[kind[i]] = 1
				gsub(/\t/, " ", item)
				printf "%s\t%s\t%s\t- %s\n", kind[i], state, rel, substr(item, 1, 240)
			}
		}' "$dtmp/changelog" | safe_text
}

# kl_has_items: the changelog read has at least one item.
kl_has_items() {
	grep -Eq '^[[:blank:]]*[-*] ' "$dtmp/changelog"
}

# kl_ev KIND: "STATE<tab>RELEASE<tab>LINE" of KIND's newest entry, if any.
kl_ev() {
	awk -F '\t' -v k="$1" '$1 == k { print $2 "\t" $3 "\t" $4; exit }' "$dtmp/events"
}

# facts_leak: the verdict (see the top of this file); the release to move
# to only where the kernel's own ice leaks.
facts_leak() {
	kl_verdict
	[ "$leak" = affected ] || leak_move=''
}

kl_verdict() {
	leak=unknown leak_cause='' leak_basis='' leak_pkg='' leak_evidence='' leak_move=''
	kl_family
	kl_version
	if ! kl_changelog_file; then
		case $kfamily:$vleak in
		*:)
			leak_why="$kver's version does not say which ice patches it carries, and $cl_none"
			;;
		rhel:* | suse:*)
			# The package changelog is this family's evidence; its
			# release alone is a hint (a rebuild may patch ice), not a
			# verdict.
			leak_why="this is a $kfamily kernel, whose package changelog says which ice patches it carries, and $cl_none; by its release alone it would be $vleak: $vwhy"
			;;
		*)
			leak=$vleak leak_cause=$vcause leak_why=$vwhy leak_basis=version leak_move=$vmove
			;;
		esac
		return 0
	fi
	leak_move=$vmove
	ev_pp=$(kl_ev pagepool) ev_rg=$(kl_ev regression) ev_fx=$(kl_ev fix) ev_lk=$(kl_ev leak)
	leak_basis=changelog
	# ev STATE<tab>RELEASE<tab>LINE: state, rel, line.
	for ev in "$ev_pp:pagepool" "$ev_rg:regression" "$ev_fx:fix" "$ev_lk:leak"; do
		k=${ev##*:} e=${ev%:*}
		[ -n "$e" ] || continue
		st=${e%%"$TAB"*} e=${e#*"$TAB"} rel=${e%%"$TAB"*} line=${e#*"$TAB"}
		case $k:$st in
		pagepool:in)
			leak=not-affected
			leak_why="the changelog of $leak_pkg has ice's move to Page Pool, in $rel: the release walk that leaks is gone"
			;;
		regression:in)
			leak=affected leak_cause=zero-length-bias leak_move=''
			leak_why="the changelog of $leak_pkg has Red Hat's own zero-length change, in $rel: it takes a page reference for a zero-length Rx buffer that the release walk never gives back, so the kernel leaks pages again although it carries the fix"
			;;
		fix:in)
			leak=fixed leak_why="the changelog of $leak_pkg carries the fix, in $rel"
			;;
		fix:reverted)
			leak=affected leak_cause=release-walk
			leak_why="the changelog of $leak_pkg reverts the fix, in $rel"
			;;
		leak:in)
			if { [ "$vleak" = fixed ] || [ "$vleak" = not-affected ]; } && [ "$kfamily" != rhel ] && [ "$kfamily" != suse ]; then
				# The fix came without an item of its own (a merge of a
				# newer mainline): the version knows.
				leak=$vleak leak_basis=version
				leak_why="$vwhy (the changelog of $leak_pkg lists the leaking Rx buffer release, in $rel, and not the fix)"
				line=''
			else
				leak=affected leak_cause=release-walk
				leak_why="the changelog of $leak_pkg carries the leaking Rx buffer release, in $rel, and not the fix"
			fi
			;;
		leak:reverted)
			leak=not-affected leak_why="the changelog of $leak_pkg reverts the leaking Rx buffer release, in $rel"
			;;
		*) continue ;;
		esac
		leak_evidence=$line
		[ -z "$line" ] || leak_why="$leak_why: \"$line\""
		return 0
	done
	# No entry of any kind.  An rpm changelog (RHEL, SUSE) lists every
	# ice backport item by item: none means none came in.  Debian's and
	# Ubuntu's list stable updates, not what a new mainline brought: the
	# version judges.
	if [ -n "$vleak" ] && [ "$kfamily" != rhel ] && [ "$kfamily" != suse ]; then
		leak=$vleak leak_cause=$vcause leak_why="$vwhy (its changelog, $leak_pkg, names none of the entries)" leak_basis=version
	elif ! kl_has_items; then
		leak_basis=''
		leak_why="the changelog of $leak_pkg has no entries: whether its ice carries the leaking Rx buffer release cannot be read"
	else
		leak=not-affected
		leak_why="the changelog of $leak_pkg has no \"$(awk '$1 == "leak" { sub(/^leak[ \t]+/, ""); print; exit }' "$data/rx-leak-changelog")\": the leaking Rx buffer release never came in"
	fi
}
