# SPDX-License-Identifier: GPL-2.0
# ice-backport: entry points.  `make help` lists them.

SHELL := /bin/sh
KVER ?= $(shell scripts/default-kver)
KSRC ?= /lib/modules/$(KVER)/build

all: deps import module

help:
	@echo 'make            install missing build deps, import the pinned upstream, build ice.ko'
	@echo 'make deps       install missing build dependencies with apt (as root)'
	@echo 'make import     fetch, verify, extract and patch the pinned upstream into src/'
	@echo '                (UPSTREAM_TARBALL=<path> to use a local linux-source tarball)'
	@echo 'make module     build ice.ko for KVER=<release> (default: running kernel, else'
	@echo '                newest installed headers) or KSRC=<headers dir>'
	@echo 'make check      run the whole test suite'

deps:
	@scripts/install-build-deps

# The import is redone when the pin, the patches or the guard change.
src/PROVENANCE: upstream.lock VERSION patches/series $(wildcard patches/*.patch) \
		scripts/import-upstream scripts/rx-guard
	scripts/import-upstream

import:
	scripts/import-upstream

module: src/PROVENANCE
	@test -n "$(KVER)" || { \
		echo "error: no kernel headers installed; install linux-headers-$$(uname -r) or give KVER=/KSRC=" >&2; \
		exit 1; }
	scripts/build-module $(KVER) $(KSRC)

check:
	tests/run

clean:
	rm -rf build

.PHONY: all help deps import module check clean
