# shellcheck shell=sh disable=SC2034,SC2154 # variables shared with scripts/kbuild/vendor-kernel and its other files
# vendor-kernel's module checks: ice.ko against a devel tree (its symbols
# against the vendor's kABI list and the tree's exports) and against an
# image (its symbol versions against the kABI list, then the VM test).
# Sourced by scripts/kbuild/vendor-kernel, never run.

# imports_vs_kabi KO DIFF [KABI]: the symbol versions KO imports (its
# __versions, which modpost took from the image's Module.symvers) against
# Red Hat's kABI list of the source (or the list KABI); prints one line of counts, the
# symbols whose CRC differs go to DIFF.  A CRC is genksyms' hash of the
# symbol's declaration with every structure it reaches expanded: equal
# CRCs mean the reduced image lays those structures out as Red Hat's
# build does.
imports_vs_kabi() {
	kabi=${3:-$src_dir/almalinux/Module.kabi_x86_64}
	[ -f "$kabi" ] || kabi=$src_dir/redhat/kabi/Module.kabi_x86_64
	[ -f "$kabi" ] || { echo "no kABI list in the source: symbol versions not compared"; : >"$2"; return 0; }
	/sbin/modprobe --dump-modversions "$1" >"$2.imports" ||
		die "modprobe --dump-modversions $1 failed" "is the module built with CONFIG_MODVERSIONS?"
	awk -v diff="$2" 'FILENAME == ARGV[1] { k[$2] = $1; next }
		{ n++; if ($2 in k) { l++; if (k[$2] == $1) e++; else { d++; print "different " $2 " ice.ko " $1 " kabi " k[$2] > diff } } }
		END { printf "symbol versions: ice.ko imports %d symbols, %d of them in Red Hat'"'"'s kABI list: %d equal, %d different\n", n, l, e + 0, d + 0 }' \
		"$kabi" "$2.imports"
	touch "$2"
	rm -f "$2.imports"
}

# module_check NAME: ice.ko against NAME's devel tree (the command `module`).
module_check() {
	devel_tree "$1"
	[ -f "$top/src/PROVENANCE" ] || "$top/scripts/import/import-upstream"
	kroot_enter "$root" "$vk"
	builddir=${ICE_BP_BUILD:-$top/build}
	# A proof of 0 warnings compiles every object: the build tree an
	# earlier run left in the root goes first.
	tree=$root$(clone_dir)/$rel
	rm -rf "${tree:?}"
	rc=0
	"$top/scripts/kbuild/build-module" --root "$root" "$rel" "$ksrc" || rc=$?
	log=$builddir/$rel.log
	[ -f "$log" ] || die "the build of ice.ko against $name ($rel) never reached the compiler" \
		"read build-module's error above"
	# The compiler's warnings (modpost's are "WARNING:", judged below).
	w=$(grep -c 'warning:' "$log" || true)
	[ "$w" = 0 ] || {
		grep 'warning:' "$log" | head -n 20 >&2
		die "ice.ko against $name ($rel): $w compiler warnings" "see $log"
	}
	all=$(wc -w <"$tree/ice.mod" 2>/dev/null || echo 0)
	cc=$(grep ' CC \[M\] ' "$log" | grep -vcE '(\.mod|\.module-common)\.o$' || true)
	if [ "$rc" = 0 ] && [ -f "$ksrc/Module.symvers" ]; then
		msg "[$name] ice.ko for $rel: 0 warnings, $cc/$all objects ($log)"
		exit 0
	fi
	# The tree has no Module.symvers: modpost stops the build after every
	# object compiled (6.x), or lets it through unchecked (5.14).
	# Anything else is a failure.
	if [ "$all" = 0 ] || [ "$cc" != "$all" ] || [ ! -f "$tree/ice.o" ] ||
		grep -E 'error:|ERROR:' "$log" | grep -qvE 'ERROR: modpost: "[^"]+" \[.*\] undefined!|Module.symvers.*missing'; then
		grep -m 10 -E 'error:|ERROR:' "$log" >&2 || true
		die "ice.ko against $name ($rel) failed" "see $log"
	fi
	# What modpost would have checked, from the vendor's own data: every
	# symbol ice.o takes from the kernel is in the vendor's kABI list
	# (Module.kabi_x86_64 of the source: Red Hat's CRCs of the symbols it
	# keeps stable within a minor release) or exported by the tree's
	# sources (EXPORT_SYMBOL and its forms, as written).  Those outside
	# the kABI list are printed: RHEL's weak-modules links a module into
	# another kernel of the minor release only when it uses kABI symbols
	# alone.
	kabi=$ksrc/almalinux/Module.kabi_x86_64
	[ -f "$kabi" ] || kabi=$ksrc/redhat/kabi/Module.kabi_x86_64
	exports=$droot/.icebp-exports
	if [ ! -f "$exports" ]; then
		msg "[$name] listing the symbols the tree's sources export"
		# As written (EXPORT_SYMBOL(x) and its forms), and through the
		# macros that export their first argument (5.14's netdev_warn is
		# define_netdev_printk_level(netdev_warn, ...)): the macros are
		# found by their bodies, then every call of one gives a symbol.
		(cd "$ksrc" && grep -rl --include='*.[chS]' 'EXPORT_' . >"$exports.files")
		{
			(cd "$ksrc" && xargs grep -hoE '\<EXPORT_(PER_CPU_)?SYMBOL(_GPL|_NS|_NS_GPL)?\([[:space:]]*[A-Za-z0-9_]+' <"$exports.files") |
				sed 's/.*(//; s/[[:space:]]//g'
			# shellcheck disable=SC2016 # perl code
			(cd "$ksrc" && xargs perl -0777 -ne '
				while (/#define[ \t]+(\w+)\([ \t]*(\w+)[^)]*\)((?:[^\n]*\\\n)*[^\n]*)/g) {
					my ($m, $p, $b) = ($1, $2, $3);
					print "$m\n" if $b =~ /EXPORT_(?:PER_CPU_)?SYMBOL\w*\(\s*\Q$p\E\s*\)/;
				}' <"$exports.files") | sort -u >"$exports.macros"
			# shellcheck disable=SC2016 # perl code
			(cd "$ksrc" && MACROS=$exports.macros xargs perl -ne '
				BEGIN { open(M, "<", $ENV{MACROS}) or die; while (<M>) { chomp; $m{$_} = 1 } }
				while (/\b(\w+)\(\s*(\w+)\s*[,)]/g) { print "$2\n" if $m{$1} }' <"$exports.files")
		} | sort -u >"$exports.tmp"
		mv "$exports.tmp" "$exports"
		rm -f "$exports.files" "$exports.macros"
	fi
	nm -u "$tree/ice.o" | awk '$1 == "U" && $2 != "__this_module" { print $2 }' | sort -u >"$builddir/$rel.undef"
	if [ -f "$kabi" ]; then
		awk '{ print $2 }' "$kabi" | sort -u >"$builddir/$rel.kabi"
	else
		: >"$builddir/$rel.kabi"
	fi
	n=$(wc -l <"$builddir/$rel.undef")
	in_kabi=$(comm -12 "$builddir/$rel.undef" "$builddir/$rel.kabi" | wc -l)
	comm -23 "$builddir/$rel.undef" "$builddir/$rel.kabi" >"$builddir/$rel.nonkabi"
	comm -23 "$builddir/$rel.nonkabi" "$exports" >"$builddir/$rel.unresolved"
	nk=$(wc -l <"$builddir/$rel.nonkabi")
	if [ -s "$builddir/$rel.unresolved" ] && [ ! -s "$builddir/$rel.kabi" ]; then
		# No vendor kABI list (a kernel.org tree): the exports that token
		# pasting makes (tracepoints, static calls, retpoline thunks,
		# bpf_trace_run<N>, param_ops_<type>) are beyond this reading, so
		# what is left is said, not failed: the link of these trees is
		# not proven here.
		msg "[$name] ice.ko for $rel: 0 compiler warnings, $cc/$all objects; the link is not proven (no Module.symvers, no kABI list):"
		msg "[$name] $(wc -l <"$builddir/$rel.unresolved") of its $n kernel symbols are not exported as written in the tree (macro-made): $(tr '\n' ' ' <"$builddir/$rel.unresolved")"
		exit 0
	fi
	if [ -s "$builddir/$rel.unresolved" ]; then
		sed 's/^/  /' "$builddir/$rel.unresolved" >&2
		die "ice.ko against $name ($rel): $(wc -l <"$builddir/$rel.unresolved") of its $n kernel symbols are neither in the kABI list nor exported by the tree (above)" \
			"a compat shim must stop using them, or they come from a macro this check does not read (then say so in scripts/kbuild/vendor-kabi.sh)"
	fi
	msg "[$name] ice.ko for $rel: 0 compiler warnings, $cc/$all objects; modpost could not check the symbols (no Module.symvers in a prepared tree): checked below"
	msg "[$name] its $n kernel symbols: $in_kabi in the vendor's kABI list, $nk outside it and exported by the tree: $(tr '\n' ' ' <"$builddir/$rel.nonkabi")"
}

# vm_test NAME: ice.ko against NAME's image, its symbol versions against
# the kABI list, then the image's boot with it (the command `vm-test`).
vm_test() {
	image_run "$1"
	# Every object compiled, modpost included: the image has the real
	# Module.symvers of its build.
	rm -rf "${root:?}$(clone_dir)/${rel:?}"
	msg "[$name] building ice.ko against the image tree (W=1, modpost with the image's Module.symvers)"
	ICE_BP_BUILD=$out "$top/scripts/kbuild/build-module" --root "$root" "$rel" "$itree" ||
		die "ice.ko did not build against the $name image ($rel)" "see $out/$rel.log"
	log=$out/$rel.log
	ko=$out/$rel/ice.ko
	# The compiler's "warning:" and modpost's "WARNING:" (a symbol or a
	# CRC missing): neither is allowed.
	w=$(grep -cE '[Ww]arning:|WARNING:' "$log" || true)
	[ "$w" = 0 ] || {
		grep -E '[Ww]arning:|WARNING:' "$log" | head -n 20 >&2
		die "ice.ko against the $name image ($rel): $w warnings" "see $log"
	}
	msg "[$name] ice.ko for $rel: 0 warnings, modpost included ($log)"
	imports_vs_kabi "$ko" "$out/kabi.diff" >"$out/kabi.txt"
	msg "[$name] $(cat "$out/kabi.txt")"
	if grep -q '^different ' "$out/kabi.diff"; then
		sed 's/^/  /' "$out/kabi.diff" >&2
		die "the reduced $name image changed the symbol versions of what ice.ko imports (above): a structure they expand differs from Red Hat's build" \
			"find the option that changes it (the image's .icebp-reduction lists what the reduction lost) and keep it: image_keep in scripts/kbuild/vendor-reduce.sh"
	fi
	# A distribution's configuration boots slower under TCG than the small
	# ones of the other VM runs (hundreds of built-in drivers probe, on a
	# loaded machine): a longer limit unless one is given.
	rc=0
	ICE_BP_VM_TIMEOUT=${ICE_BP_VM_TIMEOUT:-600} ICE_BP_BUILD=$out ICE_BP_IMAGE=$img \
		"$top/scripts/vm/vm-test" "$rel" "$ko" >"$out/vm-test.tap" || rc=$?
	cat "$out/vm-test.tap"
	[ "$rc" = 0 ] || die "the VM test of ice.ko on the $name image failed (above)" "read $out/$rel.vm.log, the serial console"
}

# kabi_check NAME KO [KABI]: the comparison of vm-test alone (test 71 gives
# it a list with one CRC changed: it must fail naming that symbol).
kabi_check() {
	devel_fields "$1"
	source_tree "$src"
	[ -f "$2" ] || die "no module at $2" "build it: $0 vm-test $1"
	imports_vs_kabi "$2" "$2.kabi-diff" ${3:+"$3"}
	if grep -q '^different ' "$2.kabi-diff"; then
		sed 's/^/  /' "$2.kabi-diff" >&2
		die "$(grep -c '^different ' "$2.kabi-diff") symbol versions $2 imports differ from the kABI list (above)" \
			"the kernel it was built against lays out a structure those symbols reach differently"
	fi
}
