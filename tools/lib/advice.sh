# shellcheck shell=sh
# What to type, on this host's distribution, for `ice-backport doctor`'s
# fixes: the package manager, the name of a kernel's headers package, the
# DDP firmware package.  Sourced by doctor.sh; reads kfamily
# (kernel-leak.sh), the root's os-release and sb (Secure Boot).
# shellcheck disable=SC2154 # kfamily, distver, sb: kernel-leak.sh, doctor.sh

# adv_family: afam, the family whose commands apply: the running
# kernel's (kernel-leak.sh), else the root's os-release (ID, ID_LIKE).
adv_family() {
	afam=$kfamily
	case $afam in
	debian | ubuntu | rhel | fedora | elrepo | suse) return 0 ;;
	esac
	osr=$(rd /etc/os-release; rd /usr/lib/os-release)
	ids=$(printf '%s\n' "$osr" | sed -n 's/^ID\(_LIKE\)\{0,1\}="\{0,1\}\([^"]*\)"\{0,1\}$/\2/p' | tr '\n' ' ')
	case " $ids " in
	*" ubuntu "*) afam=ubuntu ;;
	*" debian "*) afam=debian ;;
	*" fedora "* | *" rhel "* | *" centos "*)
		case " $ids " in *" fedora "*) afam=fedora ;; esac
		case " $ids " in *" rhel "* | *" centos "*) afam=rhel ;; esac
		;;
	*" suse "* | *" sles "* | *" opensuse"*) afam=suse ;;
	*) afam=other ;;
	esac
}

# adv_pm: the install command of afam's package manager ("" when none
# is known).
adv_pm() {
	case $afam in
	debian | ubuntu) echo "apt install" ;;
	rhel | fedora) echo "dnf install" ;;
	elrepo) echo "dnf --enablerepo=elrepo-kernel install" ;;
	suse) echo "zypper install" ;;
	esac
}

# adv_headers_pkg K: the package of kernel K's headers (what DKMS builds
# against), none for a kernel no distribution built (a kernel.org build,
# whatever the host's os-release says): its build tree is what it needs.
adv_headers_pkg() {
	case $kfamily in kernel.org | other) return 0 ;; esac
	ahp_base=${1%%+*} ahp_flav=
	[ "$ahp_base" = "$1" ] || ahp_flav=${1#*+}-
	case $afam in
	debian | ubuntu) echo "linux-headers-$1" ;;
	# 9.3 and later name a flavoured kernel RELEASE+FLAVOUR, and its
	# headers package kernel-FLAVOUR-devel (kernel-rt-devel).
	rhel) echo "kernel-${ahp_flav}devel-$ahp_base" ;;
	fedora) echo "kernel-devel-$1" ;;
	# kernel-lt; a kernel-ml kernel's is kernel-ml-devel (adv_note).
	elrepo) echo "kernel-lt-devel-$1" ;;
	suse) echo "kernel-${1##*-}-devel" ;;
	esac
}

# adv_note K: what a package name alone does not say.
adv_note() {
	case $afam in
	elrepo) echo " (kernel-ml-devel-$1 for a kernel-ml kernel)" ;;
	suse) echo " (the version of kernel $1)" ;;
	esac
}

# adv_tree K: the build tree of a kernel that has no headers package.
adv_tree() {
	echo "install the build tree of $1 as /lib/modules/$1/build (for a kernel built by hand: its source after make modules_prepare, with its .config and Module.symvers)"
}

# adv_headers K: the command that installs kernel K's headers.
adv_headers() {
	ah_pkg=$(adv_headers_pkg "$1")
	ah_pm=$(adv_pm)
	if [ -n "$ah_pkg" ] && [ -n "$ah_pm" ]; then
		echo "$ah_pm $ah_pkg$(adv_note "$1")"
	else
		adv_tree "$1"
	fi
}

# adv_install K: the command that installs ice-backport-dkms and K's
# headers, in one package manager's command where there is one.
adv_install() {
	ai_pm=$(adv_pm)
	ai_pkg=$(adv_headers_pkg "$1")
	case $afam in
	rhel | elrepo)
		# dkms is in EPEL, not in RHEL or its rebuilds.
		printf '%s' "dnf install epel-release (dkms comes from EPEL; on RHEL itself: subscription-manager repos --enable codeready-builder-for-rhel-\$(rpm -E %rhel)-\$(arch)-rpms, then the epel-release package of dl.fedoraproject.org), then "
		;;
	esac
	if [ -z "$ai_pm" ]; then
		echo "install ice-backport-dkms with this distribution's package manager; $(adv_headers "$1")"
	elif [ -n "$ai_pkg" ]; then
		echo "$ai_pm ice-backport-dkms $ai_pkg$(adv_note "$1")"
	else
		echo "$ai_pm ice-backport-dkms; $(adv_tree "$1")"
	fi
}

# adv_firmware: where the E800 DDP package file comes from.
adv_firmware() {
	case $afam in
	debian) echo "apt install firmware-intel-misc (Debian 13) or firmware-misc-nonfree (Debian 12), from non-free-firmware" ;;
	ubuntu) echo "apt install linux-firmware" ;;
	rhel | fedora | elrepo) echo "dnf install linux-firmware" ;;
	suse) echo "zypper install kernel-firmware-intel" ;;
	*) echo "install the distribution's linux-firmware (intel/ice/ddp/ice.pkg)" ;;
	esac
}

# adv_mok: on a Secure Boot host, what a new DKMS module needs first.
adv_mok() {
	[ "$sb" = enabled ] || return 0
	echo "; Secure Boot is on: enrol DKMS's signing key once (mokutil --import /var/lib/dkms/mok.pub, reboot, confirm in MokManager), or the kernel refuses the module"
}

# adv_mitigate: what limits the leak until the fixed driver runs.
adv_mitigate() {
	echo "until then, an MTU of 1500 or less on the E800 ports and no multi-buffer XDP program (frags) keep every frame in one Rx buffer, which the leak needs more than one of"
}
