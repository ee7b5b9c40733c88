#!/usr/bin/env bash
# Makes Neovim available without installing it: Debian's neovim package and
# the libraries it needs that the system lacks are downloaded (apt-get
# download, which needs no root) and unpacked (dpkg-deb -x) into
# .cache/neovim/ (git-ignored); nothing outside it changes. Prints the path
# of a nvim wrapper that runs the unpacked binary with its libraries and
# runtime files.
#
#   scripts/install-neovim.sh        # -> .../.cache/neovim/VERSION/nvim
#
# If nvim is on PATH, it prints that instead. The package list is the
# system's (/var/lib/apt/lists) when it knows neovim; otherwise apt-get
# update fetches one into .cache/neovim/apt/ (the system's sources, its
# lists untouched). Needs a Debian-based system (apt-get, dpkg-deb).
set -euo pipefail
cd "$(dirname "$0")/.."
cache=$PWD/.cache/neovim

if command -v nvim >/dev/null; then
	command -v nvim
	exit 0
fi
if ! command -v apt-get >/dev/null || ! command -v dpkg-deb >/dev/null; then
	echo "install-neovim: nvim is not on PATH, and this is not a Debian-based system (no apt-get, dpkg-deb)" >&2
	exit 1
fi
mkdir -p "$cache"

# apt-get as any user, writing only under $cache (its caches and logs,
# such as the planner's log of a simulated install): no lock, no sandbox
# user (it could not write there), the system's status file read only.
apt=(apt-get -q -o Debug::NoLocking=1 -o APT::Sandbox::User="$(id -un)"
	-o Dir::Cache="$cache/apt/cache" -o Dir::Cache::pkgcache= -o Dir::Cache::srcpkgcache=
	-o Dir::Log="$cache/apt/log")
own_lists=(-o Dir::State::Lists="$cache/apt/lists")

# plan LISTS...: the packages (name=version) that installing neovim would
# add to this system, or nothing if the lists do not know neovim.
plan() {
	"${apt[@]}" "$@" -s install --no-install-recommends neovim 2>/dev/null |
		sed -n 's/^Inst \([^ ]*\) (\([^ ]*\) .*/\1=\2/p'
}

mkdir -p "$cache/apt/cache/archives/partial" "$cache/apt/log"
lists=()
pkgs=$(plan)
if [ -z "$pkgs" ]; then
	echo "install-neovim: the system's package lists do not know neovim; fetching lists into $cache/apt" >&2
	mkdir -p "$cache/apt/lists/partial"
	"${apt[@]}" "${own_lists[@]}" update >&2
	lists=("${own_lists[@]}")
	pkgs=$(plan "${lists[@]}")
fi
version=$(sed -n 's/^neovim=//p' <<<"$pkgs")
if [ -z "$version" ]; then
	echo "install-neovim: apt-get knows no neovim package" >&2
	exit 1
fi
dest=$cache/$version
if [ ! -x "$dest/nvim" ]; then
	echo "install-neovim: unpacking neovim $version and $(($(wc -l <<<"$pkgs") - 1)) libraries into $dest" >&2
	staging=$(mktemp -d "$cache/.staging.XXXXXX")
	trap 'rm -rf "$staging"' EXIT
	# shellcheck disable=SC2086 # one package a word
	(cd "$staging" && "${apt[@]}" "${lists[@]}" download $pkgs >&2)
	for deb in "$staging"/*.deb; do
		dpkg-deb -x "$deb" "$staging/root"
	done
	triplet=$(gcc -dumpmachine 2>/dev/null || echo x86_64-linux-gnu)
	cat >"$staging/root/nvim" <<WRAP
#!/bin/sh
# Neovim $version, unpacked by scripts/install-neovim.sh.
root=\$(cd "\$(dirname "\$0")" && pwd)
export LD_LIBRARY_PATH="\$root/usr/lib/$triplet:\$root/lib/$triplet\${LD_LIBRARY_PATH:+:\$LD_LIBRARY_PATH}"
export VIM="\$root/usr/share/nvim" VIMRUNTIME="\$root/usr/share/nvim/runtime"
exec "\$root/usr/bin/nvim" "\$@"
WRAP
	chmod +x "$staging/root/nvim"
	"$staging/root/nvim" --version | head -1 >&2
	mv -T "$staging/root" "$dest" 2>/dev/null || [ -x "$dest/nvim" ]
fi
echo "$dest/nvim"
