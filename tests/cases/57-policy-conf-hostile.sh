#!/bin/sh
# The operator's /etc/ice-backport/policy.conf, as written by hand or by a
# tool, and `ice-backport tier` over hostile bytes:
#   syntax   a UTF-8 byte order mark, `Accept = verified`, `accept:
#            verified`, `accept verified` and CRLF line ends all narrow an
#            in-range kernel to verified; `RDMA: Install` is read the same
#            way (rdma.sh asks the same reader); controls: no file, and
#            `accept = in-range`, build for it;
#   files    a FIFO does not hang the reader, a link to /dev/zero does not
#            eat memory, a dangling or looping link is not "absent": each
#            narrows to verified, saying why, in seconds;
#   output   a tab, ESC and \377 in the release or in policy.conf give
#            valid UTF-8 JSON from `tier --json` and no ESC on a terminal.
. "$ICE_BP_TOPDIR/tests/lib.sh"
command -v python3 >/dev/null || skip "python3 is needed to read the JSON"
command -v timeout >/dev/null || skip "timeout (coreutils) is needed to bound a hanging reader"
rel=6.15.11-200.fc42.x86_64
[ "$(kernels tier-of "$rel")" = in-range ] || fail "test: $rel is not in-range"
pc=$tmp/policy.conf

# tier_with NAME: `ice-backport tier $rel` with policy file $pc, bounded
# in time; output in $tmp/NAME.out.
tier_with() {
	rc=0
	ICE_BP_POLICY=$pc timeout -s KILL 20 "$top/tools/ice-backport" tier "$rel" >"$tmp/$1.out" 2>&1 || rc=$?
	sed "s/^/    $1| /" "$tmp/$1.out"
	[ "$rc" != 137 ] || fail "$1: the policy reader did not finish in 20 s"
	[ "$rc" = 0 ] || fail "$1: exit $rc"
}
builds() {
	grep -q "DKMS builds ice-backport for it" "$tmp/$1.out" || fail "$1: $rel is not built for"
	echo "ok: $1: builds for $rel"
}
narrowed() {
	grep -q "policy: accept verified" "$tmp/$1.out" || fail "$1: not narrowed to verified"
	grep -q "DKMS skips it" "$tmp/$1.out" || fail "$1: $rel is still built for"
	[ -z "${2:-}" ] || grep -q -- "$2" "$tmp/$1.out" || fail "$1: does not say '$2'"
	echo "ok: $1: narrowed to verified${2:+ ($2)}"
}

echo "== controls"
rm -f "$pc"
tier_with absent
builds absent
echo 'accept = in-range' >"$pc"
tier_with in-range
builds in-range

echo "== syntax an operator writes"
printf '\357\273\277accept = verified\n' >"$pc"
tier_with bom
narrowed bom "from $pc"
for line in 'Accept = verified' 'accept: verified' 'accept verified' 'ACCEPT=Verified' 'accept = verified  # fewer'; do
	printf '%s\r\n' "$line" >"$pc"
	tier_with syntax
	narrowed syntax "from $pc"
done
printf 'accept\n' >"$pc"
tier_with novalue
narrowed novalue "is not verified, in-range or all"

echo "== rdma = install, read by the same reader"
. "$top/tools/lib/host.sh"
. "$top/tools/lib/rdma.sh"
data=$top/tools/lib
R=''
printf 'RDMA: Install\r\n' >"$pc"
[ "$(ICE_BP_POLICY=$pc rdma_policy)" = install ] || fail "'RDMA: Install' is not read as install"
rm -f "$pc"
[ "$(ICE_BP_POLICY=$pc rdma_policy)" = decline ] || fail "control: no file is not decline"
echo "ok: 'RDMA: Install' is install; no file is decline"

echo "== files that are not one"
mkfifo "$pc"
tier_with fifo
narrowed fifo "not a regular file"
rm -f "$pc"
ln -s /dev/zero "$pc"
tier_with zero
narrowed zero "not a regular file"
rm -f "$pc"
ln -s "$tmp/nowhere" "$pc"
tier_with dangling
narrowed dangling "leads nowhere"
rm -f "$pc"
ln -s "$pc" "$pc"
tier_with loop
narrowed loop "leads nowhere"
rm -f "$pc"
head -c 70000 /dev/zero | tr '\0' '#' >"$pc"
tier_with huge
narrowed huge "larger than 64 KiB"

echo "== tier's output over hostile bytes"
ESC=$(printf '\033')
printf 'accept = \033]0;pwned\007\377\tx\n' >"$pc"
for r in "$(printf '6.12.1\tfake\033[2J\377')" "$rel"; do
	ICE_BP_POLICY=$pc "$top/tools/ice-backport" tier "$r" --json >"$tmp/json.out" 2>&1 || fail "tier --json failed"
	python3 -c 'import json, sys; json.loads(open(sys.argv[1], "rb").read().decode("utf-8"))' "$tmp/json.out" ||
		fail "tier --json is not valid UTF-8 JSON: $(cat -v "$tmp/json.out")"
	ICE_BP_POLICY=$pc "$top/tools/ice-backport" tier "$r" >"$tmp/text.out" 2>&1 || fail "tier failed"
	if grep -q "$ESC" "$tmp/text.out"; then fail "an escape byte reached the terminal: $(cat -v "$tmp/text.out")"; fi
done
echo "ok: valid UTF-8 JSON, no escape byte in the text"
