# shellcheck shell=sh
# shellcheck disable=SC2034 # frames, seed: for the drivers that source this
# The run options the emulator's drivers share (make-bench, make-candidates,
# make-fuzz, make-mutants), parsed and checked in one place, so that each
# takes them the same way and refuses a bad value the same way.  Sourced
# after scripts/lib/common.sh.  The VM's own options are
# scripts/lib/vm-options.sh's.
#
#   --frames N     frames of the run (each driver says of what)
#   --seed SEED    the fuzz's master seed (tests/rxemu/fuzz-mix), to replay
#                  a run with the seed it printed
#
# rx_option ARGS...: when ARGS starts with one of the above that the driver
# takes (rx_takes: the options, a driver without a fuzz leaves --seed
# out), set frames or seed from its value and return 0 (the caller shifts
# 2); else return 1.
rx_takes='--frames --seed'
rx_option() {
	case " $rx_takes " in
	*" $1 "*) ;;
	*) return 1 ;;
	esac
	[ $# -ge 2 ] || die "$1 needs a value" "usage: $(cli_synopsis)"
	case $2 in
	'' | *[!0-9]*) die "$1 takes a number, not '$2'" "usage: $(cli_synopsis)" ;;
	esac
	case $1 in
	--frames) frames=$2 ;;
	--seed) seed=$2 ;;
	esac
}
