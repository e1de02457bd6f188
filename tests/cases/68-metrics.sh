#!/bin/sh
# `ice-backport metrics` writes what node_exporter's textfile collector
# reads: the output parses with the Prometheus client's own text-format
# parser, every family it writes is documented in ice-backport(8),
# METRICS (and every one documented is written), the values are the fake
# host's (the doctor's verdict, the raw counters of the second sample, a
# u64 counter digit for digit), a netdev name with a quote and a backslash
# stays one label, and -o replaces its file by a rename.  The JSON carries
# the same raw counters and its schema version.  Negative controls: the
# leaking host flips the status and the stale gauge; a metrics.sh that
# does not escape labels, and a doctor that exports the first sample's
# counters, are each caught by the same checks.
. "$ICE_BP_TOPDIR/tests/lib.sh"
. "$top/tools/lib/host.sh"
. "$top/tests/doctor-fixture.sh"
. "$top/tests/json-check.sh"
# python3 (Debian's, tests/lib.sh) with python3-prometheus-client
# (scripts/kbuild/install-build-deps).
python3 -c 'import prometheus_client.parser' 2>/dev/null ||
	skip "python3-prometheus-client is missing (make deps installs it)"

# parse FILE: one line a sample, "name{label=value,...} value", labels
# sorted; a line the parser refuses fails the case.
parse() {
	python3 - "$1" <<'EOF' || fail "$1 does not parse as the Prometheus text format"
import sys
from prometheus_client.parser import text_string_to_metric_families
for fam in text_string_to_metric_families(open(sys.argv[1]).read()):
    for s in fam.samples:
        labels = ",".join("%s=%s" % kv for kv in sorted(s.labels.items()))
        print("%s{%s} %s" % (s.name, labels, repr(s.value) if s.value != int(s.value) else int(s.value)))
EOF
}

# has NAME SAMPLE: the parsed output of NAME holds the line SAMPLE.
has() {
	grep -qxF -- "$2" "$tmp/$1.samples" || {
		grep -F -- "${2%%\{*}" "$tmp/$1.samples" | sed 's/^/    have: /'
		fail "$1: no sample '$2'"
	}
}

# metrics NAME: run it on the fake host NAME and parse what it wrote.
metrics() {
	doctor "$1" metrics >/dev/null
	expect_rc "$1" 0
	parse "$tmp/$1.out" >"$tmp/$1.samples"
}

# check_healthy NAME: the healthy host's values.
check_healthy() {
	has "$1" 'ice_backport_metrics_schema_version{} 1'
	has "$1" 'ice_backport_doctor_status{status=healthy} 1'
	has "$1" 'ice_backport_doctor_status{status=action-needed} 0'
	has "$1" 'ice_backport_kernel_rx_leak{verdict=fixed} 1'
	has "$1" 'ice_backport_module_is_backport{} 1'
	has "$1" "ice_backport_dkms_kernel_state{kernel=$fx_kver,state=installed} 1"
	has "$1" "ice_backport_port_rx_verdict{device=eth0,pci=$fx_bdf,verdict=ok} 1"
	# The second sample's counters (fx_healthy), not the first's.
	has "$1" "ice_backport_rx_page_alloc_total{device=eth0,pci=$fx_bdf,queue=0} 1010"
	has "$1" "ice_backport_rx_page_reuse_total{device=eth0,pci=$fx_bdf,queue=1} 4400"
	has "$1" "ice_backport_rx_page_waive_total{device=eth0,pci=$fx_bdf,queue=1} 5"
	has "$1" "ice_backport_rx_page_busy_total{device=eth0,pci=$fx_bdf,queue=0} 2"
	has "$1" "ice_backport_rx_page_stale{device=eth0,pci=$fx_bdf,queue=0} 0"
}

echo "== healthy host"
fx_healthy healthy
metrics healthy
check_healthy healthy

echo "== every family written is documented, and every one documented is written"
man=$top/tools/ice-backport.8
sed -n '/^\.SH METRICS/,/^\.SH /p' "$man" | grep -o 'ice_backport_[a-z_]*' | sort -u >"$tmp/documented"
[ -s "$tmp/documented" ] || fail "ice-backport(8) has no METRICS section naming the metrics"
sed -n 's/^# TYPE \([^ ]*\) .*/\1/p' "$tmp/healthy.out" | sort -u >"$tmp/written"
if ! diff "$tmp/documented" "$tmp/written" >"$tmp/names.diff"; then
	cat "$tmp/names.diff"
	fail "the families written (>) and those ice-backport(8) documents (<) differ"
fi
echo "ok: $(wc -l <"$tmp/written") families, each documented"

echo "== leaking host: the verdict and the stale gauge"
fx_healthy leaking
fx_stats 2 "0 1010 5600 10 2 0" "1 905 4000 0 0 18446744073709551615"
metrics leaking
has leaking 'ice_backport_doctor_status{status=action-needed} 1'
has leaking "ice_backport_port_rx_verdict{device=eth0,pci=$fx_bdf,verdict=leak} 1"
# A u64 that went below zero (the bug patches/product/0003 names) is
# written as the driver gives it, digit for digit, not through a float.
grep -qxF "ice_backport_rx_page_stale{pci=\"$fx_bdf\",device=\"eth0\",queue=\"1\"} 18446744073709551615" "$tmp/leaking.out" ||
	fail "the stale counter is not written as read: $(grep page_stale "$tmp/leaking.out")"
doctor leaking doctor --json >/dev/null
jexpect "$tmp/leaking.out" "d['schema_version']" 1
jexpect "$tmp/leaking.out" "d['ports'][0]['rx_pages']['ring_counters'][1]['page_stale']" 18446744073709551615
jexpect "$tmp/leaking.out" "d['ports'][0]['rx_pages']['ring_counters'][1]['page_alloc']" 905

echo "== a netdev name with a quote and a backslash is one label"
fx_healthy quoted
qn='e"t\h0'
qd=$fx/sys/bus/pci/devices/$fx_bdf/net
mv "$qd/eth0" "$qd/$qn"
cp "$fc/$(cmd_key ethtool -S eth0)" "$fc/$(cmd_key ethtool -S "$qn")"
cp "$fc/$(cmd_key ethtool -S eth0).2" "$fc/$(cmd_key ethtool -S "$qn").2"
metrics quoted
has quoted "ice_backport_rx_page_alloc_total{device=$qn,pci=$fx_bdf,queue=0} 1010"
has quoted "ice_backport_port_rx_verdict{device=$qn,pci=$fx_bdf,verdict=ok} 1"

echo "== -o FILE: replaced by a rename, mode 0644, nothing left beside it"
out=$tmp/textfile/ice-backport.prom
mkdir -p "$tmp/textfile"
doctor healthy metrics -o "$out"
expect_rc healthy 0
[ "$(stat -c %a "$out")" = 644 ] || fail "$out has mode $(stat -c %a "$out"), want 644 (node_exporter reads it)"
ino=$(stat -c %i "$out")
doctor healthy metrics -o "$out"
[ "$(stat -c %i "$out")" != "$ino" ] || fail "$out was rewritten in place: a collector could read half of it"
[ "$(ls -A "$tmp/textfile")" = ice-backport.prom ] || fail "-o left files beside it: $(ls -A "$tmp/textfile")"
parse "$out" >/dev/null
doctor healthy metrics -o "$tmp/no-such-dir/x.prom"
expect_rc healthy 2
grep -q "no directory $tmp/no-such-dir" "$tmp/healthy.out" || fail "a missing directory is not named"

echo "== the timer runs the documented command and is enabled by no package script"
# shellcheck disable=SC2016 # the unit's text, not ours to expand
grep -qx 'ExecStart=/usr/sbin/ice-backport metrics -o ${ICE_BP_METRICS_FILE}' "$top/tools/systemd/ice-backport-metrics.service" ||
	fail "the service does not run: ice-backport metrics -o \${ICE_BP_METRICS_FILE}"
if grep -n 'enable[^d]*ice-backport-metrics\|enable.*metrics.timer' "$top"/debian/*.postinst "$top"/rpm/*.spec | grep -v disable; then
	fail "a package script enables the metrics timer: it is off until the operator enables it"
fi

echo "== negative controls: a metrics.sh without label escaping, a doctor exporting the first sample"
mut() {
	rm -rf "$tmp/mlib"
	cp -R "$top/tools/lib" "$tmp/mlib"
	sed -i "$2" "$tmp/mlib/$1"
	! cmp -s "$top/tools/lib/$1" "$tmp/mlib/$1" || fail "mutant '$2' changed nothing in $1"
}
# shellcheck disable=SC2016 # sed programs
mut metrics.sh 's/^\tprintf .%s. "\$1" | sed .*/\tprintf "%s" "$1"/'
if (ICE_BP_DATA=$tmp/mlib metrics quoted && has quoted "ice_backport_rx_page_alloc_total{device=$qn,pci=$fx_bdf,queue=0} 1010") >"$tmp/mut1.log" 2>&1; then
	fail "labels written unescaped were not caught"
fi
echo "ok: unescaped labels caught ($(grep -m1 FAIL "$tmp/mut1.log"))"
# shellcheck disable=SC2016 # a sed program
mut doctor.sh 's/rings_rec "\$bdf" "\$n" "\$dtmp\/s2"/rings_rec "$bdf" "$n" "$dtmp\/s1"/'
if (ICE_BP_DATA=$tmp/mlib metrics healthy && check_healthy healthy) >"$tmp/mut2.log" 2>&1; then
	fail "counters of the first sample were not caught"
fi
echo "ok: the first sample's counters caught ($(grep -m1 FAIL "$tmp/mut2.log"))"
echo "metrics: parsed, documented, the host's values, escaped, written whole"
