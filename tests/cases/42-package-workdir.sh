#!/bin/sh
# scripts/package/build-deb and build-rpm OUTDIR empty OUTDIR/work for their
# scratch files: only when it is new or made by an earlier run of theirs
# (never `rm -rf OUTDIR/work` on whatever is there).  A work directory
# that is a symlink, or holds someone else's files, is refused and left
# as it was.  Control: a work directory an earlier run made is emptied.
. "$ICE_BP_TOPDIR/tests/lib.sh"

for s in build-deb build-rpm; do
	echo "== $s"
	mkdir -p "$tmp/$s/victim" "$tmp/$s/out1/work" "$tmp/$s/out2"
	echo precious >"$tmp/$s/victim/file"
	echo precious >"$tmp/$s/out1/work/file"
	ln -s "$tmp/$s/victim" "$tmp/$s/out2/work"
	expect_fail "$tmp/log1" "was not made by" "$top/scripts/package/$s" "$tmp/$s/out1"
	[ "$(cat "$tmp/$s/out1/work/file")" = precious ] || fail "$s removed a file in OUTDIR/work it did not make"
	expect_fail "$tmp/log2" "is a symbolic link" "$top/scripts/package/$s" "$tmp/$s/out2"
	[ "$(cat "$tmp/$s/victim/file")" = precious ] || fail "$s removed a file behind the OUTDIR/work link"
done

echo "-- control: a work directory an earlier run made is emptied"
mkdir -p "$tmp/ours"
: >"$tmp/ours/.ice-backport-work"
echo stale >"$tmp/ours/stale"
(prog=42-package-workdir; fresh_work_dir "$tmp/ours") || fail "fresh_work_dir refuses its own work directory"
[ ! -e "$tmp/ours/stale" ] || fail "fresh_work_dir did not empty its own work directory"
[ -f "$tmp/ours/.ice-backport-work" ] || fail "fresh_work_dir left no marker for the next run"
echo "ok: refused twice per script, files kept; its own directory emptied"
