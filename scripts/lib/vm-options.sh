# shellcheck shell=sh
# shellcheck disable=SC2034 # vm_adds, vm_icount, vm_shift: for the drivers that source this
# The options of the guest that the drivers of the emulator's VM runs
# share (tests/rxemu/run-vm, tests/rxemu/run-mutants), parsed and turned
# into the initramfs and the QEMU boot in one place, so that an option
# added here reaches every driver.  Sourced after scripts/lib/common.sh
# (its die: a driver's own, when it has one).
#
#   --add FILE       FILE into the guest's /opt (the XDP programs and
#                    their static loader)
#   --setup COMMAND  run in the guest after ice.ko is loaded, before the
#                    first scenario (default: nothing)
#   --xdp DIR        the XDP scenarios' programs, as scripts/kbuild/build-xdp
#                    DIR built them: adds DIR's xdp-load and progs.bpf.o
#                    and, as the setup, pins the programs in /sys/fs/bpf
#   --icount         QEMU counts instructions (scripts/vm/boot-vm
#                    --icount): timings repeat
#
# What they make: vm_adds, the --add SRC:DEST words of
# scripts/vm/make-initramfs; vm_setup, the command; vm_icount, the word
# for scripts/vm/boot-vm (or none).
vm_adds=
vm_setup=true
vm_icount=

# vm_option ARGS...: take the option ARGS starts with, one of the above;
# vm_shift is then the number of words it took, for the caller's shift.
# Any other option stops the script (cli_unknown).
vm_option() {
	vm_shift=2
	case $1 in
	--add | --setup | --xdp) [ $# -ge 2 ] || die "$1 needs a value" "usage: $(cli_synopsis)" ;;
	esac
	case $1 in
	--add)
		[ -f "$2" ] || die "no file $2 to add"
		vm_adds="$vm_adds --add $2:/opt/$(basename -- "$2")"
		;;
	--setup) vm_setup=$2 ;;
	--xdp)
		for vo_f in "$2/xdp-load" "$2/progs.bpf.o"; do
			[ -f "$vo_f" ] || die "no $vo_f: build the XDP programs first (scripts/kbuild/build-xdp $2)"
			vm_adds="$vm_adds --add $vo_f:/opt/$(basename -- "$vo_f")"
		done
		vm_setup='mount -t bpf bpf /sys/fs/bpf && /opt/xdp-load /opt/progs.bpf.o /sys/fs/bpf'
		;;
	--icount) vm_icount=--icount vm_shift=1 ;;
	*) cli_unknown "$1" ;;
	esac
}

# vm_guest WORK: the setup command into the guest as /setup (a file in
# the directory WORK), added to vm_adds.
vm_guest() {
	printf '%s\n' "$vm_setup" >"$1/setup"
	vm_adds="$vm_adds --add $1/setup:/setup"
}
