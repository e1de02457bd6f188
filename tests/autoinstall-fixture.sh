# shellcheck shell=sh
# A fake host for `ice-backport autoinstall` (tools/lib/dkms.sh), sourced by
# tests/cases/59-autoinstall-hostile-host.sh after tests/lib.sh: the case
# runs itself again inside a private mount namespace (unshare -m) where
# tmpfs mounts stand for /lib/modules, /usr/src, /var/lib/dkms, /var/log,
# /var/lib/ice-backport, /run/lock and /run/ice-backport, and stand-ins for dkms, modinfo and
# depmod record what they are asked.  The stand-in dkms builds no module:
# what the real dkms and a real build do is test 46's.
# shellcheck disable=SC2154 # top and tmp come from tests/lib.sh

af_version=$(cat "$top/VERSION")

# af_host SCRIPT: the fake host.  SCRIPT (the case, $0) runs again in a
# private mount namespace, where the tmpfs mounts, the stand-ins and the
# package's tree are set up; the case goes on from there.
af_host() {
	[ "$(id -u)" = 0 ] || skip "needs root (mount namespace)"
	command -v unshare >/dev/null || skip "unshare (util-linux) is needed"
	if [ "${AF_INSIDE:-}" != 1 ]; then
		AF_INSIDE=1 exec unshare -m --propagation private sh "$1"
	fi
	af_mounts
	af_stubs
	af_package
}

# af_mounts: the tmpfs mounts (inside the namespace only), with the modes
# a host gives those directories (/run/lock is world-writable; the lock
# itself goes to /run/ice-backport, which the run makes 0700).
af_mounts() {
	for d in /lib/modules /usr/src /var/lib/dkms /var/log /var/lib/ice-backport /run/lock /run/ice-backport; do
		mkdir -p "$d"
		case $d in
		/run/lock) mount -t tmpfs -o mode=1777 tmpfs "$d" ;;
		/run/ice-backport) mount -t tmpfs -o mode=0700 tmpfs "$d" ;;
		*) mount -t tmpfs -o mode=0755 tmpfs "$d" ;;
		esac
	done
}

# af_package: ice-backport's tree in /usr/src, as the package installs it.
af_package() {
	p=/usr/src/ice-backport-$af_version
	mkdir -p "$p"
	sed "s/#MODULE_VERSION#/$af_version/g" "$top/dkms.conf" >"$p/dkms.conf"
	cp "$top/tools/lib/kernels" "$top/kernels.list" "$p/"
	echo "tree_sha256 tree-$af_version" >"$p/PROVENANCE"
}

# af_kernel KVER: an installed kernel with headers.
af_kernel() {
	mkdir -p "/lib/modules/$1/kernel" "/lib/modules/$1/build/include"
}

# af_stubs: dkms, modinfo, depmod stand-ins in $tmp/bin; calls go to
# $tmp/calls.  AF_SLOW=SECS makes `dkms build` take that long.
af_stubs() {
	mkdir -p "$tmp/bin"
	cat >"$tmp/bin/dkms" <<STUB
#!/bin/sh
echo "dkms \$*" >>"$tmp/calls"
cmd=\$1; shift
m= v= k=
while [ \$# -gt 0 ]; do
	case \$1 in -m) m=\$2; shift 2 ;; -v) v=\$2; shift 2 ;; -k) k=\$2; shift 2 ;; *) shift ;; esac
done
d=/var/lib/dkms/\$m
case \$cmd in
add) mkdir -p "\$d/\$v" && ln -sfn "/usr/src/\$m-\$v" "\$d/\$v/source" ;;
status) [ -n "\$k" ] && [ -f "\$d/\$v/\$k/x86_64/module/ice.ko" ] && echo "\$m/\$v, \$k, x86_64: built" ; exit 0 ;;
build)
	sleep "\${AF_SLOW:-0}"
	[ ! -f "$tmp/fail-build" ] || { echo "build failed on purpose"; exit 10; }
	mkdir -p "\$d/\$v/\$k/x86_64/module" "\$d/\$v/\$k/x86_64/log"
	echo "ice \$v tree-\$v for \$k" >"\$d/\$v/\$k/x86_64/module/ice.ko"
	echo "make ok" >"\$d/\$v/\$k/x86_64/log/make.log" ;;
install)
	mkdir -p "/lib/modules/\$k/updates/dkms"
	cp "\$d/\$v/\$k/x86_64/module/ice.ko" "/lib/modules/\$k/updates/dkms/ice.ko"
	ln -sfn "\$v/\$k/x86_64" "\$d/kernel-\$k-x86_64" ;;
remove)
	if [ -n "\$k" ]; then
		rm -f "/lib/modules/\$k/updates/dkms/ice.ko" "\$d/kernel-\$k-x86_64"
		rm -rf "\$d/\$v/\$k"
	else
		rm -rf "\$d/\$v"
	fi ;;
esac
exit 0
STUB
	cat >"$tmp/bin/modinfo" <<'STUB'
#!/bin/sh
# modinfo -F FIELD FILE of the stand-in modules ("ice VERSION TREE for KVER").
[ "$1" = -F ] || exit 1
read -r _ v t _ k <"$3" 2>/dev/null || exit 1
case $2 in
vermagic) echo "$k SMP" ;;
version) echo "$v" ;;
backport_tree_sha256) echo "$t" ;;
*) exit 0 ;;
esac
STUB
	printf '#!/bin/sh\necho "depmod $*" >>"%s/calls"\n' "$tmp" >"$tmp/bin/depmod"
	chmod +x "$tmp/bin/dkms" "$tmp/bin/modinfo" "$tmp/bin/depmod"
	PATH=$tmp/bin:$PATH
	export PATH
}

# af_installed KVER VERSION [TREE]: DKMS installed VERSION for KVER.
af_installed() {
	d=/var/lib/dkms/ice-backport/$2/$1/x86_64
	mkdir -p "$d/module" "/lib/modules/$1/updates/dkms" "/var/lib/dkms/ice-backport/$2"
	echo "ice $2 ${3:-tree-$2} for $1" >"$d/module/ice.ko"
	cp "$d/module/ice.ko" "/lib/modules/$1/updates/dkms/ice.ko"
	ln -sfn "$2/$1/x86_64" "/var/lib/dkms/ice-backport/kernel-$1-x86_64"
	[ -e "/var/lib/dkms/ice-backport/$2/source" ] || ln -sfn "/usr/src/ice-backport-$2" "/var/lib/dkms/ice-backport/$2/source"
}

# af_auto ARGS...: ice-backport autoinstall ARGS; output in $tmp/auto.out.
# It must exit AF_RC: 0 (the default), or 1 where a build fails or is not
# tried.
af_auto() {
	: >"$tmp/calls"
	af_rc=0
	"$top/tools/ice-backport" autoinstall "$@" >"$tmp/auto.out" 2>&1 || af_rc=$?
	sed 's/^/    | /' "$tmp/auto.out"
	[ "$af_rc" = "${AF_RC:-0}" ] || fail "autoinstall exited $af_rc, want ${AF_RC:-0}"
}
