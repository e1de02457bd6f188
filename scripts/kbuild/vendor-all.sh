# shellcheck shell=sh disable=SC2034,SC2154 # variables shared with scripts/kbuild/vendor-kernel and its other files
# vendor-kernel all: every devel tree's module check, then the images'
# runs, each in turn whatever the others gave, with their tables.
# Sourced by scripts/kbuild/vendor-kernel, never run.

# The trees `all` also makes an image of, boots and runs the emulator on
# (ICE_BP_VENDOR_IMAGES: others, or none): each is a kernel build of most
# of an hour on 2 cores.
images=${ICE_BP_VENDOR_IMAGES-rhel10.0 rhel9.6 linux-6.14}

# all: the command `all` (its exit status: see vendor-kernel --help).
all() {
	builddir=${ICE_BP_BUILD:-$top/build}
	mkdir -p "$builddir"
	table=$builddir/vendor-kernels.tsv
	printf 'devel\trelease\tresult\twarnings\tcompiled\tseconds\n' >"$table"
	worst=0
	# shellcheck disable=SC2013 # names without blanks
	for d in $(awk '$1 == "devel" { print $2 }' "$lock"); do
		devel_fields "$d"
		msg "== [$d] $rel"
		start=$(date +%s)
		rc=0
		"$0" module "$d" || rc=$?
		case $rc in
		0) result=ok ;;
		3) result=no-source ;;
		*) result=FAILED ;;
		esac
		[ "$rc" = 0 ] || [ "$worst" = 1 ] || worst=$rc
		[ "$rc" = 0 ] || [ "$rc" = 3 ] || worst=1
		w=- objs=-
		if [ "$result" != no-source ] && [ -f "$builddir/$rel.log" ]; then
			w=$(grep -cE '[Ww]arning:' "$builddir/$rel.log" || true)
			objs=$(grep -c ' CC \[M\] ' "$builddir/$rel.log" || true)
		fi
		printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$d" "$rel" "$result" "$w" "$objs" "$(($(date +%s) - start))" >>"$table"
	done
	column -t -s "$(printf '\t')" "$table"
	# The images: a full (reduced) kernel build each, its boot with our
	# module and the emulator with the vendor's Rx path as the control.
	itable=$builddir/vendor-images.tsv
	printf 'image\trelease\timage\tbuild_s\tvm-test\tkabi (ice.ko imports)\trxemu\n' >"$itable"
	for d in $images; do
		devel_fields "$d"
		msg "== [$d] image, vm-test, rxemu of $rel"
		ires=FAILED vres=- rres=- bs=- kabi=-
		rc=0
		"$0" image "$d" >/dev/null || rc=$?
		case $rc in
		0)
			ires=ok
			bs=$(awk '$1 == "build_s" { print $2 }' "$vk/image/$d/.icebp-info")
			out=$builddir/vendor-image/$d
			if "$0" vm-test "$d"; then vres=ok; else vres=FAILED; fi
			kabi=$(sed -n 's/.*imports \([0-9]*\) symbols, \([0-9]*\) of them.*: \([0-9]*\) equal, \([0-9]*\) different/\2 listed: \3 equal, \4 different/p' "$out/kabi.txt" 2>/dev/null || true)
			if "$0" rxemu "$d"; then rres=ok; else rres=FAILED; fi
			[ ! -f "$out/rxemu.txt" ] || rres="$rres: $(cat "$out/rxemu.txt")"
			;;
		3) ires=no-source ;;
		esac
		case $ires:$vres:$rres in
		ok:ok:ok*) ;;
		no-source:*) [ "$worst" = 1 ] || worst=3 ;;
		*) worst=1 ;;
		esac
		printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$d" "$rel" "$ires" "$bs" "$vres" "${kabi:--}" "$rres" >>"$itable"
	done
	echo
	column -t -s "$(printf '\t')" "$itable"
	exit "$worst"
}
