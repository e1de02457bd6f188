# shellcheck shell=sh
# Reading the JSON of `ice-backport doctor --json` in tests, sourced after
# tests/lib.sh (fail comes from there).  Needs python3.

# jget FILE EXPR: EXPR, a python expression over the JSON as d.
jget() {
	python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); print(eval(sys.argv[2]))' "$1" "$2" ||
		fail "$1: not JSON"
}

# jexpect FILE EXPR WANT: EXPR must print WANT.
jexpect() {
	jexpect_got=$(jget "$1" "$2")
	[ "$jexpect_got" = "$3" ] || fail "$(basename "$1"): $2 is '$jexpect_got', want '$3'"
	echo "ok: $(basename "$1"): $2 = $3"
}
