#!/bin/sh
# Every command a developer types answers --help and -h with its usage
# (standard output, exit 0) and does nothing else; every one refuses an
# option it does not know, naming it, before it acts.  The commands are
# found, not listed: every executable of scripts/ and tests/rxemu/, and
# tests/run, so that a new script is held to it too.  Each runs in a copy
# of the clone, from a directory that holds directories named --help, -h
# and --no-such-option (a script that took one for its DEST or OUTDIR
# removed it), with a cache of its own, and with the commands that act
# (apt, mmdebstrap, chroot, mount, qemu, the package builders, git, make,
# the compilers) replaced by stubs that record a call: neither the copy,
# the directory, the cache nor a stub may show a trace.  Then tests/run:
# a pattern no case's name holds fails, naming it (a mistyped case gave a
# green run of nothing).  Controls: a script that removes its DEST and
# knows no option is caught; the same script with the checks of
# scripts/lib/common.sh passes; a pattern that names a case runs it.
. "$ICE_BP_TOPDIR/tests/lib.sh"
repo=$(repo_copy)

# A src/ that looks imported (its PROVENANCE's first lines), so that a
# script that takes --help for a name goes on to its action.
mkdir -p "$repo/src"
printf 'ice-backport %s\nvariant release\n' "$(cat "$repo/VERSION")" >"$repo/src/PROVENANCE"
cwd=$tmp/cwd
# markers: directories named like the options, with files where the
# packaging scripts write (DEST/tree, DEST/tools, OUTDIR/work).
markers() {
	for d in --help -h --no-such-option; do
		for f in marker tree/marker tools/marker work/marker; do
			mkdir -p "$cwd/$d/$(dirname "$f")"
			echo keep >"$cwd/$d/$f"
		done
	done
}
markers
cache=$tmp/cache
calls=$tmp/calls
stubs=$tmp/stubs
mkdir "$stubs"
for c in apt-get apt-cache apt-ftparchive mmdebstrap chroot mount umount unshare qemu-system-x86_64 \
	dpkg-buildpackage dpkg-deb rpmbuild createrepo_c gpg dkms git make gcc clang curl wget; do
	printf '#!/bin/sh\necho "%s $*" >>"%s"\nexit 1\n' "$c" "$calls" >"$stubs/$c"
	chmod +x "$stubs/$c"
done

# state: what a script may not change: the copy and the directory it runs
# in (names, kinds, modes, contents), and whether the cache exists.
state() {
	for d in "$repo" "$cwd"; do
		(cd "$d" && find . -printf '%y %m %p\n' | LC_ALL=C sort)
		tree_hash "$d"
	done
	[ ! -e "$cache" ] || echo "the cache $cache exists"
}

# run SCRIPT ARG: SCRIPT ARG in the copy, from $cwd; $tmp/out, $tmp/err, $rc.
run() {
	rc=0
	(cd "$cwd" && env -u ICE_BP_BUILD -u KERNELS -u ICE_BP_TEST_JOBS ICE_BP_TOPDIR="$repo" \
		ICE_BP_CACHE="$cache" PATH="$stubs:$PATH" timeout 60 "$1" "$2") \
		</dev/null >"$tmp/out" 2>"$tmp/err" || rc=$?
}

# check SCRIPT: what is wrong with SCRIPT's command line, one line each
# (nothing when all is right).
check() {
	name=${1#"$repo"/}
	base=$(basename "$1")
	for a in --help -h; do
		run "$1" "$a"
		[ "$rc" = 0 ] || echo "$name $a: exit $rc ($(head -c 300 "$tmp/err" | tr '\n' ' '))"
		case $(head -n 1 "$tmp/out") in
		"usage: $base"* | "usage: $name"*) ;;
		*) echo "$name $a: its first line is not 'usage: $base ...': '$(head -n 1 "$tmp/out" | cut -c 1-100)'" ;;
		esac
		[ ! -s "$tmp/err" ] || echo "$name $a: wrote to standard error: $(head -c 300 "$tmp/err" | tr '\n' ' ')"
	done
	run "$1" --no-such-option
	[ "$rc" != 0 ] || echo "$name --no-such-option: exit 0"
	grep -qF "unknown option '--no-such-option'" "$tmp/err" ||
		echo "$name --no-such-option: does not say \"unknown option '--no-such-option'\" ($(head -c 300 "$tmp/err" | tr '\n' ' '))"
	if [ -f "$calls" ]; then
		echo "$name ran: $(tr '\n' ';' <"$calls" | cut -c 1-300)"
		rm -f "$calls"
	fi
	for d in --help -h --no-such-option; do
		for f in marker tree/marker tools/marker work/marker; do
			[ -f "$cwd/$d/$f" ] || echo "$name: $d/$f of its working directory was removed"
		done
	done
	after=$(state)
	if [ "$before" != "$after" ]; then
		echo "$name changed the clone, its working directory or the cache: $(printf '%s\n' "$before" >"$tmp/b"
			printf '%s\n' "$after" | diff "$tmp/b" - | grep '^[<>]' | head -n 5 | tr '\n' ';')"
		rm -rf "$cache" "$cwd"
		markers
		after=$(state)
	fi
	before=$after
}

scripts=$( (find "$repo/scripts" "$repo/tests/rxemu" -type f -perm -u+x; echo "$repo/tests/run") | LC_ALL=C sort)
n=$(printf '%s\n' "$scripts" | wc -l)
before=$(state)
[ "$n" -ge 50 ] || fail "only $n commands found under scripts/ and tests/rxemu/: the search is broken"
: >"$tmp/bad"
for s in $scripts; do
	check "$s" >>"$tmp/bad"
done
if [ -s "$tmp/bad" ]; then
	cat "$tmp/bad"
	fail "$(wc -l <"$tmp/bad") faults in the command lines of $n commands (above)"
fi
echo "all $n commands: --help and -h print their usage and exit 0; --no-such-option is refused, named; nothing acted"

# The controls: a new script, found by the same search.
mut=$repo/scripts/package/zz-control-dest
cat >"$mut" <<'EOF'
#!/bin/sh
# zz-control-dest DEST
#
# A control: replaces DEST.
set -eu
. "$(dirname -- "$0")/../lib/common.sh"
[ $# -eq 1 ] || die "usage: $prog DEST"
rm -rf -- "$1"
mkdir -p -- "$1"
EOF
chmod +x "$mut"
before=$(state)
check "$mut" >"$tmp/control"
cat "$tmp/control"
grep -q -- '--help/marker of its working directory was removed' "$tmp/control" ||
	fail "a script that removes a DEST named --help was not caught"
grep -q "does not say \"unknown option '--no-such-option'\"" "$tmp/control" ||
	fail "a script that takes --no-such-option for its DEST was not caught"
sed -i 's|^\(\. .*common.sh"\)$|\1\ncli_help "$@"\ncli_names "$@"|' "$mut"
before=$(state)
check "$mut" >"$tmp/control"
[ ! -s "$tmp/control" ] || { cat "$tmp/control"; fail "the control script with cli_help and cli_names was faulted"; }
rm -f "$mut"
echo "controls: a script that removes its DEST, knowing no option, is caught; with cli_help and cli_names it passes"

# tests/run: a pattern that names no case is an error; one that names a
# case runs it (a case of the copy's own, which passes at once).
run_tests() {
	rc=0
	env -u KERNELS -u ICE_BP_TEST_JOBS ICE_BP_TOPDIR="$repo" ICE_BP_CACHE="$cache" \
		"$repo/tests/run" "$@" >"$tmp/run.log" 2>&1 || rc=$?
	cat "$tmp/run.log"
}
run_tests 67-no-such-case
[ "$rc" != 0 ] || fail "tests/run 67-no-such-case ran nothing and exited 0"
grep -q "no case's name holds '67-no-such-case'" "$tmp/run.log" || fail "tests/run 67-no-such-case does not name the pattern"
tail -n 3 "$tmp/run.log" | grep -qx '0 passed, 0 failed' || fail "tests/run 67-no-such-case does not give the counts"
run_tests 67-a 67-b
[ "$rc" != 0 ] || fail "tests/run with two patterns ran the first only and exited 0"
printf '#!/bin/sh\nexit 0\n' >"$repo/tests/cases/99-control-passes.sh"
run_tests 99-control-passes
[ "$rc" = 0 ] || fail "tests/run 99-control-passes failed (exit $rc)"
tail -n 1 "$tmp/run.log" | grep -qx '1 passed, 0 failed' || fail "tests/run 99-control-passes did not run its case"
echo "tests/run: a pattern that names no case fails, named; two patterns are refused; a pattern that names a case runs it"
