# shellcheck shell=sh disable=SC2034,SC2154 # variables shared with scripts/kbuild/vendor-kernel and its other files
# vendor-kernel's pruned build of an image: of the modules the reduced
# configuration keeps, kbuild compiles only those ice and irdma need.
# Sourced by scripts/kbuild/vendor-kernel, never run.

# builtin_when_m TREE: the options whose Makefiles build code into the
# kernel when the option is m, one a line, from TREE/.icebp-y-now (the
# options set y): what they build is not obj-m's to drop.  Two forms:
# obj-$(subst m,y,$(CONFIG_X)) (and $(CONFIG_X:m=y)), as net/8021q's
# vlan_core.o, whose vlan_dev_real_dev() ice, ib_core and irdma call
# (RHEL 10.0's first whole image build failed in modpost without it);
# and a conditional on X (ifdef, ifeq, ifneq) around a line that builds
# into the kernel (obj-y, or obj-$(CONFIG_Y) with Y set y), as
# lib/Makefile's kunit/ under ifdef CONFIG_KUNIT and linux-6.14's
# drivers/firmware/efi capsule.o under ifneq ($(CONFIG_EFI_CAPSULE_LOADER),),
# whose efi_capsule_pending() the reboot code calls.  A conditional
# around a module's own objects (drivers/gpu/ipu-v3's ifdef CONFIG_DRM)
# builds nothing into the kernel: counting those brought in DRM, sound
# and SCSI, 12 modules more.
builtin_when_m() {
	# shellcheck disable=SC2016 # awk's own $0 and $(...)
	(cd "$1" && find . \( -name tools -o -name Documentation \) -prune -o \
		-type f \( -name Makefile -o -name Kbuild -o -name 'Makefile.*' \) -print0) |
		(cd "$1" && xargs -0 awk -v yset=.icebp-y-now '
		BEGIN { while ((getline l <yset) > 0) y[l] = 1 }
		function opts(s,    r) {
			r = ""
			while (match(s, /CONFIG_[A-Za-z0-9_]+/)) {
				r = r " " substr(s, RSTART + 7, RLENGTH - 7)
				s = substr(s, RSTART + RLENGTH)
			}
			return r
		}
		FNR == 1 { depth = 0 }
		/^[[:space:]]*(obj|lib|core)-(\$\(subst m,y,\$\(CONFIG_[A-Za-z0-9_]+\)\)|\$\(CONFIG_[A-Za-z0-9_]+:m=y\))/ {
			n = split(opts($0), a, " ")
			for (j = 1; j <= n; j++)
				print a[j]
			next
		}
		# ifeq ($(CONFIG_X),y): the same whether X is m or unset.
		/^[[:space:]]*(ifn?def|ifn?eq)[[:space:](]/ {
			c[++depth] = $0 ~ /,[[:space:]]*y[[:space:]]*\)/ ? "" : opts($0)
			next
		}
		/^[[:space:]]*endif/ { if (depth) depth--; next }
		depth && /^[[:space:]]*(obj|lib|core)-(y|\$\(CONFIG_[A-Za-z0-9_]+\))[[:space:]]*[+:]?=/ {
			if ($0 !~ /^[[:space:]]*(obj|lib|core)-y/) {
				match($0, /CONFIG_[A-Za-z0-9_]+/)
				if (!(substr($0, RSTART + 7, RLENGTH - 7) in y))
					next
			}
			for (i = 1; i <= depth; i++) {
				n = split(c[i], a, " ")
				for (j = 1; j <= n; j++)
					print a[j]
			}
		}') | sort -u
}

# prune_modules TREE: build only the modules the image's runs load.  The
# reduced configuration keeps some 500 modules for what their options do
# to the kernel's headers and Kconfig (DRM_AMDGPU=m only for the
# PM_GENERIC_DOMAINS its DRM_AMD_ACP selects); C code reads the
# configuration from include/generated/autoconf.h, kbuild's Makefiles
# from include/config/auto.conf.  So auto.conf, made here by syncconfig,
# loses every =m outside the closure of image_keep (what those depend on
# and select), and autoconf.h keeps them all: the kernel and the modules
# built see the configuration as it is, kbuild compiles only the modules
# ice and irdma need.  The modules not built are listed in
# TREE/.icebp-reduction ("unbuilt").  Kept too: the modules whose option
# a Makefile turns into built-in code when it is m (builtin_when_m).
prune_modules() {
	t=$1
	kroot_run "$root" "$t" make -s syncconfig LOCALVERSION= >>"$t/.icebp-config.log" 2>&1 || {
		tail -n 20 "$t/.icebp-config.log" >&2
		die "make syncconfig failed for $name" "read $t/.icebp-config.log"
	}
	kconfig_index "$t"
	sed -n 's/^CONFIG_\([A-Za-z0-9_]*\)=m$/\1/p' "$t/.config" | sort >"$t/.icebp-m-now"
	sed -n 's/^CONFIG_\([A-Za-z0-9_]*\)=y$/\1/p' "$t/.config" | sort >"$t/.icebp-y-now"
	{
		# shellcheck disable=SC2086 # names without blanks
		printf '%s\n' $image_keep
		builtin_when_m "$t" | comm -12 - "$t/.icebp-m-now"
	} | sort -u >"$t/.icebp-need"
	# A module built needs what it depends on and selects, and what its
	# =y sub-options select (an option set y that depends on it is
	# compiled into it): VLAN_8021Q_GVRP selects GARP, which 8021q.ko
	# links to.  Not what they depend on: that reaches far.
	awk 'FILENAME == ARGV[1] { need[$1] = 1; next }
		FILENAME == ARGV[2] { m[$1] = 1; next }
		FILENAME == ARGV[3] { y[$1] = 1; next }
		$1 == "dep" { dep[++n] = $2 " " $3 " dep" }
		$1 == "sel" { dep[++n] = $3 " " $2 " sel" }
		END {
			do {
				more = 0
				for (i = 1; i <= n; i++) {
					split(dep[i], e, " ")
					if ((e[1] in need) && (e[2] in m) && !(e[2] in need)) { need[e[2]] = 1; more = 1 }
					if ((e[2] in need) && (e[2] in m) && (e[1] in y) && !(e[1] in part)) { part[e[1]] = 1; more = 1 }
					if ((e[1] in part) && e[3] == "sel" && (e[2] in m) && !(e[2] in need)) { need[e[2]] = 1; more = 1 }
				}
			} while (more)
			for (s in need) if (s in m) print s
		}' "$t/.icebp-need" "$t/.icebp-m-now" "$t/.icebp-y-now" "$t/.icebp-kindex" | sort >"$t/.icebp-built"
	mv "$t/.icebp-m-now" "$t/.icebp-m-all"
	cp "$t/include/config/auto.conf" "$t/.icebp-auto.conf.all"
	prune_apply "$t"
	msg "[$name] modules built: $(wc -l <"$t/.icebp-built") of the $(wc -l <"$t/.icebp-m-all") the configuration has: $(tr '\n' ' ' <"$t/.icebp-built")"
	rm -f "$t/.icebp-need" "$t/.icebp-y-now" "$t/.icebp-kindex"
}

# prune_apply TREE: auto.conf without the modules the configuration has
# (TREE/.icebp-m-all) that are not in TREE/.icebp-built, from the whole
# one (TREE/.icebp-auto.conf.all); they are the "unbuilt" lines of
# TREE/.icebp-reduction.
prune_apply() {
	comm -23 "$1/.icebp-m-all" "$1/.icebp-built" >"$1/.icebp-unbuilt"
	awk 'FILENAME == ARGV[1] { off["CONFIG_" $1 "=m"] = 1; next } !($0 in off)' \
		"$1/.icebp-unbuilt" "$1/.icebp-auto.conf.all" >"$1/include/config/auto.conf"
	sed -i '/^unbuilt /d' "$1/.icebp-reduction"
	sed 's/^/unbuilt /' "$1/.icebp-unbuilt" >>"$1/.icebp-reduction"
	rm -f "$1/.icebp-unbuilt"
}

# exporters TREE LOG: the unbuilt modules' options whose code exports a
# symbol modpost found undefined in LOG ('ERROR: modpost: "SYM" [M.ko]
# undefined!'), one a line: what prune_modules' rules missed (a form of
# Makefile they do not read: drivers/net/phy's obj-y += $(sfp-obj-m),
# which builds sfp-bus.o into libphy's side when SFP=m; an option set y
# inside a kept module that calls another, as rdma_cm's configfs
# support).  The exporting file's object is looked up in its directory's
# Makefile, through the composite object that lists it (configfs-objs
# := inode.o ...), up to the line that names an option.
exporters() {
	sed -n 's/^ERROR: modpost: "\([A-Za-z0-9_]*\)" \[.*\] undefined!$/\1/p' "$2" | sort -u >"$1/.icebp-undef"
	[ -s "$1/.icebp-undef" ] || return 0
	(cd "$1" && grep -rlE --include='*.c' --exclude-dir=tools --exclude-dir=Documentation \
		"^EXPORT_SYMBOL[A-Z_]*\(($(paste -sd '|' "$1/.icebp-undef"))[,)]" .) |
		while read -r f; do
			d=${f%/*}
			o=${f##*/}
			o=${o%.c}.o
			for _ in 1 2 3; do
				l=$(grep -E "(^|[[:space:]=])$o([[:space:]]|$)" "$1/$d/Makefile" 2>/dev/null | head -n 1)
				c=$(printf '%s\n' "$l" | grep -oE 'CONFIG_[A-Za-z0-9_]+' | sed 's/^CONFIG_//')
				[ -z "$c" ] || { echo "$c"; break; }
				o=$(printf '%s\n' "$l" | sed -n 's/^[[:space:]]*\([A-Za-z0-9_-]*\)-\(objs\|y\)[[:space:]].*/\1.o/p')
				[ -n "$o" ] || break
			done
		done | sort -u | comm -12 - "$1/.icebp-m-all" | comm -23 - "$1/.icebp-built"
	rm -f "$1/.icebp-undef"
}
