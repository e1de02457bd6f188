# shellcheck shell=sh disable=SC2034,SC2154 # variables shared with scripts/kbuild/vendor-kernel and its other files
# vendor-kernel's devel trees: a lock's devel record made into the
# kernel-devel root a RHEL host has, prepared for external modules.
# Sourced by scripts/kbuild/vendor-kernel, never run.

# config_file DEST: NAME's configuration, checked, into DEST.
config_file() {
	case $config in
	deb:*:*)
		suite=${config#deb:}
		pkg=${suite#*:}
		suite=${suite%%:*}
		deb=$("$top/scripts/import/fetch-deb" "$suite" "$pkg")
		dpkg-deb --fsys-tarfile "$deb" | tar -xOf - "./usr/src/$pkg/.config" >"$1" ||
			die "$pkg has no .config" "name a linux-headers package in the CONFIG column"
		;;
	*)
		[ -f "$src_dir/$config" ] || die "the source of $src has no $config" "correct the CONFIG column of devel $name"
		cp "$src_dir/$config" "$1"
		;;
	esac
	[ "$config_sha" = - ] || [ "$(sha256_of "$1")" = "$config_sha" ] ||
		die "$config of $src does not match vendor-kernels.lock's CONFIG_SHA256" "give the source the lock names"
}

# release_parts: VERSION-PATCHLEVEL-SUBLEVEL of RELEASE must be the
# source's; the rest is EXTRAVERSION, as the RHEL spec sets it.
extraversion() {
	base=$(awk '/^VERSION =/ { v = $3 } /^PATCHLEVEL =/ { p = $3 } /^SUBLEVEL =/ { s = $3 }
		END { printf "%s.%s.%s", v, p, s }' "$src_dir/Makefile")
	case $rel in
	"$base"-* | "$base"+*) echo "${rel#"$base"}" ;;
	*) die "devel $name: release $rel is not of the source's version $base" "correct the RELEASE column" ;;
	esac
	if [ -f "$src_dir/Makefile.rhelver" ]; then
		rr=$(awk '$1 == "RHEL_RELEASE" { print $3 }' "$src_dir/Makefile.rhelver")
		case $rel in
		"$base-$rr".*) ;;
		*) die "devel $name: release $rel does not carry the source's RHEL_RELEASE $rr" "correct the RELEASE column" ;;
		esac
	fi
}

# vendor_fill TREE: the verified source of src into TREE as the devel
# record's release (prepare_tree's FILL, for devel trees and images).
vendor_fill() {
	# Hard links: a build writes new files and replaces the few it
	# edits (sed -i, kbuild's own), never a source file in place.
	cp -al "$src_dir/." "$1/"
	rm -f "$1/.icebp-verified"
	ev=$(extraversion)
	sed -i "s/^EXTRAVERSION =.*/EXTRAVERSION = $ev/" "$1/Makefile"
	# A source may carry the outputs of someone's build (6.6.87's
	# import does): they go before the configuration is put in.
	kroot_run "$root" "$1" make -s mrproper >"$1/.icebp-config.log" 2>&1 || {
		tail -n 20 "$1/.icebp-config.log" >&2
		die "make mrproper failed for $name" "read $1/.icebp-config.log"
	}
}

# devel_configure TREE: the vendor's configuration through olddefconfig,
# as its build has it (prepare_tree's CONFIGURE for a devel tree).
devel_configure() {
	config_file "$1/.config"
	msg "[$name] configuring $rel: $config, olddefconfig, in the $rootname root ($gcc_v)"
	kroot_run "$root" "$1" make -s olddefconfig LOCALVERSION= >>"$1/.icebp-config.log" 2>&1 || {
		tail -n 20 "$1/.icebp-config.log" >&2
		die "make olddefconfig failed for $name" "read $1/.icebp-config.log"
	}
}

# devel_tree NAME: set droot (the kernel-devel root) and ksrc, made when
# absent or stale.
devel_tree() {
	devel_fields "$1"
	source_tree "$src"
	# python3: a configuration with BTF (RHEL's) builds resolve_btfids in
	# modules_prepare, and libbpf's headers for it come from a Python script.
	# dwarves: without pahole, Kconfig turns DEBUG_INFO_BTF off, and with
	# it DEBUG_INFO_BTF_MODULES, whose members of struct module Red Hat's
	# kernel has: a tree without them lays struct module out otherwise
	# than the kernel it stands for (vendor-kernel image found it).
	root=$("$top/scripts/kbuild/build-root" "$rootname" python3 dwarves)
	gcc_v=$(chroot "$root" gcc --version | head -n 1)
	pahole_v=$(chroot "$root" pahole --version)
	recipe=3
	key=$(echo "recipe $recipe $tree_sha $config $config_sha $rel $gcc_v $pahole_v" | sha256sum | cut -d' ' -f1)
	droot=$vk/devel/$name
	ksrc=$droot/usr/src/kernels/$rel
	[ "$(cat "$droot/.icebp-key" 2>/dev/null)" != "$key" ] || return 0
	mkdir -p "$vk/devel"
	exec 8>"$vk/devel/.$name.lock"
	flock 8
	if [ "$(cat "$droot/.icebp-key" 2>/dev/null)" != "$key" ]; then
		tmp=$vk/devel/.$name.tmp.$$
		t=$tmp/usr/src/kernels/$rel
		mkdir -p "$tmp/lib/modules/$rel"
		kroot_enter "$root" "$vk"
		prepare_tree "$name" "$root" "$t" "$vk/devel/$name.failed.log" vendor_fill devel_configure prepared LOCALVERSION=
		got=$(cat "$t/include/config/kernel.release")
		[ "$got" = "$rel" ] || die "the $name tree says its release is $got, not $rel" \
			"read $t/Makefile's EXTRAVERSION and the configuration's LOCALVERSION"
		ln -s "/usr/src/kernels/$rel" "$tmp/lib/modules/$rel/build"
		printf 'release %s\nsource %s %s\nconfig %s\nroot %s\ncompiler %s\nprepare_s %s\n' "$rel" "$src" "$commit" \
			"$config" "$rootname" "$gcc_v" "$prepare_s" >"$tmp/.icebp-info"
		echo "$key" >"$tmp/.icebp-key"
		rm -rf --one-file-system "$droot"
		mv "$tmp" "$droot"
		tmp=
		msg "[$name] kernel-devel of $rel ready: $droot"
	fi
	flock -u 8
}
