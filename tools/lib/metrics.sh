# shellcheck shell=sh
# `ice-backport metrics`: the doctor's facts in the text format of
# Prometheus (node_exporter's textfile collector reads it), so that a fleet
# watches the verdict and the Rx page counters of every host in one place.
# Sourced by tools/ice-backport after doctor.sh, once doctor_run has run.
# The names, their labels and what each value means are in
# ice-backport(8), METRICS; a change to them is a change of
# METRICS_SCHEMA, which the output carries.
# shellcheck disable=SC2154 # the facts come from doctor.sh

METRICS_SCHEMA=1

# mlabel VALUE: VALUE as a label value of the text format: a backslash, a
# double quote and a line feed escaped.  Host bytes have been through
# safe_text by then (the whole output is), so nothing else needs it.
mlabel() {
	printf '%s' "$1" | sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' | awk 'NR > 1 { printf "\\n" } { printf "%s", $0 }'
}

# mhead NAME TYPE HELP: the HELP and TYPE lines of the family NAME.
mhead() {
	printf '# HELP %s %s\n# TYPE %s %s\n' "$1" "$3" "$1" "$2"
}

# monehot NAME LABEL VALUE WORD...: one sample of NAME a WORD, 1 for the
# word that is VALUE and 0 for the others, so that a query or an alert can
# read a state without a regular expression and a state that went away
# reads 0, not absent.
monehot() {
	mo_name=$1 mo_label=$2 mo_value=$3
	shift 3
	for mo_w in "$@"; do
		mo_v=0
		[ "$mo_w" != "$mo_value" ] || mo_v=1
		printf '%s{%s="%s"} %s\n' "$mo_name" "$mo_label" "$mo_w" "$mo_v"
	done
}

metrics_text() {
	mhead ice_backport_metrics_schema_version gauge "The version of the names and labels below (ice-backport(8), METRICS)."
	printf 'ice_backport_metrics_schema_version %s\n' "$METRICS_SCHEMA"

	mhead ice_backport_info gauge "Always 1; the tool's and the running kernel's versions and the loaded ice as labels."
	printf 'ice_backport_info{version="%s",kernel="%s",tier="%s",loaded_ice="%s",loaded_ice_version="%s"} 1\n' \
		"$(mlabel "$tool_version")" "$(mlabel "$kver")" "$(mlabel "$ktier")" "$(mlabel "$which")" "$(mlabel "$lver")"

	mhead ice_backport_doctor_status gauge "The doctor's verdict: 1 for the one that holds (its exit status: healthy 0, action-needed 1, unknown 2)."
	monehot ice_backport_doctor_status status "$doctor_status" healthy action-needed unknown

	mhead ice_backport_doctor_findings gauge "The doctor's findings, by level."
	for ml in ok info action unknown; do
		printf 'ice_backport_doctor_findings{level="%s"} %s\n' "$ml" \
			"$(awk -F"$TAB" -v l="$ml" '$1 == l { n++ } END { print n + 0 }' "$dtmp/findings")"
	done

	mhead ice_backport_kernel_rx_leak gauge "Whether the running kernel's own ice leaks Rx pages: 1 for the verdict that holds."
	monehot ice_backport_kernel_rx_leak verdict "$leak" affected fixed not-affected unknown

	mhead ice_backport_module_is_backport gauge "1 when the loaded ice is this package's build for the running kernel (DKMS), else 0."
	mv=0
	[ "$which" != dkms ] || mv=1
	printf 'ice_backport_module_is_backport %s\n' "$mv"

	mhead ice_backport_dkms_kernel_state gauge "1 for each kernel the package knows and its state (installed, failed, kept-old, no-headers...)."
	while IFS=$TAB read -r k state _; do
		printf 'ice_backport_dkms_kernel_state{kernel="%s",state="%s"} 1\n' "$(mlabel "$k")" "$(mlabel "$state")"
	done <"$dtmp/dkms"

	mhead ice_backport_port_rx_verdict gauge "1 for each E800 port and the verdict of its Rx page counters (ok, leak, leak-signature, no-counters, not-read, no-ethtool)."
	while IFS=$TAB read -r bdf n _ _ _ _ _ _ counters _ stale sig; do
		printf 'ice_backport_port_rx_verdict{pci="%s",device="%s",verdict="%s"} 1\n' \
			"$bdf" "$(mlabel "$n")" "$(port_verdict "$counters" "$stale" "$sig")"
	done <"$dtmp/ports"

	# The counters as the driver gives them (patches/product/0003): a
	# rate of alloc with reuse flat, or stale above 0, is the leak.  One
	# pass over the rings, a file a family (a family's samples together).
	: >"$dtmp/m.alloc" && : >"$dtmp/m.reuse" && : >"$dtmp/m.waive" && : >"$dtmp/m.busy" && : >"$dtmp/m.stale"
	while IFS=$TAB read -r bdf n q ma mr mw mb ms; do
		ml="pci=\"$bdf\",device=\"$(mlabel "$n")\",queue=\"$q\""
		[ "$ma" = - ] || printf 'ice_backport_rx_page_alloc_total{%s} %s\n' "$ml" "$ma" >>"$dtmp/m.alloc"
		[ "$mr" = - ] || printf 'ice_backport_rx_page_reuse_total{%s} %s\n' "$ml" "$mr" >>"$dtmp/m.reuse"
		[ "$mw" = - ] || printf 'ice_backport_rx_page_waive_total{%s} %s\n' "$ml" "$mw" >>"$dtmp/m.waive"
		[ "$mb" = - ] || printf 'ice_backport_rx_page_busy_total{%s} %s\n' "$ml" "$mb" >>"$dtmp/m.busy"
		[ "$ms" = - ] || printf 'ice_backport_rx_page_stale{%s} %s\n' "$ml" "$ms" >>"$dtmp/m.stale"
	done <"$dtmp/rings"
	for mc in alloc reuse waive busy; do
		mhead "ice_backport_rx_page_${mc}_total" counter "Rx pages of a ring: ethtool -S rx_queue_N_page_$mc."
		cat "$dtmp/m.$mc"
	done
	mhead ice_backport_rx_page_stale gauge "Pages mapped for a ring that are in none of its slots: lost (ethtool -S rx_queue_N_page_stale); must stay 0."
	cat "$dtmp/m.stale"

	mhead ice_backport_metrics_timestamp_seconds gauge "When these metrics were written (Unix time)."
	printf 'ice_backport_metrics_timestamp_seconds %s\n' "$(date +%s)"
}

# metrics_write FILE: the metrics into FILE whole or not at all: written
# to a new file beside it and renamed, so that the collector never reads
# half of them; - or nothing is standard output.
metrics_write() {
	if [ -z "$1" ] || [ "$1" = - ]; then
		metrics_text | safe_text
		return
	fi
	mw_dir=$(dirname -- "$1")
	[ -d "$mw_dir" ] || tool_die "no directory $mw_dir for $1" \
		"create it, or give node_exporter's textfile directory (--collector.textfile.directory) with -o"
	mw_tmp=$(mktemp "$mw_dir/.ice-backport-metrics.XXXXXX" 2>/dev/null) ||
		tool_die "cannot write in $mw_dir" "run as root, or give a directory this user can write with -o"
	if metrics_text | safe_text >"$mw_tmp" && chmod 0644 "$mw_tmp" && mv -f "$mw_tmp" "$1"; then
		return 0
	fi
	rm -f "$mw_tmp"
	tool_die "could not write $1 (full?); the file before it is kept" "free space in $mw_dir"
}
