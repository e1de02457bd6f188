# SPDX-License-Identifier: GPL-2.0
# ice-backport: entry points.  `make help` lists them.

SHELL := /bin/sh
KVER ?= $(shell scripts/kbuild/default-kver)
# KSRC is passed on only when given; build-module derives it from KVER.
ksrc_arg = $(if $(filter command line environment,$(origin KSRC)),$(KSRC))

# Built when this host has no kernel headers at all (for example a CI host
# running a kernel Debian does not ship): Debian 12's backports kernel,
# whose headers the host's own gcc-12 builds with.
REF_KVER := 6.12.95+deb12-amd64
REF_SUITE := bookworm-backports

all: deps import module

help:
	@echo 'make            install missing build deps, import the pinned upstream, build ice.ko'
	@echo 'make deps       install missing build dependencies with apt (as root)'
	@echo 'make import     fetch, verify, extract and patch the pinned upstream into src/'
	@echo '                (UPSTREAM_TARBALL=<path> to use a local linux-source tarball)'
	@echo 'make move-pin   move upstream.lock to the newest linux-source-6.12 of its suites (or PIN=<version>):'
	@echo '                sums, copy-list, VERSION, changelog stub, sample kernels, controls; prints'
	@echo '                what changed in the imported ice (scripts/import/move-pin)'
	@echo 'make module     build ice.ko for KVER=<release> (default: running kernel, else'
	@echo '                newest installed headers) or KSRC=<headers dir>'
	@echo 'make packages   the main job: make deb and make rpm'
	@echo 'make deb        build the ice-backport-dkms .deb into build/deb/ (same bytes every run)'
	@echo 'make rpm        build the ice-backport-dkms binary and source RPMs into build/rpm/'
	@echo '                (same bytes every run) and lint them with rpmlint'
	@echo 'make release    cut the release of VERSION: record it in releases.list, tag it, and'
	@echo '                publish it with the previous release (make repo); see HACKING'
	@echo 'make repo       sign and publish what make packages built as an apt repository'
	@echo '                (bookworm, trixie) and an rpm-md repository in build/repo/; key:'
	@echo '                ICE_BP_REPO_GNUPGHOME, ICE_BP_REPO_KEY (none: a throwaway key, said loudly);'
	@echo '                REPO_URL=, REPO_DATE=, REPO_VALID_DAYS=, REPO_PACKAGES="older packages" (one a line if a path has a blank)'
	@echo 'make docs       write every generated part of README.md and docs/ (scripts/docs/generate;'
	@echo '                probes the sample kernels missing from build/); make docs-check fails when one is stale'
	@echo 'make check      install missing test dependencies, run the whole test suite'
	@echo '                (KERNELS="<id> ..." limits the kernel matrix part: quick mode)'
	@echo 'make check-wide make check with every kernel case on every sample kernel, every'
	@echo '                source tree and every control (hours; not in make check)'
	@echo 'make bench      per-frame cost of the Rx path with XDP, four builds side by side'
	@echo '                under QEMU -icount; table in build/bench.txt (KERNEL_ID=, FRAMES=)'
	@echo 'make fuzz       the long fuzz of the Rx path: 300,000 random frames, every mix of'
	@echo '                options, seeds printed (FRAMES=, SEED= replays, KERNEL_ID=)'
	@echo 'make mutants    mutation testing of the Rx buffer path: every mutant of the functions that'
	@echo '                take, release, flip, reuse, count or map a buffer, against the emulator;'
	@echo '                score and survivors in build/mutants/report.txt (FRAMES=, SEED=, KERNEL_ID=)'
	@echo 'make candidates the upstream candidate fixes (tests/rxemu/candidates/list) beside upstream and'
	@echo '                ours, every scenario and a short fuzz; build/candidates/report.md'
	@echo 'make matrix     build ice.ko for every kernel of the test sample of kernels.list (or KERNELS=...)'
	@echo '                in a root of its Debian release; table in build/matrix.tsv'
	@echo 'make matrix-wide  build ice.ko for every release and flavour the archive serves of'
	@echo '                every verified line (hours; not in make check); build/matrix-wide.md,'
	@echo '                docs/kernel-lines.md table: scripts/kbuild/matrix-wide --readme'
	@echo 'make custom-kernels  kernels Debian did not build (scripts/kbuild/custom-kernel): a'
	@echo '                kernel.org-style and a vendor-style tree, built in full from Debian'"'"'s'
	@echo '                linux-source; ice.ko against each (0 warnings) and booted with it'
	@echo '                in the VM, then test 16 (the probes follow the API, not the version)'
	@echo 'make vendor-kernels  ice.ko against every kernel-devel tree of vendor-kernels.lock (RHEL 9.5,'
	@echo '                9.6, 10.0 and the kernel.org trees, rt flavours too) made from their pinned'
	@echo '                sources (scripts/kbuild/vendor-kernel); table in build/vendor-kernels.tsv;'
	@echo '                then a kernel image of ICE_BP_VENDOR_IMAGES (rhel10.0 rhel9.6 linux-6.14) booted with'
	@echo '                ice.ko and the Rx emulator on it (build/vendor-images.tsv): hours'

deps:
	@scripts/kbuild/install-build-deps

# The import is redone when the pin, the patches or the guard change.
src/PROVENANCE: upstream.lock VERSION patches/series $(wildcard patches/*/*.patch) \
		scripts/import/import-upstream scripts/import/rx-guard
	scripts/import/import-upstream

import:
	scripts/import/import-upstream

move-pin:
	scripts/import/move-pin $(PIN)

module: src/PROVENANCE
	@kver='$(KVER)'; \
	if [ -z "$$kver" ]; then \
		kver=$(REF_KVER); \
		echo "no kernel headers on this host: building for $$kver"; \
		scripts/kbuild/ensure-headers $$kver $(REF_SUITE); \
	fi; \
	scripts/kbuild/build-module "$$kver" $(ksrc_arg)

check: deps
	tests/run

# make check and what it leaves out for its time: every kernel case on
# every kernel of the sample (not the build only), every tree of the lines
# built from their source, the pre-fix control on every kernel (hours
# cold; run before resolving a change to the sample or the Rx proof).
check-wide: deps
	ICE_BP_ALL_CASES=1 ICE_BP_ALL_SOURCES=1 ICE_BP_ALL_CONTROLS=1 tests/run

# Every generator of the documents' generated parts, in one command
# (HACKING.md, "Generated parts of the documents").
docs: src/PROVENANCE
	scripts/docs/generate

docs-check: src/PROVENANCE
	scripts/docs/generate --check

# The main job: both installable packages.
packages: deb rpm

deb: deps src/PROVENANCE
	scripts/package/build-deb

# Lint what was just built: lint-rpm takes the two paths build-rpm prints.
rpm: deps src/PROVENANCE
	@set -e; pkgs=$$(scripts/package/build-rpm); scripts/package/lint-rpm $$pkgs; echo "$$pkgs"

# The fleet repository: every package of build/deb and build/rpm, and any
# older release given in REPO_PACKAGES (so that hosts can go back to it).
# REPO_URL, REPO_DATE, REPO_VALID_DAYS and REPO_PACKAGES reach the script
# through the environment, never through the recipe's text: a quote or a
# newline in them stays data.
repo: export REPO_URL := $(value REPO_URL)
repo: export REPO_DATE := $(value REPO_DATE)
repo: export REPO_VALID_DAYS := $(value REPO_VALID_DAYS)
repo: export REPO_PACKAGES := $(value REPO_PACKAGES)
repo: packages
	scripts/package/repo --from-env build/deb build/rpm

# Cut the release of VERSION (HACKING "Cutting a release"): record it in
# releases.list and tag it, then publish its packages with the previous
# release's, built from that release's own commit, so that a fleet can go
# back one release.
release: deps src/PROVENANCE
	scripts/package/release cut
	@set -e; prev=$$(scripts/package/release previous); rm -rf build/previous; \
	scripts/package/release build "$${prev%% *}" build/previous
	$(MAKE) repo REPO_PACKAGES=build/previous

matrix: src/PROVENANCE
	scripts/kbuild/matrix $(KERNELS)

matrix-wide: src/PROVENANCE
	scripts/kbuild/matrix-wide $(KERNELS)

# In-range kernels that Debian's packaging did not make (the in-range tier
# proven on trees no distribution built): too slow for `make check`, which
# runs only test 16 on prepared trees.
custom-kernels: src/PROVENANCE
	scripts/kbuild/custom-kernel --module korg
	scripts/kbuild/custom-kernel --module vendor
	scripts/kbuild/custom-kernel --vm-test korg
	scripts/kbuild/custom-kernel --vm-test vendor
	tests/run 16-in-range-trees

vendor-kernels: src/PROVENANCE
	scripts/kbuild/vendor-kernel all

bench: deps src/PROVENANCE
	tests/rxemu/make-bench $(if $(FRAMES),--frames $(FRAMES)) $(KERNEL_ID)

# The long fuzz of the Rx path (300,000 frames, every mix of options, seeds
# printed; SEED= replays a failure of it or of 22-rxemu, which runs it on
# the first kernel of each kernel API; KERNEL_ID= picks the kernel).
fuzz: deps src/PROVENANCE
	tests/rxemu/make-fuzz $(if $(FRAMES),--frames $(FRAMES)) $(if $(SEED),--seed $(SEED)) $(KERNEL_ID)

# Mutation testing of the Rx buffer path: every generated mutant against
# every scenario and a short fuzz; the score and the survivors in
# build/mutants/report.txt (about half an hour on 2 cores; test 22 runs
# the fixed sample of tests/rxemu/mutants.sample).
mutants: deps src/PROVENANCE
	tests/rxemu/make-mutants $(if $(FRAMES),--frames $(FRAMES)) $(if $(SEED),--seed $(SEED)) $(KERNEL_ID)

# The upstream candidate fixes of tests/rxemu/candidates/list (and 0015 split for
# submission) through every scenario and a short fuzz, beside upstream and
# our tree; what each fixes, leaves or adds in build/candidates/report.md
# (about 20 minutes on 2 cores).
candidates: deps src/PROVENANCE
	tests/rxemu/make-candidates $(if $(FRAMES),--frames $(FRAMES)) $(if $(SEED),--seed $(SEED)) $(KERNEL_ID)

clean:
	rm -rf build

.PHONY: all help deps import move-pin module packages deb rpm repo release check check-wide docs docs-check matrix matrix-wide custom-kernels vendor-kernels bench fuzz mutants candidates clean
