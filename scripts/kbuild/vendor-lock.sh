# shellcheck shell=sh disable=SC2034,SC2154 # variables shared with scripts/kbuild/vendor-kernel and its other files
# vendor-kernel's pinning: the records of vendor-kernels.lock and the verified
# source trees they pin (extracted from a repository, an SRPM or a
# directory, checked against TREE_SHA256).  Sourced by
# scripts/kbuild/vendor-kernel, never run.
# record KIND NAME: the fields of KIND's record NAME (kind dropped), or die.
record() {
	r=$(awk -v k="$1" -v n="$2" '$1 == k && $2 == n { $1 = ""; sub(/^ /, ""); print; exit }' "$lock")
	[ -n "$r" ] || die "vendor-kernels.lock has no $1 record '$2'" \
		"use one of: $(awk -v k="$1" '$1 == k { printf "%s ", $2 }' "$lock")"
	echo "$r"
}

# devel_fields NAME: set name, src, rel, rootname, config, config_sha.
devel_fields() {
	# shellcheck disable=SC2046 # six words without blanks
	set -- $(record devel "$1")
	[ $# -eq 6 ] || die "the devel record '$1' of vendor-kernels.lock needs 6 columns" "fix that line"
	name=$1 src=$2 rel=$3 rootname=$4 config=$5 config_sha=$6
}

# source_fields SRC: set origin, commit, absent, tree_sha.
source_fields() {
	# shellcheck disable=SC2046 # six words without blanks
	set -- $(record source "$1")
	[ $# -eq 5 ] || die "the source record '$1' of vendor-kernels.lock needs 5 columns" "fix that line"
	origin=$2 commit=$3 absent=$4 tree_sha=$5
}

# absent_paths: the paths the snapshots lack, left out of the extraction.
absent_paths() {
	printf '%s\n' "$absent" | tr ',' '\n'
}

# source_hash DIR: tree_hash of DIR without the absent paths and the
# packaging directories (an SRPM carries their contents elsewhere).
source_hash() {
	(cd "$1" && find . -type f -print0 | LC_ALL=C sort -z |
		grep -zv -E "^\./($( (absent_paths; printf 'almalinux\nredhat\n') | sed 's/[.]/\\./g' | paste -sd'|'))(/|$)" |
		xargs -0 sha256sum) | sha256sum | cut -d' ' -f1
}

# mirror_of ORIGIN: where fetch leaves github:OWNER/NAME.
mirror_of() {
	o=${1#github:}
	echo "$mirrors/$(echo "$o" | tr / +)/repo"
}

# extract_srpm SRC SRPM DEST: the source of a vendor's kernel SRPM as the
# repositories of the lock carry it: the kernel tarball (the spec's
# Source0, linux-RELEASE.tar.xz, which Red Hat makes from its source git
# with its changes applied) extracted into DEST, and the SRPM's other
# sources (configurations, kABI lists, spec) in DEST/almalinux, where the
# devel records read them.  The patches a rebuild adds on top (AlmaLinux's
# PCI ID patches) are not applied: the repositories of the lock do not
# apply them either, and none touches a file our module reads.
extract_srpm() {
	"$top/scripts/kbuild/need-tools" "SRPM tools" rpm2cpio:rpm2cpio cpio:cpio xz:xz-utils
	msg "[$1] unpacking the SRPM $2"
	mkdir -p "$3.srpm" "$3/almalinux"
	srpm=$(cd "$(dirname -- "$2")" && pwd)/$(basename -- "$2")
	(cd "$3.srpm" && rpm2cpio "$srpm" | cpio -idm --quiet) 2>"$3.err" || {
		cat "$3.err" >&2
		die "$2 is not a readable SRPM (rpm2cpio or cpio failed, above)" \
			"give the kernel's .src.rpm as downloaded (check it with: rpm -K $2)"
	}
	set -- "$1" "$2" "$3" "$3.srpm"/linux-*.tar.*
	{ [ $# = 4 ] && [ -f "$4" ]; } || die "$2 holds no kernel tarball linux-*.tar.* (or more than one)" \
		"give the SRPM of the kernel itself (kernel-RELEASE.src.rpm)"
	tar -xf "$4" -C "$3" --strip-components=1 2>"$3.err" || {
		cat "$3.err" >&2
		die "the tarball $(basename -- "$4") of $2 does not extract (above)" "download the SRPM again"
	}
	rm -f "$4" "$3.err"
	find "$3.srpm" -maxdepth 1 -type f ! -name '*.patch' -exec mv {} "$3/almalinux/" \;
	rm -rf --one-file-system "$3.srpm"
}

# missing_paths GITDIR SCRATCH: the paths of commit's tree that are not
# under ABSENT and whose blobs GITDIR lacks (a snapshot without large
# blobs), one a line; a directory holding more than four of them is named
# once, as the directory.  SCRATCH: a prefix for its temporary files.
missing_paths() {
	git --git-dir="$1" ls-tree -r "$commit" >"$2.tree"
	awk '{ print $3 }' "$2.tree" | git --git-dir="$1" cat-file --batch-check |
		awk '$2 == "missing" { print $1 }' >"$2.blobs"
	awk 'NR == FNR { miss[$1] = 1; next } ($3 in miss) { print $4 }' "$2.blobs" "$2.tree" |
		grep -v -E "^($(absent_paths | sed 's/[.]/\\./g' | paste -sd'|'))(/|$)" |
		awk '{ d = $0; sub(/\/[^\/]*$/, "", d); n[d]++; p[NR] = $0; dir[NR] = d }
			END { for (i = 1; i <= NR; i++) print (n[dir[i]] > 4 ? dir[i] : p[i]) }' | sort -u
	rm -f "$2.tree" "$2.blobs"
}

# extract SRC PATH DEST: SRC's source from PATH (a git repository, a
# kernel SRPM or a directory) into DEST, without the excluded paths.
extract() {
	mkdir -p "$3"
	if git --git-dir="$2" rev-parse -q --verify "$commit^{commit}" >/dev/null 2>&1 ||
		git -C "$2" rev-parse -q --verify "$commit^{commit}" >/dev/null 2>&1; then
		gd=$2
		[ -d "$gd/objects" ] || gd=$2/.git
		msg "[$1] extracting commit $commit of $gd"
		# git archive reads the blobs of excluded paths too, says "invalid
		# object" for one the snapshot lacks and stops there (exit 0, tar
		# then reports an unexpected EOF): what proves the extraction
		# whole is the count of files against the commit's own list, and
		# when it falls short the paths of the lacking blobs are named.
		# shellcheck disable=SC2046 # pathspecs without blanks
		git --git-dir="$gd" archive --format=tar "$commit" -- . \
			$(absent_paths | sed 's/^/:(exclude)/') 2>"$3.err" | tar -x -C "$3" 2>>"$3.err" || true
		want=$(git --git-dir="$gd" ls-tree -r --name-only "$commit" |
			grep -cv -E "^($(absent_paths | sed 's/[.]/\\./g' | paste -sd'|'))(/|$)")
		got=$(find "$3" -type f -o -type l | wc -l)
		[ "$got" = "$want" ] || {
			cat "$3.err" >&2
			missing=$(missing_paths "$gd" "$3")
			msg "[$1] the paths of $commit whose blobs $gd lacks:"
			printf '%s\n' "$missing" | sed 's/^/  /' >&2
			die "extracting $commit from $gd gave $got files, not the commit's $want" \
				"add the paths the snapshot lacks (above) to ABSENT in vendor-kernels.lock; it would read: $( (absent_paths; printf '%s\n' "$missing") | grep -vx -- - | sort -u | paste -sd,)"
		}
		rm -f "$3.err"
	elif case $2 in *.src.rpm) [ -f "$2" ] ;; *) false ;; esac; then
		extract_srpm "$1" "$2" "$3"
	elif [ -d "$2" ] && [ -f "$2/Makefile" ]; then
		msg "[$1] copying the extracted source $2"
		(cd "$2" && tar -cf - --exclude-vcs .) | tar -x -C "$3"
	elif [ -e "$2" ]; then
		die "$2 is neither a git repository holding $commit nor an extracted kernel source" \
			"give the repository ($origin), or the directory the kernel's source tarball extracts to"
	else
		die "$2 does not exist" "give an existing repository or directory with --source"
	fi
}

# source_extract SRC FROM: SRC's source from FROM into a temporary
# directory beside its place (tmp, undone by the dispatcher's trap), and
# its tree hash (got).
source_extract() {
	mkdir -p "$vk/src"
	tmp=$vk/src/.$1.tmp.$$
	rm -rf --one-file-system "$tmp"
	extract "$1" "$2" "$tmp"
	got=$(source_hash "$tmp")
}

# source_keep SRC: the tree source_extract made is SRC's verified source.
source_keep() {
	touch "$tmp/.icebp-verified"
	rm -rf --one-file-system "$vk/src/$1"
	mv "$tmp" "$vk/src/$1"
	tmp=
}

# source_tree SRC: set src_dir to SRC's verified source (made when absent).
source_tree() {
	source_fields "$1"
	src_dir=$vk/src/$1
	if [ -f "$src_dir/.icebp-verified" ] && [ -z "$given" ]; then
		return 0
	fi
	from=$given
	if [ -z "$from" ]; then
		from=$(mirror_of "$origin")
		[ -d "$from" ] || {
			msg "[$1] no source: not given (--source), not in $src_dir, no mirror at $from"
			msg "  fix: fetch github:${origin#github:} (or give the source: --source PATH)"
			exit 3
		}
	fi
	[ "$tree_sha" != - ] || die "vendor-kernels.lock pins no TREE_SHA256 for $1" "run: $0 pin $1"
	mkdir -p "$vk/src"
	exec 7>"$vk/src/.$1.lock"
	flock 7
	source_extract "$1" "$from"
	[ "$got" = "$tree_sha" ] || {
		rm -rf --one-file-system "$tmp"
		die "the source of $1 from $from does not match vendor-kernels.lock (tree $got, pinned $tree_sha)" \
			"give the source the lock names ($origin, commit $commit), or a tree extracted from that kernel's SRPM unchanged"
	}
	source_keep "$1"
	flock -u 7
	msg "[$1] source verified: $src_dir"
}

# pin SRC: extract SRC and write its TREE_SHA256 into the lock; the tree
# just pinned is the verified source from now on.
pin() {
	source_fields "$1"
	source_extract "$1" "${given:-$(mirror_of "$origin")}"
	awk -v n="$1" -v h="$got" '$1 == "source" && $2 == n { sub(/[^ ]+$/, h) } { print }' "$lock" >"$lock.new"
	mv "$lock.new" "$lock"
	source_keep "$1"
	msg "[$1] TREE_SHA256 $got written into vendor-kernels.lock"
}
