#!/bin/sh
# Building for a kernel without headers names the package to install.
. "$ICE_BP_TOPDIR/tests/lib.sh"
expect_fail "$tmp/log" "apt-get install linux-headers-0.0.0-nonexistent" \
	make -C "$top" module KVER=0.0.0-nonexistent
