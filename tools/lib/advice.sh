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

# adv_headers K: the command that installs kernel K's headers (what DKMS
# builds against).
adv_headers() {
	ah_base=${1%%+*} ah_flav=
	[ "$ah_base" = "$1" ] || ah_flav=${1#*+}-
	# A kernel no distribution built (a kernel.org build, whatever the
	# host's os-release says) has no headers package: its build tree is
	# what DKMS needs.
	ah_fam=$afam
	case $kfamily in kernel.org | other) ah_fam=own ;; esac
	case $ah_fam in
	debian | ubuntu) echo "apt install linux-headers-$1" ;;
	rhel)
		# 9.3 and later name a flavoured kernel RELEASE+FLAVOUR, and its
		# headers package kernel-FLAVOUR-devel (kernel-rt-devel).
		echo "dnf install kernel-${ah_flav}devel-$ah_base"
		;;
	fedora) echo "dnf install kernel-devel-$1" ;;
	elrepo) echo "dnf --enablerepo=elrepo-kernel install kernel-lt-devel-$1 (kernel-ml-devel-$1 for a kernel-ml kernel)" ;;
	suse) echo "zypper install kernel-${1##*-}-devel (the version of kernel $1)" ;;
	*) echo "install the build tree of $1 as /lib/modules/$1/build (for a kernel built by hand: its source after make modules_prepare, with its .config and Module.symvers)" ;;
	esac
}

# adv_install K: the command that installs ice-backport-dkms and K's headers.
adv_install() {
	case $afam in
	rhel | elrepo)
		# dkms is in EPEL, not in RHEL or its rebuilds.
		ai_pkg="dnf install epel-release (dkms comes from EPEL; on RHEL itself: subscription-manager repos --enable codeready-builder-for-rhel-\$(rpm -E %rhel)-\$(arch)-rpms, then the epel-release package of dl.fedoraproject.org), then dnf install ice-backport-dkms"
		;;
	debian | ubuntu) ai_pkg="apt install ice-backport-dkms" ;;
	fedora) ai_pkg="dnf install ice-backport-dkms" ;;
	suse) ai_pkg="zypper install ice-backport-dkms" ;;
	*) ai_pkg="install ice-backport-dkms with this distribution's package manager" ;;
	esac
	ai_hdr=$(adv_headers "$1")
	case $ai_hdr in
	# The same package manager: one command for both.
	"apt install "* | "dnf install "* | "zypper install "*)
		case $ai_pkg in
		*"${ai_hdr%% install *} install ice-backport-dkms") echo "$ai_pkg ${ai_hdr#* install }" ;;
		*) echo "$ai_pkg, and $ai_hdr" ;;
		esac
		;;
	*) echo "$ai_pkg; $ai_hdr" ;;
	esac
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
