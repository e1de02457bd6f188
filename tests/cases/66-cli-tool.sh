#!/bin/sh
# The command line of `ice-backport` and of the kernel hook, as a person or
# a careless script types it:
#   help     --help, -h, help and COMMAND --help print the usage on stdout and
#            exit 0: the whole one names every command and option, each
#            COMMAND's is the same text as its part of the whole, and the
#            man page names the same options; --version prints VERSION;
#   refused  an option a command does not know (doctor -o x, tier 6.1 --x,
#            support-bundle --json), a missing value, a wrong number of
#            arguments: exit 2 naming the option, nothing done (no report,
#            no bundle, no verdict for a kernel called "--help");
#   hook     the kernel hook passes kernel release names only (never
#            --help, -x, a name with a blank), after --, and exits 0 when
#            autoinstall fails; the maintainer scripts and the rpm
#            scriptlets ignore autoinstall's status, every one of them;
#   root     (in a private mount namespace with a stand-in dkms,
#            tests/autoinstall-fixture.sh) autoinstall --help and
#            --bogus run nothing (no dkms call), --version without a value
#            is an error that says so; autoinstall exits 1 when a build
#            failed and the kernel kept its old module, 1 for a name that
#            is no kernel release, 0 when it built (control) and 0 for a
#            kernel skipped for want of headers.
# Before the fix: --help exited 2, `tier --help` printed a verdict for
# "--help", `doctor -o x` gave a report, the hook passed --help on,
# `autoinstall --help` ran dkms, `autoinstall --version` crashed with
# "parameter not set", a failed build exited 0.
. "$ICE_BP_TOPDIR/tests/lib.sh"
. "$top/tools/lib/host.sh"
. "$top/tests/doctor-fixture.sh"
. "$top/tests/autoinstall-fixture.sh"

t=$top/tools/ice-backport
commands='doctor support-bundle tier autoinstall keep-sources unregister'

# cli NAME ARGS...: the tool, stdout in $tmp/NAME.out, stderr in
# $tmp/NAME.err; sets rc.
cli() {
	cli_n=$1
	shift
	rc=0
	"$t" "$@" >"$tmp/$cli_n.out" 2>"$tmp/$cli_n.err" || rc=$?
}

# refused NAME WORD ARGS...: the tool with ARGS exits 2, saying WORD, and
# prints nothing on stdout.
refused() {
	rf_n=$1 rf_w=$2
	shift 2
	cli "$rf_n" "$@"
	[ "$rc" = 2 ] || fail "'$*': exit $rc, want 2 (refused): $(cat "$tmp/$rf_n.out" "$tmp/$rf_n.err")"
	grep -qF -- "$rf_w" "$tmp/$rf_n.err" || fail "'$*' refused without naming '$rf_w': $(cat "$tmp/$rf_n.err")"
	[ ! -s "$tmp/$rf_n.out" ] || fail "'$*' was refused but printed: $(head -n 3 "$tmp/$rf_n.out")"
	echo "ok: '$*' refused (exit 2): $(grep -F -- "$rf_w" "$tmp/$rf_n.err" | head -n 1)"
}

if [ "${AF_INSIDE:-}" != 1 ]; then
	echo "== help and version"
	for h in --help -h help; do
		cli help "$h"
		[ "$rc" = 0 ] || fail "'ice-backport $h': exit $rc, want 0: $(cat "$tmp/help.err")"
		[ ! -s "$tmp/help.err" ] || fail "'ice-backport $h' wrote to stderr: $(cat "$tmp/help.err")"
		for c in $commands; do
			grep -q "^  ice-backport $c\( \|$\)" "$tmp/help.out" || fail "'ice-backport $h' does not give the usage of $c"
		done
		for o in --json --root --live -o --initramfs --version; do
			grep -q -- " \[*${o}[] |]" "$tmp/help.out" || fail "'ice-backport $h' does not name the option $o"
		done
		echo "ok: 'ice-backport $h' exits 0 with the usage of every command and option"
	done
	cp "$tmp/help.out" "$tmp/all.out"
	for c in $commands; do
		for form in "$c --help" "$c -h" "help $c"; do
			# shellcheck disable=SC2086 # two words
			cli one $form
			[ "$rc" = 0 ] || fail "'ice-backport $form': exit $rc, want 0: $(cat "$tmp/one.err")"
			head -n 1 "$tmp/one.out" | grep -q "^usage: ice-backport $c" || fail "'ice-backport $form' does not begin with its usage: $(head -n 1 "$tmp/one.out")"
			# Its text is the one the whole usage shows.
			sed 's/^usage: /  /' "$tmp/one.out" >"$tmp/one.indented"
			awk -v first="$(head -n 1 "$tmp/one.indented")" -v n="$(wc -l <"$tmp/one.indented")" \
				'$0 == first { p = n } p > 0 { print; p-- }' "$tmp/all.out" | cmp -s - "$tmp/one.indented" ||
				fail "'ice-backport $form' differs from its part of 'ice-backport --help'"
		done
	done
	echo "ok: COMMAND --help, COMMAND -h and help COMMAND exit 0, each the same text as in --help"
	# The man page names the options --help names, and no other (its
	# sections up to EXIT STATUS: METRICS and FILES name other commands').
	grep -o -- '\(^\| \|\[\)--*[a-z][a-z-]*' "$tmp/all.out" | sed 's/^[ []*//' | sort -u >"$tmp/opts.help"
	sed -e '/^\.SH EXIT STATUS/,$d' -e 's/\\-/-/g' "$top/tools/ice-backport.8" | grep -o -- '\(^\|[ "[]\)--*[a-z][a-z-]*' | sed 's/^[ "[]*//' |
		grep -v -e '^-rc$' | sort -u >"$tmp/opts.man"
	diff "$tmp/opts.help" "$tmp/opts.man" || fail "the man page and --help name different options (< --help, > man page)"
	echo "ok: the man page names the same options: $(tr '\n' ' ' <"$tmp/opts.help")"
	cli version --version
	[ "$rc" = 0 ] || fail "--version: exit $rc"
	[ "$(cat "$tmp/version.out")" = "ice-backport $(cat "$top/VERSION")" ] || fail "--version printed '$(cat "$tmp/version.out")'"
	echo "ok: --version: $(cat "$tmp/version.out")"

	echo "== options a command does not know, missing values, arguments"
	fx_healthy h
	export ICE_BP_ROOT="$fx" ICE_BP_CMDS="$fc"
	cli control doctor
	[ "$rc" = 0 ] || fail "control: the doctor on the healthy fake host exited $rc"
	echo "ok: control: the doctor on the fake host: exit 0"
	refused dox "'-o'" doctor -o x
	jget() {
		python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); print(d["status"], d["exit"])' "$1"
	}
	cli dojson doctor --bogus --json
	[ "$rc" = 2 ] || fail "doctor --bogus --json: exit $rc, want 2"
	[ "$(jget "$tmp/dojson.out")" = "error 2" ] || fail "doctor --bogus --json: no JSON error object: $(cat "$tmp/dojson.out")"
	echo "ok: doctor --bogus --json: a JSON error object, exit 2"
	refused dbogus "'--bogus'" doctor --bogus
	refused droot "needs a value" doctor --root
	refused dextra "unexpected argument" doctor extra
	(cd "$tmp" && refused sbjson "'--json'" support-bundle --json -o b.tar.gz)
	[ ! -e "$tmp/b.tar.gz" ] || fail "a refused support-bundle wrote its bundle"
	refused sbo "needs a value" support-bundle -o
	refused thelp-bogus "'--bogus'" tier 6.12.117+deb13-amd64 --bogus
	refused tnone "missing" tier
	refused tdash "'-1'" tier -1
	cli thelp tier --help
	[ "$rc" = 0 ] || fail "tier --help: exit $rc"
	head -n 1 "$tmp/thelp.out" | grep -q '^usage: ice-backport tier' || fail "tier --help printed no usage: $(cat "$tmp/thelp.out")"
	grep -q -- '--help: \|DKMS skips it' "$tmp/thelp.out" && fail "tier --help printed a verdict: $(cat "$tmp/thelp.out")"
	echo "ok: tier --help: the usage, no verdict"
	cli tier tier 6.12.117+deb13-amd64 --json
	[ "$rc" = 0 ] || fail "control: tier RELEASE --json: exit $rc: $(cat "$tmp/tier.err")"
	cli tier2 tier --json 6.12.117+deb13-amd64
	cmp -s "$tmp/tier.out" "$tmp/tier2.out" || fail "tier --json RELEASE differs from tier RELEASE --json"
	echo "ok: control: tier RELEASE --json answers, options in any order"
	refused bogus "unknown command 'bogus'" bogus
	refused none "no command given"
	unset ICE_BP_ROOT ICE_BP_CMDS

	echo "== the kernel hook: kernel release names only, exit 0 always"
	# A copy of the hook with a stand-in for /usr/sbin/ice-backport that
	# records its arguments and fails.
	stub=$tmp/stub-tool
	printf '#!/bin/sh\necho "$*" >>"%s/hook-calls"\nexit 1\n' "$tmp" >"$stub"
	chmod +x "$stub"
	for d in postinst.d header_postinst.d install.d; do
		mkdir -p "$tmp/hooks/$d"
		sed "s|^tool=/usr/sbin/ice-backport\$|tool=$stub|" "$top/tools/kernel-hook" >"$tmp/hooks/$d/ice-backport"
		grep -q "^tool=$stub\$" "$tmp/hooks/$d/ice-backport" || fail "test: the hook's tool= line was not replaced"
	done
	k=6.12.117+deb13-amd64
	# hook DIR ARGS...: the hook as DIR's run-parts or kernel-install runs it.
	hook() {
		hook_d=$1
		shift
		: >"$tmp/hook-calls"
		hook_rc=0
		sh "$tmp/hooks/$hook_d/ice-backport" "$@" >"$tmp/hook.out" 2>&1 || hook_rc=$?
		[ "$hook_rc" = 0 ] || fail "the hook ($hook_d $*) exited $hook_rc: $(cat "$tmp/hook.out")"
	}
	for a in --help -h --version -x "6.1 x" "../x" "--initramfs"; do
		hook postinst.d "$a" /boot/vmlinuz
		[ ! -s "$tmp/hook-calls" ] || fail "the hook passed '$a' on: autoinstall $(cat "$tmp/hook-calls")"
		hook install.d add "$a" /boot/vmlinuz
		[ ! -s "$tmp/hook-calls" ] || fail "kernel-install's hook passed '$a' on: autoinstall $(cat "$tmp/hook-calls")"
	done
	echo "ok: --help, -h, --version, -x, a blank, a slash, --initramfs: not passed on, exit 0"
	hook postinst.d "$k" "/boot/vmlinuz-$k"
	[ "$(cat "$tmp/hook-calls")" = "autoinstall -- $k" ] || fail "control: the hook ran '$(cat "$tmp/hook-calls")'"
	hook header_postinst.d "$k"
	[ "$(cat "$tmp/hook-calls")" = "autoinstall --initramfs -- $k" ] || fail "control: the headers' hook ran '$(cat "$tmp/hook-calls")'"
	hook install.d add "$k" "/boot/vmlinuz-$k"
	[ "$(cat "$tmp/hook-calls")" = "autoinstall -- $k" ] || fail "control: kernel-install's hook ran '$(cat "$tmp/hook-calls")'"
	echo "ok: control: a kernel release is passed after --; the tool's exit 1 still gives the hook exit 0"
	# Every maintainer script and scriptlet line that runs the tool ignores
	# its status: an exit 1 for a failed build must not fail apt or dnf.
	grep -n 'ice-backport \(autoinstall\|keep-sources\|unregister\)' "$top"/debian/*.post* "$top"/debian/*.pre* "$top"/rpm/*.spec |
		grep -v '^[^:]*:[0-9]*:[[:space:]]*#' >"$tmp/callers"
	[ -s "$tmp/callers" ] || fail "test: no maintainer script runs ice-backport"
	if grep -v '|| \(true\|:\)\( ;;\)\{0,1\}$' "$tmp/callers"; then
		fail "the lines above run ice-backport without ignoring its exit status"
	fi
	echo "ok: $(wc -l <"$tmp/callers") maintainer script and scriptlet lines ignore the status (|| true, || :)"
	# The Debian postinst, run: the tool exits 1, the script 0.
	mkdir -p "$tmp/pbin"
	cp "$stub" "$tmp/pbin/ice-backport"
	: >"$tmp/hook-calls"
	PATH=$tmp/pbin:$PATH sh "$top/debian/ice-backport-dkms.postinst" configure ||
		fail "the postinst failed when autoinstall exited 1"
	[ "$(cat "$tmp/hook-calls")" = "autoinstall --initramfs" ] || fail "test: the postinst ran '$(cat "$tmp/hook-calls")'"
	echo "ok: the postinst exits 0 when autoinstall exits 1"
	# The rest runs in a mount namespace of its own, from the top again.
	rm -rf "$tmp"
fi

echo "== autoinstall, as root, on a fake host"
af_host "$0"
k=6.12.117+deb13-amd64
af_kernel "$k"
v=$af_version
# ai NAME ARGS...: autoinstall ARGS on the fake host; sets rc.
ai() {
	: >"$tmp/calls"
	cli "$@"
	sed 's/^/    | /' "$tmp/$1.out" "$tmp/$1.err"
}
for a in --help -h; do
	ai aihelp autoinstall "$a" "$k"
	[ "$rc" = 0 ] || fail "autoinstall $a: exit $rc, want 0"
	grep -q '^usage: ice-backport autoinstall' "$tmp/aihelp.out" || fail "autoinstall $a printed no usage"
	[ ! -s "$tmp/calls" ] || fail "autoinstall $a ran: $(tr '\n' ';' <"$tmp/calls")"
done
echo "ok: autoinstall --help, -h: the usage, no dkms call"
for a in --bogus -x; do
	ai aibogus autoinstall "$a" "$k"
	[ "$rc" = 2 ] || fail "autoinstall $a: exit $rc, want 2"
	grep -qF -- "unknown option '$a'" "$tmp/aibogus.err" || fail "autoinstall $a: no message naming it"
	[ ! -s "$tmp/calls" ] || fail "autoinstall $a ran: $(tr '\n' ';' <"$tmp/calls")"
done
echo "ok: autoinstall --bogus, -x: refused, no dkms call"
ai aiver autoinstall --version
[ "$rc" = 2 ] || fail "autoinstall --version without a value: exit $rc, want 2"
grep -q "option --version needs a value" "$tmp/aiver.err" || fail "autoinstall --version: no clear error: $(cat "$tmp/aiver.err")"
grep -q "parameter not set" "$tmp/aiver.err" && fail "autoinstall --version crashed"
[ ! -s "$tmp/calls" ] || fail "autoinstall --version ran: $(tr '\n' ';' <"$tmp/calls")"
ai aiverbad autoinstall --version ../../etc "$k"
[ "$rc" = 2 ] || fail "autoinstall --version ../../etc: exit $rc, want 2"
echo "ok: --version without a value, or with a path: exit 2, said, nothing run"

echo "== autoinstall's exit status"
af_installed "$k" "$v" old-tree
: >"$tmp/fail-build"
ai fail autoinstall "$k"
rm -f "$tmp/fail-build"
[ "$rc" = 1 ] || fail "a failed build (kept-old): exit $rc, want 1"
grep -q "old-tree" "/lib/modules/$k/updates/dkms/ice.ko" || fail "test: $k did not keep its module"
echo "ok: a failed build, $k kept its old module: exit 1"
ai bad autoinstall "6.13.0 x"
[ "$rc" = 1 ] || fail "a name that is no kernel release: exit $rc, want 1"
echo "ok: a name that is no kernel release: exit 1"
ai nohdr autoinstall 9.9.9-none
[ "$rc" = 0 ] || fail "a kernel without headers (skipped on purpose): exit $rc, want 0"
echo "ok: a kernel without headers, skipped: exit 0"
ai good autoinstall -- "$k"
[ "$rc" = 0 ] || fail "control: a good build: exit $rc, want 0"
grep -q "tree-$v" "/lib/modules/$k/updates/dkms/ice.ko" || fail "control: $k has not the new module"
echo "ok: control: built and installed after --: exit 0"
