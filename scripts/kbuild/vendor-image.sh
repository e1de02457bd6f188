# shellcheck shell=sh disable=SC2034,SC2154 # variables shared with scripts/kbuild/vendor-kernel and its other files
# vendor-kernel's images: a devel record's kernel fully built with the
# reduced configuration, to boot in a VM.  Sourced by
# scripts/kbuild/vendor-kernel, never run.

# Bump when the reduction or the build below changes what an image is.
image_recipe=9
# image-config: image_tree stops at the reduced configuration.
config_only=0

# image_configure TREE: the vendor's configuration reduced (prepare_tree's
# CONFIGURE for an image).
image_configure() {
	config_file "$1/.config"
	case $config in
	deb:*)
		# A Debian configuration names Debian's key files, which only
		# its packaging tree has (the module signing key): the
		# kernel's own, made by the build, as a kernel.org build has.
		# Keys change no structure a module shares with the kernel.
		"$1/scripts/config" --file "$1/.config" --set-str MODULE_SIG_KEY certs/signing_key.pem \
			--set-str SYSTEM_TRUSTED_KEYS "" --set-str SYSTEM_REVOCATION_KEYS ""
		;;
	esac
	msg "[$name] configuring $rel: $config reduced (image_keep), olddefconfig, in the $rootname root ($gcc_v)"
	reduce_config "$1"
}

# image_tree NAME: set img (the image: vmlinuz, lib/modules/RELEASE and
# the fully built tree at usr/src/kernels/RELEASE) and itree, built when
# absent or stale.  Not in a command substitution: the mounts and the
# temporary directory must be undone by this shell's trap.
image_tree() {
	devel_fields "$1"
	img=$vk/image/$name
	# No image at all: nothing to compare a key with, so the tests' skip
	# costs neither the source tree nor the root's packages.
	if [ "${ICE_BP_IMAGE_BUILT_ONLY:-0}" = 1 ] && [ ! -f "$img/.icebp-key" ]; then
		msg "[$name] no image of $rel in $img"
		msg "  fix: $0 image $name (most of an hour; make vendor-kernels makes those of ICE_BP_VENDOR_IMAGES: $images)"
		exit 3
	fi
	source_tree "$src"
	# dwarves: pahole makes the BTF the configuration keeps (Kconfig turns
	# BTF off when it finds no pahole); openssl: the module signing key
	# the configuration asks for; cpio: kheaders when kept; zstd: the
	# compressor of the bzImage (KERNEL_ZSTD, Debian's configuration:
	# linux-6.14's image failed there, after vmlinux).
	root=$("$top/scripts/kbuild/build-root" "$rootname" python3 dwarves openssl cpio zstd)
	gcc_v=$(chroot "$root" gcc --version | head -n 1)
	pahole_v=$(chroot "$root" pahole --version)
	key=$(echo "image $image_recipe $image_keep $tree_sha $config $config_sha $rel $gcc_v $pahole_v" | sha256sum | cut -d' ' -f1)
	img=$vk/image/$name
	itree=$img/usr/src/kernels/$rel
	[ "$(cat "$img/.icebp-key" 2>/dev/null)" != "$key" ] || return 0
	# The tests read an image and never build one (an hour): exit 3, a
	# skip for them.
	if [ "${ICE_BP_IMAGE_BUILT_ONLY:-0}" = 1 ]; then
		msg "[$name] no current image of $rel in $img (absent, or made from other inputs)"
		msg "  fix: $0 image $name (most of an hour; make vendor-kernels makes those of ICE_BP_VENDOR_IMAGES: $images)"
		exit 3
	fi
	mkdir -p "$vk/image"
	exec 8>"$vk/image/.$name.lock"
	flock 8
	if [ "$(cat "$img/.icebp-key" 2>/dev/null)" != "$key" ]; then
		# Left-overs of a killed run: never reused.
		for old in "$vk/image/.$name".tmp.*; do
			[ ! -e "$old" ] || rm -rf --one-file-system "$old"
		done
		tmp=$vk/image/.$name.tmp.$$
		t=$tmp/usr/src/kernels/$rel
		msg "[$name] image of $rel: copying the source"
		kroot_enter "$root" "$vk"
		prepare_tree "$name" "$root" "$t" "$vk/image/$name.failed.log" vendor_fill image_configure configured
		if [ "$config_only" = 1 ]; then
			cp "$t/.config" "$vk/image/$name.config"
			cp "$t/.icebp-reduction" "$vk/image/$name.reduction"
			flock -u 8
			return 0
		fi
		prune_modules "$t"
		jobs=$(nproc)
		start=$(date +%s)
		kroot_cpu_mark "$tmp/.cpu"
		msg "[$name] make bzImage modules (-j$jobs: most of an hour on 2 busy cores), log $t/.icebp-build.log"
		kroot_progress "[$name] kernel build:" "$t" "$t/.icebp-build.log" 300
		mon=$!
		rc=0
		# Through ccache (in the cache directory, mounted in the root): a
		# retry after a failure costs minutes, not the hour.  The tree's
		# path changes with each try: paths relative to it, and the
		# directory (debug information's) left out of the hash.  By the
		# PATH (Debian's /usr/lib/ccache/gcc), not CC=: Kconfig records
		# $(CC), and a new one regenerates auto.conf, undoing
		# prune_modules.
		# When modpost finds a symbol that a module not built exports
		# (exporters), that module joins the build and make goes on from
		# where it stopped: at most three times.
		: >"$t/.icebp-build.log"
		for round in 1 2 3 4; do
			rc=0
			kroot_run "$root" "$t" env PATH=/usr/lib/ccache:/usr/sbin:/usr/bin:/sbin:/bin \
				CCACHE_DIR="$vk/ccache" CCACHE_BASEDIR="$t" CCACHE_NOHASHDIR=1 CCACHE_MAXSIZE=8G \
				make -j"$jobs" bzImage modules LOCALVERSION= >>"$t/.icebp-build.log" 2>&1 || rc=$?
			if [ "$rc" = 0 ] || [ "$round" = 4 ]; then break; fi
			more=$(exporters "$t" "$t/.icebp-build.log")
			[ -n "$more" ] || break
			msg "[$name] modpost: undefined symbols exported by modules not built; building them too: $(echo "$more" | tr '\n' ' ')"
			printf '%s\n' "$more" | sort -u - "$t/.icebp-built" -o "$t/.icebp-built"
			prune_apply "$t"
			echo "icebp: round $((round + 1)), with $(echo "$more" | tr '\n' ' ')" >>"$t/.icebp-build.log"
		done
		kroot_progress_stop "$mon"
		# prune_modules holds only while nothing regenerates auto.conf.
		unbuilt=$(sed -n 's/^unbuilt //p' "$t/.icebp-reduction" | head -n 1)
		[ -z "$unbuilt" ] || ! grep -q "^CONFIG_$unbuilt=m" "$t/include/config/auto.conf" ||
			die "the build of $name regenerated include/config/auto.conf (CONFIG_$unbuilt is back): prune_modules was undone" \
				"read $t/include/config/auto.conf.cmd for what changed since the configuration"
		[ "$rc" = 0 ] || {
			cp "$t/.icebp-build.log" "$vk/image/$name.failed.log"
			grep -m 10 -E 'error:|Error [0-9]' "$t/.icebp-build.log" >&2 || tail -n 20 "$t/.icebp-build.log" >&2
			die "the kernel build failed for $name" "read $vk/image/$name.failed.log"
		}
		msg "[$name] make modules_install"
		kroot_run "$root" "$t" make -s modules_install LOCALVERSION= INSTALL_MOD_PATH="$tmp" INSTALL_MOD_STRIP=1 \
			>>"$t/.icebp-build.log" 2>&1 || die "make modules_install failed for $name" "read $t/.icebp-build.log"
		build_s=$(($(date +%s) - start))
		kroot_cpu_since "$tmp/.cpu"
		cpu=$kroot_cpu
		got=$(cat "$t/include/config/kernel.release")
		[ "$got" = "$rel" ] || die "the $name image says its release is $got, not $rel" \
			"read $t/Makefile's EXTRAVERSION and the configuration's LOCALVERSION"
		[ -f "$t/Module.symvers" ] || die "the $name build left no Module.symvers" "read $t/.icebp-build.log"
		cp "$t/arch/x86/boot/bzImage" "$tmp/vmlinuz"
		# As kernel-devel lays it out: build links to the tree's path on a
		# host, not to the temporary directory it was built in.
		rm -f "$tmp/lib/modules/$rel/build" "$tmp/lib/modules/$rel/source"
		ln -s "/usr/src/kernels/$rel" "$tmp/lib/modules/$rel/build"
		mods=$(find "$tmp/lib/modules/$rel" -name '*.ko*' | wc -l)
		printf 'release %s\nsource %s %s\nconfig %s reduced (recipe %s)\nroot %s\ncompiler %s\npahole %s\nbuild_s %s\nbuild_cpu_s %s\nmodules %s\njobs %s\n' \
			"$rel" "$src" "$commit" "$config" "$image_recipe" "$rootname" "$gcc_v" "$pahole_v" "$build_s" "$cpu" "$mods" "$jobs" >"$tmp/.icebp-info"
		kabi_compare "$t" all "$tmp/.icebp-kabi.diff" >>"$tmp/.icebp-info"
		echo "$key" >"$tmp/.icebp-key"
		rm -rf --one-file-system "$img"
		mv "$tmp" "$img"
		tmp=
		msg "[$name] image of $rel in ${build_s}s (${cpu} CPU seconds), $mods modules: $img"
		msg "[$name] $(grep '^kabi ' "$img/.icebp-info")"
	fi
	flock -u 8
}

# image_run NAME: for a run on NAME's image (vm-test, rxemu): the image
# (image_tree), the imported upstream, the root entered over the cache,
# and out, the run's output directory.
image_run() {
	image_tree "$1"
	[ -f "$top/src/PROVENANCE" ] || "$top/scripts/import/import-upstream"
	kroot_enter "$root" "$vk"
	out=${ICE_BP_BUILD:-$top/build}/vendor-image/$name
	mkdir -p "$out"
}

# kabi_compare TREE all|SYMBOLS_FILE DIFF: compare the CRCs of TREE's
# Module.symvers with the vendor's kABI list (Module.kabi_x86_64, with
# Red Hat's CRCs): every symbol of the list, or the symbols of
# SYMBOLS_FILE (one a line) that the list holds.  Prints one line,
# "kabi N listed: E equal, D different, A absent"; the different and
# absent symbols go to the file DIFF.
kabi_compare() {
	: >"$3"
	kc_kabi=$1/almalinux/Module.kabi_x86_64
	[ -f "$kc_kabi" ] || kc_kabi=$1/redhat/kabi/Module.kabi_x86_64
	if [ ! -f "$kc_kabi" ]; then
		echo "kabi none: the source has no kABI list"
		return 0
	fi
	awk -v only="$2" '
		FILENAME == only { want[$1] = 1; next }
		FILENAME ~ /Module\.symvers$/ { have[$2] = $1; next }
		only != "all" && !($2 in want) { next }
		{ n++
		  if (!($2 in have)) { a++; print "absent " $2 " " $1 > diff }
		  else if (have[$2] != $1) { d++; print "different " $2 " kabi " $1 " image " have[$2] > diff }
		  else e++ }
		END { printf "kabi %d listed: %d equal, %d different, %d absent\n", n, e, d, a }' \
		diff="$3" "$([ "$2" = all ] && echo /dev/null || echo "$2")" "$1/Module.symvers" "$kc_kabi"
}
