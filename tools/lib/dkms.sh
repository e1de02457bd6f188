# shellcheck shell=sh
# The package's one way of having DKMS build ice-backport, shared by the
# .deb (postinst, prerm), the .rpm (%post, %preun) and the kernel hooks
# the packages install (/etc/kernel/postinst.d, header_postinst.d, and
# kernel-install's install.d on RPM hosts).  Sourced by tools/ice-backport.
#
# Why not dh_dkms's common.postinst and `dkms autoinstall`:
# - a failed build there exits non-zero: the package is left
#   half-configured and every later apt run fails (Debian bug 1037425 for
#   the headers' hook), while the RPM only warns;
# - on a host that dkms does not take for a chroot, common.postinst builds
#   for the running and the newest kernel only, and an upgrade's prerm has
#   removed the module from all of them first: the kernels in between are
#   left without it;
# - dkms 3.0.10 and 3.2 take different branches for the same events.
# Here: every installed kernel that has headers and that the kernel policy
# accepts is built for; a failed build warns (kernel, log, retry command)
# and never fails the caller; a kernel that had the module keeps one until
# the new version is installed in its place.

# shellcheck disable=SC2154 # rdma_*_why and rd/run come from rdma.sh and host.sh, sourced before

DKMS_NAME=ice-backport

# dk_say MESSAGE: what happens, for the apt/dnf log.
dk_say() {
	printf '%s: %s\n' "$DKMS_NAME" "$*"
}

dk_warn() {
	printf '%s: warning: %s\n' "$DKMS_NAME" "$*" >&2
}

# dk_versions: the versions registered with DKMS, one a line.
dk_versions() {
	for d in "/var/lib/dkms/$DKMS_NAME"/*; do
		v=${d##*/}
		# Not versions: kernel-* links, original_module, an empty glob.
		case $v in kernel-* | original_module | '*') continue ;; esac
		[ -d "$d" ] && [ ! -L "$d" ] && echo "$v"
	done
	return 0
}

# dk_package_version: the version whose tree is installed under /usr/src
# (the newest when there are several, which only a failed upgrade leaves).
dk_package_version() {
	for d in /usr/src/"$DKMS_NAME"-*/dkms.conf; do
		[ -f "$d" ] || continue
		d=${d%/dkms.conf}
		echo "${d##*/"$DKMS_NAME"-}"
	done | sort -V | tail -n 1
}

# dk_installed_version KERNEL: the version DKMS has installed for KERNEL.
dk_installed_version() {
	l=$(readlink "/var/lib/dkms/$DKMS_NAME/kernel-$1-$(uname -m)" 2>/dev/null) || return 0
	# The link points at VERSION/KERNEL/ARCH.
	l=${l%/*}
	l=${l%/*}
	echo "${l##*/}"
}

# dk_module_file KERNEL: the ice.ko DKMS installed for KERNEL, if any.
dk_module_file() {
	for f in "/lib/modules/$1/updates/dkms/ice.ko"*; do
		[ -f "$f" ] && echo "$f" && return 0
	done
	return 0
}

# dk_kernels: every kernel with a /lib/modules directory, one a line.
dk_kernels() {
	for d in /lib/modules/*/; do
		[ -d "$d" ] || continue
		d=${d%/}
		echo "${d##*/}"
	done
}

# dk_log_dir: where the log of a failed build is kept (dkms 3.0.10 keeps
# one make.log a version, overwritten by the next kernel's build).
dk_log_dir() {
	echo "/var/log/$DKMS_NAME"
}

# dk_kept_dir: where the sources of replaced versions are kept.
dk_kept_dir() {
	echo "/var/lib/$DKMS_NAME/kept"
}

# dk_keep_sources VERSION: give DKMS a copy of VERSION's source, outside
# /usr/src, and point VERSION's `source` link at it.  Run before a package
# upgrade to another version removes /usr/src/ice-backport-VERSION: a
# kernel whose build of the new version fails keeps VERSION's module, and
# DKMS needs VERSION's source (its dkms.conf) to list and remove it later.
# dkms 3.2 counts a version whose `source` is not a link to a directory as
# broken, so the link stays a link.
dk_keep_sources() {
	v=$1
	src=/var/lib/dkms/$DKMS_NAME/$v/source
	tree=/usr/src/$DKMS_NAME-$v
	[ -L "$src" ] && [ -f "$tree/dkms.conf" ] || return 0
	kept=$(dk_kept_dir)/$DKMS_NAME-$v
	rm -rf "$kept.new"
	mkdir -p "$(dk_kept_dir)"
	if cp -a "$tree" "$kept.new"; then
		rm -rf "$kept"
		mv "$kept.new" "$kept"
		ln -sfn "$kept" "$src"
	else
		rm -rf "$kept.new"
		dk_warn "could not keep a copy of $DKMS_NAME/$v's source for DKMS"
	fi
}

# dk_register VERSION: DKMS knows VERSION with the source now in /usr/src.
dk_register() {
	src=/var/lib/dkms/$DKMS_NAME/$1/source
	tree=/usr/src/$DKMS_NAME-$1
	if [ -d "/var/lib/dkms/$DKMS_NAME/$1" ] && [ ! -e "$src/dkms.conf" ]; then
		# Registered, but its source is gone (a package removed by hand).
		dkms remove -m "$DKMS_NAME" -v "$1" --all >/dev/null 2>&1 || true
		rm -rf "/var/lib/dkms/$DKMS_NAME/$1"
	fi
	if [ -d "/var/lib/dkms/$DKMS_NAME/$1" ]; then
		# A copy dk_keep_sources made: the package's tree is back (the
		# same version installed again), DKMS builds from it.
		if [ "$(readlink "$src")" != "$tree" ]; then
			ln -sfn "$tree" "$src"
			rm -rf "$(dk_kept_dir)/$DKMS_NAME-$1"
		fi
		return 0
	fi
	dkms add -m "$DKMS_NAME" -v "$1" >/dev/null
}

# dk_tree_of FILE: the backport_tree_sha256 of a module file.
dk_tree_of() {
	modinfo -F backport_tree_sha256 "$1" 2>/dev/null || true
}

# dk_restore KERNEL BACKUP: KERNEL gets back the module kept in BACKUP
# (a directory, or empty for none) when it has none now.
dk_restore() {
	if [ -n "$2" ] && [ -z "$(dk_module_file "$1")" ]; then
		mkdir -p "/lib/modules/$1/updates/dkms"
		if cp -p "$2"/* "/lib/modules/$1/updates/dkms/"; then
			depmod -a "$1" 2>/dev/null || true
		fi
	fi
	[ -z "$2" ] || rm -rf "$2"
}

# dk_rdma_declines VERSION KERNEL: exit 0 when VERSION, just built for
# KERNEL, must not be installed: the host uses RDMA on an E800 port, the
# build cannot serve KERNEL's own irdma, and the operator's policy says
# decline (the default).  Warns either way when RDMA would be lost.
dk_rdma_declines() {
	rdma_uses || return 1
	dr_ko=
	for dr_f in "${R:-}/var/lib/dkms/$DKMS_NAME/$1/$2"/*/module/ice.ko*; do
		[ -f "$dr_f" ] && dr_ko=${dr_f#"${R:-}"} && break
	done
	[ -n "$dr_ko" ] || return 1
	rdma_gap "$2" "$dr_ko" || return 1
	if [ "$(rdma_policy)" = install ]; then
		dk_warn "$2: this host uses RDMA on an E800 port ($rdma_use_why), and $DKMS_NAME $1 built for $2 has none: $rdma_gap_why. Installed anyway (rdma = install in /etc/ice-backport/policy.conf): RDMA stops on $2 when this ice loads"
		return 1
	fi
	dk_warn "$2: this host uses RDMA on an E800 port ($rdma_use_why), and $DKMS_NAME $1 built for $2 has none: $rdma_gap_why. Not installed: $2 keeps the ice it had, and its RDMA (rdma = decline, the default; set rdma = install in /etc/ice-backport/policy.conf to install it anyway, then run: ice-backport autoinstall $2)"
	return 0
}

# dk_build_one VERSION KERNEL: build and install VERSION for KERNEL.
# Returns 0 when it is installed (or was, from the same tree), 1 when the
# kernel was skipped or the build failed (said why), never more.
dk_build_one() {
	v=$1 k=$2
	if [ ! -e "/lib/modules/$k/build/include" ] && [ ! -e "/lib/modules/$k/build/Makefile" ]; then
		dk_say "$k: no headers installed (linux-headers-$k, kernel-devel-$k): not built, it keeps its own ice"
		return 1
	fi
	if ! why=$(sh "/usr/src/$DKMS_NAME-$v/kernels" accepts "$k" 2>&1); then
		dk_say "$why; skipped, it keeps its own ice driver"
		return 1
	fi
	tier=$(sh "/usr/src/$DKMS_NAME-$v/kernels" tier-of "$k" 2>/dev/null || echo unknown)
	old=$(dk_installed_version "$k")
	ko=$(dk_module_file "$k")
	want=$(sed -n 's/^tree_sha256 //p' "/usr/src/$DKMS_NAME-$v/PROVENANCE" 2>/dev/null)
	if [ "$old" = "$v" ] && [ -n "$ko" ] && [ -n "$want" ] && [ "$(dk_tree_of "$ko")" = "$want" ]; then
		dk_say "$k: $DKMS_NAME $v is installed ($tier)"
		return 0
	fi
	# Kept aside until the new module is in place: a failed build gives it
	# back, so the kernel never ends up without the module it had.
	backup=
	if [ -n "$ko" ]; then
		backup=$(mktemp -d "${TMPDIR:-/tmp}/ice-backport-keep.XXXXXX")
		cp -p "$ko" "$backup/"
	fi
	# The same version built from another tree (a package revision): DKMS
	# must forget the old build first.
	if [ "$old" = "$v" ] || dkms status -m "$DKMS_NAME" -v "$v" -k "$k" 2>/dev/null | grep -q ': built'; then
		dkms remove -m "$DKMS_NAME" -v "$v" -k "$k" >/dev/null 2>&1 || true
	fi
	dk_say "$k: building $DKMS_NAME $v ($tier kernel)"
	logdir=$(dk_log_dir)
	mkdir -p "$logdir"
	out=$logdir/$k.log
	rm -f "$logdir/$k.failed"
	rm -f "$logdir/$k.rdma-declined"
	# Built first, then judged: on a host that uses RDMA on an E800 port,
	# a build the kernel's own irdma cannot use is not installed unless
	# the operator said so (dk_rdma_declines).
	if dkms build -m "$DKMS_NAME" -v "$v" -k "$k" >"$out" 2>&1; then
		if dk_rdma_declines "$v" "$k"; then
			printf '%s\t%s\n' "$v" "$rdma_gap_why" >"$logdir/$k.rdma-declined"
			dk_restore "$k" "$backup"
			rm -f "$out"
			return 1
		fi
		if dkms install -m "$DKMS_NAME" -v "$v" -k "$k" >>"$out" 2>&1; then
			dk_say "$k: $DKMS_NAME $v installed ($tier kernel)"
			rm -rf "$backup"
			rm -f "$out"
			return 0
		fi
	fi
	# The build's own log, where this dkms keeps it, beside dkms's output.
	mlog=
	for f in "/var/lib/dkms/$DKMS_NAME/$v/$k"/*/log/make.log "/var/lib/dkms/$DKMS_NAME/$v/build/make.log"; do
		[ -f "$f" ] && mlog=$f && break
	done
	if [ -n "$mlog" ]; then
		{ echo "==== $mlog"; cat "$mlog"; } >>"$out" 2>/dev/null || true
	fi
	echo "$v" >"$logdir/$k.failed"
	dk_restore "$k" "$backup"
	if [ -n "$(dk_module_file "$k")" ]; then
		keeps="keeps the ice-backport module it had (${old:-an earlier build})"
	else
		keeps="keeps its own ice driver"
	fi
	dk_warn "$k: the build of $DKMS_NAME $v failed; $k $keeps. Log: $out; retry: ice-backport autoinstall $k"
	return 1
}

# dk_forget_old VERSION: remove the builds of every other version from the
# kernels VERSION is installed for now, and unregister a version that is
# installed for no kernel any more.
dk_forget_old() {
	for old in $(dk_versions); do
		[ "$old" != "$1" ] || continue
		in_use=
		for k in $(dk_kernels); do
			[ "$(dk_installed_version "$k")" = "$old" ] && in_use="$in_use $k"
		done
		if [ -z "$in_use" ]; then
			dkms remove -m "$DKMS_NAME" -v "$old" --all >/dev/null 2>&1 ||
				rm -rf "/var/lib/dkms/$DKMS_NAME/$old"
			rm -rf "$(dk_kept_dir)/$DKMS_NAME-$old"
			dk_say "$old unregistered: $1 replaces it"
		else
			dk_say "$old stays registered: still the module of$in_use"
		fi
	done
}

# dk_initramfs KERNEL...: make again each initramfs that carries ice, so
# that the host boots the module it has now (Debian's initramfs-tools, or
# dracut).
dk_initramfs() {
	for k in "$@"; do
		# dracut first: a host has one of the two (Debian's packages of
		# them conflict), and RPM hosts only dracut.
		if command -v dracut >/dev/null 2>&1 && command -v lsinitrd >/dev/null 2>&1; then
			lsinitrd --kver "$k" 2>/dev/null | grep -q '/ice\.ko' || continue
			dracut -f --kver "$k" ||
				dk_warn "could not update the initramfs of $k; run: dracut -f --kver $k"
		elif command -v update-initramfs >/dev/null 2>&1 && command -v lsinitramfs >/dev/null 2>&1; then
			[ -f "/boot/initrd.img-$k" ] || continue
			lsinitramfs "/boot/initrd.img-$k" 2>/dev/null | grep -q '/ice\.ko' || continue
			update-initramfs -u -k "$k" ||
				dk_warn "could not update the initramfs of $k; run: update-initramfs -u -k $k"
		fi
	done
}

# dk_autoinstall [--initramfs] [--version V] [KERNEL...]: build and install
# for the kernels given, or every installed one.  Always returns 0.
dk_autoinstall() {
	initramfs=0 v=
	while [ $# -gt 0 ]; do
		case $1 in
		--initramfs) initramfs=1; shift ;;
		--version) v=$2; shift 2 ;;
		*) break ;;
		esac
	done
	[ -n "$v" ] || v=$(dk_package_version)
	if [ -z "$v" ] || [ ! -f "/usr/src/$DKMS_NAME-$v/dkms.conf" ]; then
		dk_warn "no $DKMS_NAME source tree under /usr/src${v:+ for $v}: nothing to build (reinstall ice-backport-dkms)"
		return 0
	fi
	if ! command -v dkms >/dev/null 2>&1; then
		dk_warn "dkms is not installed: nothing built (install dkms, then run: ice-backport autoinstall)"
		return 0
	fi
	if [ -f "/etc/dkms/no-autoinstall" ]; then
		dk_say "DKMS autoinstall is disabled (/etc/dkms/no-autoinstall): not building"
		return 0
	fi
	if ! dk_register "$v"; then
		dk_warn "DKMS did not register $DKMS_NAME/$v; run: dkms add -m $DKMS_NAME -v $v"
		return 0
	fi
	# shellcheck disable=SC2046 # kernel releases have no blanks
	[ $# -gt 0 ] || set -- $(dk_kernels)
	built=
	for k in "$@"; do
		k=${k%%/*}
		if dk_build_one "$v" "$k"; then
			built="$built $k"
		fi
	done
	dk_forget_old "$v"
	# shellcheck disable=SC2086 # kernel releases have no blanks
	[ "$initramfs" = 0 ] || dk_initramfs $built
	return 0
}

# dk_unregister: remove every version from every kernel (package removal).
dk_unregister() {
	for v in $(dk_versions); do
		dkms remove -m "$DKMS_NAME" -v "$v" --all >/dev/null 2>&1 ||
			dk_warn "DKMS could not remove $DKMS_NAME/$v; run: dkms remove -m $DKMS_NAME -v $v --all"
	done
	rm -rf "$(dk_log_dir)" "$(dk_kept_dir)"
	rmdir "/var/lib/$DKMS_NAME" 2>/dev/null || true
	return 0
}
