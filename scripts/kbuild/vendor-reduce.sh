# shellcheck shell=sh disable=SC2034,SC2154 # variables shared with scripts/kbuild/vendor-kernel and its other files
# vendor-kernel's reduced configuration of an image, and the index of
# x86's Kconfig it reads (kconfig_index, which vendor-prune.sh reads too).
# Sourced by scripts/kbuild/vendor-kernel, never run.
# The reduced configuration of an image (image_tree).  A full build of
# Red Hat's configuration (2,300 modules) takes most of a day on these 2
# cores; the image keeps what can change a structure our module shares
# with the kernel and drops the modules nothing here loads:
#   - every =y of the vendor's configuration stays (built-in code decides
#     the layout of the kernel's structures); DEBUG_INFO and BTF stay too:
#     CONFIG_DEBUG_INFO_BTF_MODULES adds members to struct module, which
#     genksyms expands into the symbol versions (CRC) of every function
#     that takes one;
#   - a module option (=m) stays when a header of include/ or
#     arch/x86/include tests it (IS_ENABLED, IS_REACHABLE, IS_MODULE,
#     CONFIG_X_MODULE: NF_CONNTRACK puts _nfct into struct sk_buff, for
#     one), and so do ice, irdma and what they need (image_keep);
#   - every other =m goes off.
# The proof that no structure our module uses changed is the symbol
# versions: with MODVERSIONS on, the CRC of every symbol ice.ko imports
# must be the one of Red Hat's kABI list (vm-test checks it), and the
# image's whole Module.symvers is compared with that list too (image).
image_keep="ICE I40E INFINIBAND INFINIBAND_IRDMA INFINIBAND_USER_ACCESS GNSS LIBIE LIBETH DIMLIB PLDMFW DPLL AUXILIARY_BUS PTP_1588_CLOCK"

# kconfig_index TREE: TREE/.icebp-kindex, one line a fact of x86's
# Kconfig tree (read from the top Kconfig through its source lines, so
# that an if block around a source line reaches the files it sources):
# "dep SYM TOKEN" for every symbol named where SYM's value is decided
# (depends on, default, def_bool, def_tristate, and the conditions of the
# if blocks and menus around it), "sel TARGET SYM" for every select or
# imply of TARGET by SYM.
kconfig_index() {
	# shellcheck disable=SC2016 # awk code
	(cd "$1" && awk '
		function toks(s, kind, who,   n, a, i) {
			gsub(/"[^"]*"/, "", s)
			n = split(s, a, /[^A-Za-z0-9_]+/)
			for (i = 1; i <= n; i++)
				if (a[i] ~ /^[A-Z][A-Z0-9_]*$/) print kind, who, a[i]
		}
		function indent(l,   n, i, ch) {
			n = 0
			for (i = 1; i <= length(l); i++) {
				ch = substr(l, i, 1)
				if (ch == "\t") n = n - n % 8 + 8; else if (ch == " ") n++; else break
			}
			return n
		}
		function parse(file,   line, sym, c, i, mdepth, f, help) {
			if (seen[file]++) return
			help = -1
			while ((getline line < file) > 0) {
				while (line ~ /\\$/ && (getline c < file) > 0) { sub(/\\$/, "", line); line = line " " c }
				# Help text: the lines indented deeper than its keyword.
				if (help >= 0) {
					if (line ~ /^[ \t]*$/ || indent(line) > help) continue
					help = -1
				}
				if (line ~ /^[ \t]*(---)?help(---)?[ \t]*$/) {
					help = indent(line)
				} else if (line ~ /^[ \t]*(config|menuconfig)[ \t]+/) {
					split(line, f, /[ \t]+/); sym = (f[1] == "" ? f[3] : f[2])
					for (i = 1; i <= depth; i++) toks(cond[i], "dep", sym)
				} else if (line ~ /^[ \t]*if[ \t]+/) {
					c = line; sub(/^[ \t]*if[ \t]+/, "", c); cond[++depth] = c; sym = ""
				} else if (line ~ /^[ \t]*endif/) {
					if (depth > 0) depth--; sym = ""
				} else if (line ~ /^[ \t]*menu[ \t]+/) {
					cond[++depth] = ""; sym = "menu"; mdepth = depth
				} else if (line ~ /^[ \t]*endmenu/) {
					if (depth > 0) depth--; sym = ""
				} else if (line ~ /^[ \t]*o?source[ \t]+/) {
					c = line; sub(/^[ \t]*o?source[ \t]+"?/, "", c); sub(/".*/, "", c)
					gsub(/\$\(SRCARCH\)/, "x86", c); gsub(/\$\(HEADER_ARCH\)/, "x86", c)
					parse(c); sym = ""
				} else if (line ~ /^[ \t]*(choice|endchoice|comment|mainmenu)/) {
					sym = ""
				} else if (sym == "menu" && line ~ /^[ \t]*(depends on|visible if)/) {
					c = line; sub(/^[ \t]*(depends on|visible if)[ \t]*/, "", c); cond[mdepth] = cond[mdepth] " " c
				} else if (sym != "" && sym != "menu" && line ~ /^[ \t]*(depends on|default|def_bool|def_tristate|bool|tristate)[ \t]/) {
					c = line
					if (c ~ /^[ \t]*(bool|tristate)[ \t]/) { if (c !~ / if /) continue; sub(/.* if /, "", c) }
					sub(/^[ \t]*(depends on|default|def_bool|def_tristate)[ \t]*/, "", c)
					toks(c, "dep", sym)
				} else if (sym != "" && sym != "menu" && line ~ /^[ \t]*(select|imply)[ \t]/) {
					split(line, f, /[ \t]+/); print "sel", (f[1] == "" ? f[3] : f[2]), sym
				}
			}
			close(file)
		}
		BEGIN { parse("Kconfig") }') >"$1/.icebp-kindex"
}

# reduce_config TREE: TREE/.config (the vendor's, through olddefconfig, as
# Red Hat's build has it) reduced as above, kept in TREE/.icebp-vendor.config;
# what the reduction changed is in TREE/.icebp-reduction.  Turning a module
# off can take a =y with it (NETCONSOLE=m makes NETPOLL and
# NET_POLL_CONTROLLER, which adds a member to struct net_device_ops), or a
# module kept (its dependency): the modules that decide a lost option (its
# depends on, defaults, enclosing if and menus, what selects it) are put
# back, until nothing the vendor has as =y, a value or a kept module is lost.
reduce_config() {
	t=$1
	# Read before the configuration makes include/config and
	# include/generated, which name every option.  The headers of
	# subsystems whose structures neither ice nor irdma reach (sound,
	# graphics, media, SCSI, device-tree bindings) are not read.
	hdrs="arch/x86/include $(cd "$t" && find include -mindepth 1 -maxdepth 1 -type d |
		grep -vxE 'include/(sound|drm|media|scsi|video|soc|target|dt-bindings|kunit|config|generated)' | LC_ALL=C sort | tr '\n' ' ')"
	{
		# shellcheck disable=SC2086 # paths without blanks
		(cd "$t" && grep -rhoE '(IS_ENABLED|IS_REACHABLE|IS_MODULE|IS_BUILTIN)\(CONFIG_[A-Za-z0-9_]+\)|CONFIG_[A-Za-z0-9_]+_MODULE' \
			$hdrs) | sed -E 's/.*\((CONFIG_[A-Za-z0-9_]+)\)/\1/; s/_MODULE$//; s/^CONFIG_//'
		# shellcheck disable=SC2086 # names without blanks
		printf '%s\n' $image_keep
	} | sort -u >"$t/.icebp-keep"
	# shellcheck disable=SC2086 # paths without blanks
	(cd "$t" && grep -rhoE 'CONFIG_[A-Za-z0-9_]+' $hdrs) | sed -E 's/_MODULE$//; s/^CONFIG_//' |
		sort -u >"$t/.icebp-hdr"
	kroot_run "$root" "$t" make -s olddefconfig LOCALVERSION= >>"$t/.icebp-config.log" 2>&1 || {
		tail -n 20 "$t/.icebp-config.log" >&2
		die "make olddefconfig of the vendor's configuration failed for $name" "read $t/.icebp-config.log"
	}
	cp "$t/.config" "$t/.icebp-vendor.config"
	sed -n 's/^CONFIG_\([A-Za-z0-9_]*\)=m$/\1/p' "$t/.icebp-vendor.config" | sort >"$t/.icebp-m"
	# The vendor's options that are not modules, as NAME=VALUE.
	sed -n 's/^CONFIG_//p' "$t/.icebp-vendor.config" | grep -v '=m$' | sort >"$t/.icebp-other"
	comm -23 "$t/.icebp-m" "$t/.icebp-keep" >"$t/.icebp-drop"
	kconfig_index "$t"
	round=0
	while :; do
		round=$((round + 1))
		awk 'FILENAME == ARGV[1] { drop["CONFIG_" $1] = 1; next }
			/^CONFIG_[A-Za-z0-9_]+=m$/ { s = $0; sub(/=m$/, "", s); if (s in drop) { print "# " s " is not set"; next } }
			{ print }' "$t/.icebp-drop" "$t/.icebp-vendor.config" >"$t/.config"
		kroot_run "$root" "$t" make -s olddefconfig LOCALVERSION= >>"$t/.icebp-config.log" 2>&1 || {
			tail -n 20 "$t/.icebp-config.log" >&2
			die "make olddefconfig of the reduced configuration failed for $name" "read $t/.icebp-config.log"
		}
		sed -n 's/^CONFIG_//p' "$t/.config" | sort >"$t/.icebp-now"
		# Lost: a value of the vendor's that is not the same now, or a
		# module the reduction keeps that is not a module now.
		comm -23 "$t/.icebp-other" "$t/.icebp-now" | sed 's/=.*//' | sort -u >"$t/.icebp-lost"
		comm -23 "$t/.icebp-m" "$t/.icebp-drop" | sed 's/$/=m/' | sort | comm -23 - "$t/.icebp-now" |
			sed 's/=.*//' | sort -u >"$t/.icebp-lost-m"
		# Only an option a shared header reads can change a structure
		# the module shares with the kernel (the others are options of
		# the drivers dropped, ATH10K_DEBUGFS under ATH10K, and so on);
		# a module kept must be there, whatever reads it.
		comm -12 "$t/.icebp-lost" "$t/.icebp-hdr" | sort -u - "$t/.icebp-lost-m" >"$t/.icebp-lost-hdr"
		[ -s "$t/.icebp-lost-hdr" ] || break
		# The dropped modules that decide a lost option go back: those
		# its value depends on or that select it, directly or through
		# other lost options (PM_GENERIC_DOMAINS, which struct
		# pm_subsys_data reads, is selected by DRM_AMD_ACP, a bool of
		# DRM_AMDGPU).
		awk 'FILENAME == ARGV[1] { drive[$1] = 1; next }
			FILENAME == ARGV[2] { lost[$1] = 1; next }
			{ edge[++n] = $2 " " $3 }
			END {
				do {
					more = 0
					for (i = 1; i <= n; i++) {
						split(edge[i], e, " ")
						if ((e[1] in drive) && (e[2] in lost) && !(e[2] in drive)) { drive[e[2]] = 1; more = 1 }
					}
				} while (more)
				for (i = 1; i <= n; i++) { split(edge[i], e, " "); if (e[1] in drive) print e[2] }
			}' "$t/.icebp-lost-hdr" "$t/.icebp-lost" "$t/.icebp-kindex" | sort -u |
			comm -12 - "$t/.icebp-drop" >"$t/.icebp-back"
		if [ ! -s "$t/.icebp-back" ] || [ "$round" -ge 20 ]; then
			break
		fi
		msg "[$name] reduction round $round: $(wc -l <"$t/.icebp-lost-hdr") options a header reads lost, $(wc -l <"$t/.icebp-back") modules back: $(head -n 8 "$t/.icebp-back" | tr '\n' ' ')"
		comm -23 "$t/.icebp-drop" "$t/.icebp-back" >"$t/.icebp-drop.new"
		mv "$t/.icebp-drop.new" "$t/.icebp-drop"
	done
	for s in CONFIG_ICE=m CONFIG_INFINIBAND_IRDMA=m CONFIG_MODVERSIONS=y; do
		grep -qx "$s" "$t/.config" ||
			die "the reduced configuration of $name lost $s (got: $(grep -E "^(# )?${s%%=*}[= ]" "$t/.config" || echo nothing))" \
				"add what ${s%%=*} depends on to image_keep in scripts/kbuild/vendor-reduce.sh"
	done
	{
		echo "# The vendor's options (after olddefconfig) that the reduced build does not have as the vendor does,"
		echo "# beyond the modules it drops (drop): lost-read where a header of include/ or arch/x86/include"
		echo "# reads the option, lost where none does; the symbol versions judge whether they matter."
		comm -23 "$t/.icebp-lost" "$t/.icebp-lost-hdr" | sed 's/^/lost /'
		sed 's/^/lost-read /' "$t/.icebp-lost-hdr"
		sed 's/^/drop /' "$t/.icebp-drop"
	} >"$t/.icebp-reduction"
	m_vendor=$(wc -l <"$t/.icebp-m")
	m_kept=$(grep -c '=m$' "$t/.config" || true)
	n_lost=$(wc -l <"$t/.icebp-lost")
	n_read=$(wc -l <"$t/.icebp-lost-hdr")
	rm -f "$t/.icebp-lost-m" "$t/.icebp-now" "$t/.icebp-back" "$t/.icebp-kindex" "$t/.icebp-other" "$t/.icebp-m" "$t/.icebp-hdr"
	msg "[$name] reduced configuration: $m_kept of the vendor's $m_vendor modules kept; $n_lost other options lost, $n_read of them read by a shared header (${round} rounds; $t/.icebp-reduction)"
	[ "$n_read" = 0 ] || msg "[$name] lost and read by a header: $(tr '\n' ' ' <"$t/.icebp-lost-hdr")"
}
