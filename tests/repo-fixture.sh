# shellcheck shell=sh
# top, tmp and fail come from tests/lib.sh.
# shellcheck disable=SC2154
# Helpers for the fleet repository tests (tests/cases/39-repo-apt.sh,
# 41-repo-rpm.sh), sourced after tests/lib.sh: two throwaway keys, the
# repositories scripts/package/repo publishes under $www, and a static HTTP
# server on 127.0.0.1 that serves $www.

www=$tmp/www
mkdir -p "$www"

# repo_keys: key A, the repository's ($tmp/keyA, fingerprint $fprA), and
# key B, another one ($tmp/keyB, $fprB).
repo_keys() {
	fprA=$("$top/scripts/package/repo" --new-key "$tmp/keyA") || fail "could not make key A"
	fprB=$("$top/scripts/package/repo" --new-key "$tmp/keyB") || fail "could not make key B"
	echo "key A (the repository's): $fprA; key B (another): $fprB"
}

# publish NAME URL [REPO_ARGS...]: scripts/package/repo, signing with key A
# (or the GnuPG home in $pub_home), into $www/NAME for clients at URL.
publish() {
	pn=$1 pu=$2
	shift 2
	ICE_BP_REPO_GNUPGHOME=${pub_home:-$tmp/keyA} ICE_BP_REPO_KEY='' \
		"$top/scripts/package/repo" --out "$www/$pn" --url "$pu" "$@" >"$tmp/publish-$pn.log" 2>&1 || {
		cat "$tmp/publish-$pn.log"
		fail "scripts/package/repo failed for $pn"
	}
	grep -q THROWAWAY "$tmp/publish-$pn.log" && fail "the repository was signed with a throwaway key, not the one given"
	echo "published $pn: $(tail -n 2 "$tmp/publish-$pn.log" | head -n 1)"
}

# tamper FILE: flip one byte in the middle of FILE, keeping its size.
tamper() {
	size=$(stat -c %s "$1")
	printf '\377' | dd of="$1" bs=1 seek=$((size / 2)) conv=notrunc status=none
	echo "tampered: one byte of $(basename "$1") at offset $((size / 2))"
}

# serve: a static HTTP server on 127.0.0.1 for $www; sets $port and $srv.
# Its request log is $tmp/http.log.  Stopped by serve_stop (by its pid).
serve() {
	: >"$tmp/http.log"
	python3 -u -m http.server --bind 127.0.0.1 --directory "$www" 0 >"$tmp/http.log" 2>&1 &
	srv=$!
	port=
	for _ in $(seq 50); do
		port=$(sed -n 's/^Serving HTTP on .* port \([0-9]*\) .*/\1/p' "$tmp/http.log")
		[ -z "$port" ] || break
		sleep 0.1
	done
	[ -n "$port" ] || { cat "$tmp/http.log"; fail "the HTTP server did not start"; }
	echo "HTTP server on 127.0.0.1:$port (pid $srv) for $www"
}

serve_stop() {
	[ -z "${srv:-}" ] || kill "$srv" 2>/dev/null || true
	srv=
}

# agents_stop: stop the gpg-agents of the GnuPG homes under $tmp (the
# keys', and the ones dnf makes for each repository's keyring).
agents_stop() {
	for h in "$tmp"/key* "$tmp"/*/build/repo-key "$tmp"/dnf-*/var/cache/dnf/*/pubring; do
		[ ! -d "$h" ] || gpgconf --homedir "$h" --kill gpg-agent 2>/dev/null || true
	done
}
