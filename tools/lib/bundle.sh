# shellcheck shell=sh
# `ice-backport support-bundle [-o FILE]`: one tar.gz of what a support
# engineer asks for, in the same shape from every host.  README.md ("If you
# are asked for a support bundle") lists every file.  Never collected: any
# key (DKMS's mok.key or another), the environment, files outside the list.
# Sourced by tools/ice-backport after host.sh and doctor.sh.
# shellcheck disable=SC2154 # R, dtmp and the doctor's facts come from the sourcing scripts

# keep NAME FUNC ARGS...: the output of `run CMD...` or `modinfo_of F`
# into the bundle as NAME;
# a command that is missing or fails leaves a note instead, so that the
# support engineer sees why a file is empty.
keep() {
	keep_f=$bdir/$1
	shift
	[ "$1" != run ] || shift
	keep_what=$*
	[ "$1" = modinfo_of ] || set -- run "$@"
	mkdir -p "$(dirname "$keep_f")"
	keep_rc=0
	"$@" >"$keep_f" 2>&1 || keep_rc=$?
	[ "$keep_rc" = 0 ] || echo "# '$keep_what' exit status $keep_rc (127: not installed)" >>"$keep_f"
}

bundle_run() {
	out=$1
	stamp=$(date -u +%Y%m%dT%H%M%SZ)
	[ -n "$out" ] || out=ice-backport-bundle-$(hostname 2>/dev/null || echo host)-$stamp.tar.gz
	doctor_run
	bdir=$dtmp/ice-backport-bundle
	mkdir -p "$bdir"
	echo "ice-backport support bundle $tool_version, made $stamp" >"$bdir/README"
	doctor_json >"$bdir/doctor.json"
	doctor_human >"$bdir/doctor.txt"

	# Provenance of the installed driver source and of the modules.
	for p in "$R"/usr/src/ice-backport-*/; do
		[ -d "$p" ] || continue
		v=$(basename "$p")
		mkdir -p "$bdir/source/$v"
		cp "$p/PROVENANCE" "$p/dkms.conf" "$bdir/source/$v/" 2>/dev/null || true
	done
	for f in version srcversion taint initstate refcnt; do
		printf '%s: %s\n' "$f" "$(rd "/sys/module/ice/$f")"
	done >"$bdir/sys-module-ice.txt"
	[ -z "$dkms_ko" ] || keep modinfo-dkms.txt modinfo_of "$dkms_ko"
	[ -z "$intree" ] || keep modinfo-own.txt modinfo_of "$intree"
	keep dkms-status.txt run dkms status
	if [ -d "$R/var/lib/dkms/ice-backport" ]; then
		find "$R/var/lib/dkms/ice-backport" -name make.log | while read -r l; do
			rel=${l#"$R/var/lib/dkms/ice-backport/"}
			mkdir -p "$bdir/dkms-logs"
			cp "$l" "$bdir/dkms-logs/$(printf '%s' "$rel" | tr '/' '_')"
		done
	fi

	# Per E800 function and port.
	while IFS=$TAB read -r bdf n _; do
		keep "lspci/$bdf.txt" run lspci -vv -s "$bdf"
		keep "devlink/$bdf.txt" run devlink dev info "pci/$bdf"
		[ "$n" != - ] || continue
		for o in i S k g l; do
			keep "ethtool/$n.$o.txt" run ethtool "-$o" "$n"
		done
		keep "ip-link/$n.txt" run ip -d link show dev "$n"
	done <"$dtmp/ports"

	# The kernel's view.
	run dmesg 2>/dev/null | grep -E '(^|[] ])(ice|irdma|ice_backport)[: ]' >"$bdir/kernel-log-ice.txt" || true
	rd /proc/cmdline >"$bdir/cmdline.txt"
	rd /proc/version >"$bdir/proc-version.txt"
	keep xdp-programs.txt run bpftool net show
	keep bpf-programs.txt run bpftool prog show

	(cd "$dtmp" && find ice-backport-bundle -type f | LC_ALL=C sort) >"$bdir/MANIFEST"
	tar -czf "$out" -C "$dtmp" ice-backport-bundle ||
		{ echo "ice-backport: error: could not write $out" >&2; exit 2; }
	echo "$out"
}
