# shellcheck shell=sh
# RDMA on E800 ports and ice-backport (never taken away silently): does this host use it,
# and can ice-backport's build for a kernel carry it to that kernel's own
# irdma?  Installing a build that cannot would take RoCE/iWARP away at the
# next load of ice, silently.  Sourced after host.sh by the doctor and by
# dkms.sh (ice-backport autoinstall); reads the host through rd/run, so
# that the fixtures of tests/doctor-fixture.sh drive it.
# shellcheck disable=SC2154,SC2034 # data, R and CMDS come from the entry and host.sh; rdma_*_why are for the caller

# rdma_uses: exit 0 when the host uses, or means to use, RDMA on an E800
# port; rdma_use_why says how that was seen.
rdma_uses() {
	rdma_use_why=
	ru_e800=no
	ru_ids=$(awk '!/^#/ && NF { printf " %s", $1 }' "$data/e800-pci-ids")
	for ru_d in "${R:-}"/sys/bus/pci/devices/*; do
		[ "$(rdp "$ru_d/vendor")" = 0x8086 ] || continue
		case "$ru_ids " in *" $(rdp "$ru_d/device") "*) ru_e800=yes; break ;; esac
	done
	# RDMA devices of ice's auxiliary devices (ice.roce.N, ice.iwarp.N).
	for ru_d in "${R:-}"/sys/class/infiniband/*; do
		[ -e "$ru_d/device" ] || [ -L "$ru_d/device" ] || continue
		ru_t=$(readlink "$ru_d/device" 2>/dev/null) || continue
		case ${ru_t##*/} in
		ice.roce.* | ice.iwarp.* | ice.rdma.*) rdma_use_why="${rdma_use_why:+$rdma_use_why; }RDMA device ${ru_d##*/} on ${ru_t##*/}" ;;
		esac
	done
	[ "$ru_e800" = yes ] || [ -n "$rdma_use_why" ] || return 1
	[ ! -d "${R:-}/sys/module/irdma" ] || rdma_use_why="${rdma_use_why:+$rdma_use_why; }irdma is loaded"
	for ru_f in "${R:-}"/etc/modules "${R:-}"/etc/modules-load.d/*.conf "${R:-}"/usr/lib/modules-load.d/*.conf \
		"${R:-}"/lib/modules-load.d/*.conf "${R:-}"/etc/rdma/modules/*.conf; do
		[ -f "$ru_f" ] || continue
		if rdp "$ru_f" | grep -qx '[[:space:]]*irdma[[:space:]]*'; then
			rdma_use_why="${rdma_use_why:+$rdma_use_why; }irdma is configured to load (${ru_f#"${R:-}"})"
		fi
	done
	# The kernel's irdma tried and was refused: a host that wants RDMA.
	if live dmesg 2>/dev/null | grep -Eq 'irdma: .*(disagrees about version of symbol|Unknown symbol) ice_'; then
		rdma_use_why="${rdma_use_why:+$rdma_use_why; }the kernel log shows irdma refused by ice"
	fi
	[ -n "$rdma_use_why" ]
}

# on_file CMD ARGS... FILE: run CMD on FILE, a path as the host sees it
# (under the root; the fixtures key it without the root, like modinfo_of).
on_file() {
	if [ -n "${CMDS:-}" ]; then
		run "$@"
	else
		on_file_n=$#
		on_file_i=1
		for on_file_a; do
			if [ "$on_file_i" = "$on_file_n" ]; then set -- "$@" "${R:-}$on_file_a"; else set -- "$@" "$on_file_a"; fi
			on_file_i=$((on_file_i + 1))
		done
		shift "$on_file_n"
		run "$@"
	fi
}

# rdma_gap KERNEL KO: exit 0 when ice-backport's module KO (a path as the
# host sees it) cannot serve KERNEL's own irdma; rdma_gap_why says why.
# Exit 1 when it can, or when KERNEL has no irdma (nothing to lose).
rdma_gap() {
	rdma_gap_why='' rdma_gap_checked=0
	rg_irdma=$(first_file "${R:-}/lib/modules/$1/kernel/drivers/infiniband/hw/irdma/irdma.ko"* || true)
	rg_irdma=${rg_irdma#"${R:-}"}
	[ -n "$rg_irdma" ] || return 1
	rdma_gap_of "$rg_irdma" "$2" "$1"
}

# rdma_gap_of IRDMA KO [KERNEL]: rdma_gap for a given irdma module file
# (both paths as the host sees them; KERNEL names it in rdma_gap_why).
# rdma_gap_checked is the number of ice symbols whose versions were
# compared: 0 when irdma has none (a kernel without CONFIG_MODVERSIONS,
# where nothing can be told; exit 1) or RDMA is compiled out of KO.
# scripts/vm/vm-test judges the kernel's own answer against it.
rdma_gap_of() {
	rdma_gap_why='' rdma_gap_checked=0
	rg_k=${3:-the kernel}
	case " $(on_file modinfo -F backport_disabled "$2" 2>/dev/null | tr '\n' ' ') " in
	*" rdma "*)
		rdma_gap_why="RDMA is compiled out of ice-backport for $rg_k: its irdma speaks the RDMA interface of 6.16 and later (iidc_rdma)"
		return 0
		;;
	esac
	# What irdma was built against, and what our ice exports: with
	# CONFIG_MODVERSIONS the kernel refuses irdma on any difference.
	# modprobe missing (127; busybox's has no such option) is not "no
	# versions": that would say "serves irdma" without having looked.
	rg_rc=0
	rg_dump=$(on_file modprobe --dump-modversions "$1" 2>/dev/null) || rg_rc=$?
	if [ "$rg_rc" = 127 ]; then
		rdma_gap_why="cannot tell whether ice-backport's build serves $rg_k's irdma: modprobe (kmod) is not installed to read its symbol versions"
		return 0
	fi
	rg_want=$(printf '%s\n' "$rg_dump" | awk '$2 ~ /^ice_/ { print $2, $1 }')
	[ -n "$rg_want" ] || return 1
	rdma_gap_checked=$(printf '%s\n' "$rg_want" | wc -l)
	rg_have=$(on_file modprobe --show-exports "$2" 2>/dev/null | awk '{ print $2, $1 }') || true
	rg_diff=$(printf '%s\n' "$rg_want" | awk -v have="$rg_have" '
		BEGIN { n = split(have, h, "\n"); for (i = 1; i <= n; i++) { split(h[i], f, " "); crc[f[1]] = f[2] } }
		!($1 in crc) { printf "%s%s (not exported)", sep, $1; sep = ", "; next }
		crc[$1] != $2 { printf "%s%s", sep, $1; sep = ", " }')
	[ -n "$rg_diff" ] || return 1
	rdma_gap_why="the symbol versions of $rg_diff differ from those $rg_k's irdma was built against: with CONFIG_MODVERSIONS the kernel refuses irdma on ice-backport's ice"
	return 0
}

# rdma_policy: the operator's choice for a kernel whose build has no RDMA
# on a host that uses it, `rdma = decline|install` in the policy file of
# tools/lib/kernels (/etc/ice-backport/policy.conf); decline when unset or
# not one of the two (an operator who wrote something wanted care).
rdma_policy() {
	# tools/lib/kernels is policy.conf's one reader.
	rp_v=$(ICE_BP_ROOT=${R:-} sh "$data/kernels" policy-value rdma 2>/dev/null) || rp_v=
	case $rp_v in
	install) echo install ;;
	*) echo decline ;;
	esac
}
