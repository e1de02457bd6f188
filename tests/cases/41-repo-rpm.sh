#!/bin/sh
# The rpm-md repository of scripts/package/repo (make repo) with Debian's
# dnf (--installroot) and zypper (--root), each configured with the .repo
# file make repo writes (gpgcheck=1, repo_gpgcheck=1), over a static HTTP
# server on 127.0.0.1: repomd.xml's signature verified with the
# repository's key, the metadata loaded and ice-backport-dkms resolved in
# it; then the install stops where a Debian host stops it, at dependency
# resolution ("nothing provides dkms", and /bin/sh: the root's rpm database
# is empty, and dkms comes from EPEL, Fedora or openSUSE, none of which
# can be fetched here; no stand-in is made).  The steps of the install that
# do not need the dependencies are carried out by the clients themselves:
# the download, with its checksum, and the package's signature check (dnf:
# through its own Python API, the Base the command line runs; zypper:
# `zypper download`, with pkg_gpgcheck).  Negative controls, each refused
# by the client with its own message: an unsigned repomd.xml, a repomd.xml
# signed by another key, a package signed by another key under metadata
# signed by the right one, a tampered package.
# Then the tree itself: two runs with the same packages, key, URL and date
# give the same bytes (packages given in another order too), another date
# gives other bytes; without a key, make repo makes a throwaway one, says
# so loudly and reuses it; bad key settings are refused with the fix; and
# README.md quotes the client files make repo writes (scripts/package/repo-readme).
. "$ICE_BP_TOPDIR/tests/lib.sh"
. "$top/tests/repo-fixture.sh"
[ -x /usr/bin/dnf ] || skip "dnf is not installed (make deps)"
command -v zypper >/dev/null || skip "zypper is not installed (make deps)"
command -v python3 >/dev/null || skip "python3 is needed for the HTTP server"
trap 'serve_stop; agents_stop; rm -rf "$tmp"' EXIT

rpm=$(this_package rpm) || fail "could not build the .rpm"
rpm=$(echo "$rpm" | head -n 1)
deb=$(this_package deb) || fail "could not build the .deb"
nvr=$(rpm -qp --qf '%{NAME}-%{VERSION}-%{RELEASE}' "$rpm")
repo_keys
serve
http=http://127.0.0.1:$port

publish good "$http/good" "$rpm"
# An unsigned repomd.xml.
publish unsigned "$http/unsigned" "$rpm"
rm "$www/unsigned/rpm/repodata/repomd.xml.asc"
# Everything signed by key B; the client's gpgkey still gives key A.
pub_home=$tmp/keyB publish otherkey "$http/otherkey" "$rpm"
cp "$www/good/ice-backport.asc" "$www/otherkey/ice-backport.asc"
# The package signed by key B, the metadata by key A (what a mirror
# that took in a foreign package would serve).
publish mixed "$http/mixed" "$rpm"
cp "$www"/otherkey/rpm/packages/*.rpm "$www/mixed/rpm/packages/"
createrepo_c --quiet --no-database "$www/mixed/rpm"
gpg --homedir "$tmp/keyA" --batch --yes --armor --detach-sign -o "$www/mixed/rpm/repodata/repomd.xml.asc" \
	"$www/mixed/rpm/repodata/repomd.xml" 2>/dev/null
gpgconf --homedir "$tmp/keyA" --kill gpg-agent 2>/dev/null || true
# One byte of the package changed.
publish tampered "$http/tampered" "$rpm"
tamper "$(ls "$www"/tampered/rpm/packages/*.rpm)"

# refused LOG PATTERN WHAT: the client failed (rc) and said PATTERN.
refused() {
	[ "$rc" != 0 ] || { cat "$tmp/$1"; fail "$3 was accepted"; }
	grep -E "$2" "$tmp/$1" >/dev/null || { cat "$tmp/$1"; fail "$3 was refused without saying /$2/"; }
	echo "refused: $3:"
	grep -E "$2" "$tmp/$1" | sed 's/^/    /'
}

# ---------------------------------------------------------------- dnf
# dnf_root NAME: an empty installroot with make repo's .repo of NAME.
dnf_root() {
	d=$tmp/dnf-$1
	mkdir -p "$d/etc/yum.repos.d"
	cp "$www/$1/clients/ice-backport.repo" "$d/etc/yum.repos.d/"
}
# dnfc NAME LOG ARGS: dnf in NAME's installroot; sets rc.
dnfc() {
	n=$1 l=$2
	shift 2
	rc=0
	/usr/bin/dnf -y --installroot="$tmp/dnf-$n" --releasever=1 --setopt=reposdir="$tmp/dnf-$n/etc/yum.repos.d" \
		--setopt=cachedir="$tmp/dnf-$n/var/cache/dnf" "$@" >"$tmp/$l" 2>&1 || rc=$?
}
# dnf_fetch NAME LOG: with dnf's API (what `dnf install` runs once the
# transaction is resolved), download the newest ice-backport-dkms of the
# repository and check its signature, importing the repository's gpgkey
# as dnf does.  Exit 0: downloaded and verified.
dnf_fetch() {
	rc=0
	/usr/bin/python3 - "$tmp/dnf-$1" >"$tmp/$2" 2>&1 <<-'PY' || rc=$?
		import sys
		import dnf
		import dnf.cli.progress
		import dnf.exceptions
		root = sys.argv[1]
		base = dnf.Base()
		base.conf.installroot = root
		base.conf.reposdir = [root + "/etc/yum.repos.d"]
		base.conf.cachedir = root + "/var/cache/dnf"
		base.conf.substitutions["releasever"] = "1"
		base.conf.assumeyes = True
		base.read_all_repos()
		base.fill_sack(load_system_repo=True)
		pkg = base.sack.query().available().filter(name="ice-backport-dkms").latest().run()[0]
		print("resolved:", pkg, "from", pkg.reponame)
		try:
		    # The command line's progress meter: dnf's own words on a failure.
		    base.download_packages([pkg], progress=dnf.cli.progress.MultiFileProgressMeter(fo=sys.stdout))
		    print("downloaded:", pkg.localPkg())
		    res, err = base.package_signature_check(pkg)
		    if res == 1:
		        print(err)
		        base.package_import_key(pkg, askcb=lambda *a: True)
		        res, err = base.package_signature_check(pkg)
		except dnf.exceptions.Error as e:
		    print("Error:", e)
		    sys.exit(1)
		print("signature check:", "OK" if res == 0 else err)
		sys.exit(res)
	PY
}

echo "== dnf $(/usr/bin/dnf --version | head -n 1): the repository"
dnf_root good
dnfc good dnf-install.log install ice-backport-dkms
cat "$tmp/dnf-install.log"
grep -q "Fingerprint: $(echo "$fprA" | sed 's/..../& /g; s/ $//')" "$tmp/dnf-install.log" ||
	fail "dnf did not import key A for the repository metadata"
grep -q "nothing provides dkms needed by $nvr.noarch" "$tmp/dnf-install.log" ||
	fail "dnf did not resolve $nvr in the repository (exit $rc)"
[ "$rc" != 0 ] || fail "dnf installed $nvr without dkms"
echo "dnf: metadata verified with key A, $nvr resolved; stops at its dependencies (dkms, /bin/sh), as it must here"
dnf_fetch good dnf-fetch.log
cat "$tmp/dnf-fetch.log"
[ "$rc" = 0 ] || fail "dnf could not download and verify $nvr"
grep -q "signature check: OK" "$tmp/dnf-fetch.log" || fail "dnf did not say the signature is good"

echo "== dnf: controls"
dnf_root unsigned
dnfc unsigned dnf-unsigned.log install ice-backport-dkms
refused dnf-unsigned.log 'GPG signature is not available' "an unsigned repomd.xml (dnf)"
dnf_root otherkey
dnfc otherkey dnf-otherkey.log install ice-backport-dkms
refused dnf-otherkey.log 'repomd.xml GPG signature verification error|Bad GPG signature|signature verification' \
	"a repomd.xml signed by another key (dnf)"
dnf_root mixed
dnf_fetch mixed dnf-mixed.log
refused dnf-mixed.log 'Public key for .* is not installed|GPG check FAILED' "a package signed by another key (dnf)"
dnf_root tampered
dnf_fetch tampered dnf-tampered.log
refused dnf-tampered.log "checksum doesn't match" "a tampered package (dnf)"

# ---------------------------------------------------------------- zypper
# zyp_root NAME: an empty root with make repo's .repo of NAME and the
# repository's key trusted, as a fleet's configuration does it.
zyp_root() {
	z=$tmp/zypper-$1
	mkdir -p "$z/etc/zypp/repos.d"
	cp "$www/$1/clients/ice-backport.repo" "$z/etc/zypp/repos.d/"
	rpm --root "$z" --initdb
	rpm --root "$z" --import "$www/good/ice-backport.asc" || fail "rpm --import of key A failed"
}
zyp() {
	n=$1 l=$2
	shift 2
	rc=0
	zypper --root "$tmp/zypper-$n" --non-interactive "$@" >"$tmp/$l" 2>&1 || rc=$?
}
zyp_cached() {
	find "$tmp/zypper-$1/var/cache/zypp/packages" -name '*.rpm' 2>/dev/null
}

echo "== $(zypper --version): the repository"
zyp_root good
zyp good zyp-refresh.log refresh
cat "$tmp/zyp-refresh.log"
[ "$rc" = 0 ] || fail "zypper refresh failed"
zyp good zyp-install.log install ice-backport-dkms
cat "$tmp/zyp-install.log"
grep -q "nothing provides '*[a-z/]*'* needed by $nvr.noarch" "$tmp/zyp-install.log" ||
	fail "zypper did not resolve $nvr in the repository (exit $rc)"
[ "$rc" != 0 ] || fail "zypper installed $nvr without its dependencies"
zyp good zyp-download.log download ice-backport-dkms
cat "$tmp/zyp-download.log"
[ -n "$(zyp_cached good)" ] || fail "zypper did not download $nvr"
echo "zypper: metadata verified, $nvr resolved, downloaded and its signature checked: $(zyp_cached good)"

echo "== zypper: controls"
zyp_root unsigned
zyp unsigned zyp-unsigned.log refresh
refused zyp-unsigned.log "is unsigned" "an unsigned repomd.xml (zypper)"
zyp_root otherkey
zyp otherkey zyp-otherkey.log refresh
refused zyp-otherkey.log "[Ss]ignature verification failed|public key is not available|unknown key|not trusted" \
	"a repomd.xml signed by another key (zypper)"
last16=$(echo "${fprB#????????????????????????}" | tr '[:lower:]' '[:upper:]')
grep -q "$last16" "$tmp/zyp-otherkey.log" || fail "zypper does not name key B ($last16) as the unknown one"
zyp_root mixed
zyp mixed zyp-mixed-refresh.log refresh || true
zyp mixed zyp-mixed.log download ice-backport-dkms
# zypper download exits 0 when it aborts a package: its words and the
# missing file tell.
[ -z "$(zyp_cached mixed)" ] && rc=1
refused zyp-mixed.log "Signature verification failed" "a package signed by another key (zypper)"
zyp_root tampered
zyp tampered zyp-tampered-refresh.log refresh || true
zyp tampered zyp-tampered.log download ice-backport-dkms
[ -z "$(zyp_cached tampered)" ] && rc=1
refused zyp-tampered.log "[Dd]igest|checksum|Checksum" "a tampered package (zypper)"

# ---------------------------------------------------------------- the tree
echo "== the same tree for the same packages, key, URL and date"
publish same1 "$http/same" --date 2026-12-01 "$deb" "$rpm"
publish same2 "$http/same" --date 2026-12-01 "$rpm" "$deb"
diff -r "$www/same1" "$www/same2" || fail "two runs with the same inputs differ"
echo "same tree twice: $(tree_hash "$www/same1")"
publish other-date "$http/same" --date 2026-12-02 "$deb" "$rpm"
diff -rq "$www/same1" "$www/other-date" >/dev/null && fail "another date gave the same tree: the comparison proves nothing"
echo "another date, another tree: $(tree_hash "$www/other-date")"
gpgv --keyring "$tmp/keyA/pubring.kbx" "$www/same1/apt/dists/trixie/InRelease" 2>&1 | grep -q 'Good signature' ||
	fail "InRelease is not signed by key A"
gpgv --keyring "$tmp/keyA/pubring.kbx" "$www/same1/rpm/repodata/repomd.xml.asc" "$www/same1/rpm/repodata/repomd.xml" 2>&1 |
	grep -q 'Good signature' || fail "repomd.xml.asc is not key A's signature of repomd.xml"
rpmkeys --root "$tmp/zypper-good" -K "$www"/same1/rpm/packages/*.rpm | tee "$tmp/rpmk.txt"
grep -q 'digests signatures OK' "$tmp/rpmk.txt" || fail "rpm does not find the package signed"

echo "== the key"
copy=$(repo_copy)
mkdir -p "$copy/build"
cp "$deb" "$rpm" "$copy/build/"
env -u ICE_BP_REPO_GNUPGHOME -u ICE_BP_REPO_KEY ICE_BP_TOPDIR="$copy" "$copy/scripts/package/repo" \
	--date 2026-12-01 "$copy/build" >"$tmp/throwaway1.log" 2>&1 || { cat "$tmp/throwaway1.log"; fail "make repo without a key failed"; }
cat "$tmp/throwaway1.log"
grep -q "WARNING: signing with the THROWAWAY key in $copy/build/repo-key" "$tmp/throwaway1.log" ||
	fail "make repo did not say loudly that it signed with a throwaway key"
h1=$(tree_hash "$copy/build/repo")
env -u ICE_BP_REPO_GNUPGHOME -u ICE_BP_REPO_KEY ICE_BP_TOPDIR="$copy" "$copy/scripts/package/repo" \
	--date 2026-12-01 "$copy/build" >"$tmp/throwaway2.log" 2>&1 || { cat "$tmp/throwaway2.log"; fail "the second run failed"; }
[ "$(tree_hash "$copy/build/repo")" = "$h1" ] || fail "the throwaway key was not reused: another tree"
grep -q "repo: made just now here" "$tmp/throwaway1.log" || fail "the first run does not say it made the key"
grep -q "repo: made earlier here" "$tmp/throwaway2.log" || fail "the second run does not say the key is the earlier one"
gpgconf --homedir "$copy/build/repo-key" --kill gpg-agent 2>/dev/null || true
echo "throwaway key made once, said loudly, reused: same tree $h1"
cp -a "$tmp/keyA" "$tmp/keyAB"
gpg --homedir "$tmp/keyB" --batch --export-secret-keys "$fprB" 2>/dev/null | gpg --homedir "$tmp/keyAB" --batch --import 2>/dev/null
gpgconf --homedir "$tmp/keyB" --kill gpg-agent 2>/dev/null || true
expect_fail "$tmp/k1" "holds 2 secret keys, not one" env ICE_BP_REPO_GNUPGHOME="$tmp/keyAB" ICE_BP_REPO_KEY= \
	"$top/scripts/package/repo" --out "$tmp/k1.out" "$deb"
ICE_BP_REPO_GNUPGHOME=$tmp/keyAB ICE_BP_REPO_KEY=$fprB "$top/scripts/package/repo" --out "$tmp/k2.out" "$deb" >/dev/null 2>&1 ||
	fail "ICE_BP_REPO_KEY does not pick one key of two"
gpgv --keyring "$tmp/keyB/pubring.kbx" "$tmp/k2.out/apt/dists/trixie/InRelease" 2>/dev/null || fail "ICE_BP_REPO_KEY=B did not sign with B"
gpgconf --homedir "$tmp/keyAB" --kill gpg-agent 2>/dev/null || true
expect_fail "$tmp/k3" "no secret key 'nosuchkey'" env ICE_BP_REPO_GNUPGHOME="$tmp/keyA" ICE_BP_REPO_KEY=nosuchkey \
	"$top/scripts/package/repo" --out "$tmp/k3.out" "$deb"
expect_fail "$tmp/k4" "cannot sign for that date" env ICE_BP_REPO_GNUPGHOME="$tmp/keyA" ICE_BP_REPO_KEY= \
	"$top/scripts/package/repo" --out "$tmp/k4.out" --date 2019-06-01 "$deb"
expect_fail "$tmp/k5" "is not a date" env ICE_BP_REPO_GNUPGHOME="$tmp/keyA" \
	"$top/scripts/package/repo" --out "$tmp/k5.out" --date not-a-date "$deb"

echo "== README.md quotes the files make repo writes"
# The tree an operator gets: the default URL.
ICE_BP_REPO_GNUPGHOME=$tmp/keyA "$top/scripts/package/repo" --out "$www/readme" "$deb" "$rpm" >"$tmp/readme.log" 2>&1 ||
	{ cat "$tmp/readme.log"; fail "make repo with the default URL failed"; }
"$top/scripts/package/repo-readme" --check "$www/readme" || fail "README.md's snippets are not make repo's"
grep -c '^<!-- BEGIN repo-snippet:' "$top/README.md" | grep -qx '[3-9]' || fail "README.md quotes fewer than 3 of make repo's files"
cp "$top/README.md" "$tmp/README.md"
sed -i '/^<!-- BEGIN repo-snippet:clients\/ice-backport.repo -->$/,/END/ s/^repo_gpgcheck=1$/repo_gpgcheck=0/' "$tmp/README.md"
cmp -s "$top/README.md" "$tmp/README.md" && fail "the control did not change README.md's copy"
expect_fail "$tmp/r1" "out of date" env ICE_BP_README="$tmp/README.md" "$top/scripts/package/repo-readme" --check "$www/readme"
