#!/bin/sh
# make repo / scripts/package/repo over hostile settings:
#   quote      a quote in REPO_URL runs no command through the Makefile
#              (make exports it; the recipe does not spell it);
#   newline    a newline in the URL is refused before anything is written
#              (it would add `gpgcheck=0` to the .repo and break the
#              .sources); a blank or a control byte too;
#   http       plain http:// is published, with a warning that the key
#              travels unencrypted; https:// has none (control);
#   --out      a directory of unrelated files, or DIR.old holding them, is
#              refused and its files kept; control: a tree the script made
#              is replaced;
#   blanks     a package directory, and a REPO_PACKAGES entry, with a blank
#              in its name are published (one name, not two).
# A tiny .deb built here stands for the package: the tree's shape is the
# business of 39 and 41.
. "$ICE_BP_TOPDIR/tests/lib.sh"
for t in gpg apt-ftparchive dpkg-deb xz make; do
	command -v "$t" >/dev/null || skip "$t is needed (make deps)"
done
home=$tmp/key
"$top/scripts/package/repo" --new-key "$home" >/dev/null || fail "could not make a key"
export ICE_BP_REPO_GNUPGHOME="$home"

# deb DIR VERSION: a minimal ice-backport-dkms .deb in DIR.
deb() {
	d=$tmp/debsrc-$2
	mkdir -p "$d/DEBIAN" "$1"
	printf 'Package: ice-backport-dkms\nVersion: %s\nArchitecture: all\nMaintainer: t <t@ice-backport.invalid>\nDescription: test\n' "$2" >"$d/DEBIAN/control"
	dpkg-deb --root-owner-group -b "$d" "$1/ice-backport-dkms_$2_all.deb" >/dev/null
}
deb "$tmp/with blank" 1.0-1
deb "$tmp/other dir" 0.9-1
# make repo runs in a copy: it publishes build/deb and build/rpm of it.
rc_top=$(repo_copy)
mkdir -p "$rc_top/build/deb" "$rc_top/build/rpm"

# repo NAME ARGS...: scripts/package/repo ARGS; rc and $tmp/NAME.out.
repo() {
	n=$1
	shift
	rc=0
	"$top/scripts/package/repo" "$@" >"$tmp/$n.out" 2>&1 || rc=$?
	sed "s/^/    $n| /" "$tmp/$n.out" | grep -v '^    [a-z0-9-]*| [^:]*: [A-Za-z ]*\*\*\*' || true
}

echo "== a quote in REPO_URL, through make"
rc=0
(cd "$rc_top" && ICE_BP_TOPDIR=$rc_top make -o packages repo REPO_URL="https://x.example/'; touch '$tmp/pwned'; echo '") >"$tmp/make.out" 2>&1 || rc=$?
cat "$tmp/make.out"
[ ! -e "$tmp/pwned" ] || fail "a quote in REPO_URL ran a command through the Makefile"
grep -q "holds a character no repository URL has" "$tmp/make.out" || fail "the URL with a quote is not refused"
echo "ok: no command ran; the URL is refused (make exit $rc)"

echo "== a newline, a blank, a control byte in the URL"
for u in "$(printf 'https://x.example/r\ngpgcheck=0')" "https://x.example/a b" "$(printf 'https://x.example/\033[2J')"; do
	repo nl --out "$tmp/nl" --url "$u" "$tmp/with blank"
	[ "$rc" != 0 ] || fail "the URL '$u' was accepted"
	grep -q "holds a character no repository URL has" "$tmp/nl.out" || fail "no message naming the URL"
	[ ! -e "$tmp/nl" ] || fail "something was written for a refused URL"
done
echo "ok: refused, nothing written"

echo "== http:// is published, with a warning (control: https:// without)"
repo http --out "$tmp/http" --url http://127.0.0.1:8000 "$tmp/with blank"
[ "$rc" = 0 ] || fail "an http:// URL failed"
grep -q "WARNING: --url (REPO_URL) http://127.0.0.1:8000 is plain HTTP" "$tmp/http.out" || fail "no warning for plain HTTP"
repo https --out "$tmp/https" --url https://repo.example.invalid/x "$tmp/with blank"
[ "$rc" = 0 ] || fail "control: https:// failed"
grep -q "plain HTTP" "$tmp/https.out" && fail "control: a warning for https://"
echo "ok: warned for http:// only"

echo "== blanks in package names"
[ -f "$tmp/https/apt/pool/main/i/ice-backport/ice-backport-dkms_1.0-1_all.deb" ] || fail "the package of '$tmp/with blank' was not published"
rc=0
(cd "$rc_top" && ICE_BP_TOPDIR=$rc_top REPO_PACKAGES="$tmp/other dir/ice-backport-dkms_0.9-1_all.deb
$tmp/with blank" make -o packages repo REPO_URL=https://repo.example.invalid/x) >"$tmp/make2.out" 2>&1 || rc=$?
tail -n 3 "$tmp/make2.out"
[ "$rc" = 0 ] || fail "make repo with REPO_PACKAGES holding blanks failed"
for v in 1.0-1 0.9-1; do
	[ -f "$rc_top/build/repo/apt/pool/main/i/ice-backport/ice-backport-dkms_${v}_all.deb" ] || fail "REPO_PACKAGES: $v not published"
done
echo "ok: a directory and a REPO_PACKAGES entry with blanks are published"

echo "== --out onto a directory that is not a repository"
mkdir -p "$tmp/mine"
echo precious >"$tmp/mine/notes.txt"
repo out1 --out "$tmp/mine" --url https://repo.example.invalid/x "$tmp/with blank"
[ "$rc" != 0 ] || fail "--out onto unrelated files succeeded"
grep -q "not a repository made by" "$tmp/out1.out" || fail "no message naming the cause"
[ "$(cat "$tmp/mine/notes.txt")" = precious ] || fail "the unrelated file was lost"
mkdir -p "$tmp/fresh.old"
echo precious >"$tmp/fresh.old/notes.txt"
repo out2 --out "$tmp/fresh" --url https://repo.example.invalid/x "$tmp/with blank"
[ "$rc" != 0 ] || fail "--out with an unrelated DIR.old succeeded"
[ "$(cat "$tmp/fresh.old/notes.txt")" = precious ] || fail "the unrelated file in DIR.old was lost"
echo "ok: refused, files kept"
repo again --out "$tmp/https" --url https://repo.example.invalid/x "$tmp/other dir"
[ "$rc" = 0 ] || fail "control: publishing again over a tree the script made failed"
[ -f "$tmp/https/apt/pool/main/i/ice-backport/ice-backport-dkms_0.9-1_all.deb" ] || fail "control: not replaced"
echo "ok: control: a tree the script made is replaced"
