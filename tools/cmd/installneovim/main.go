// Command installneovim makes Neovim available without installing it:
// Debian's neovim package and the libraries it needs that the system lacks
// are downloaded (apt-get download, which needs no root) and unpacked
// (dpkg-deb -x) into .cache/neovim/ (git-ignored); nothing outside it
// changes. It prints the path of a nvim wrapper that runs the unpacked
// binary with its libraries and runtime files. scripts/install-neovim.sh
// runs it.
//
//	go -C tools run ./cmd/installneovim      # -> .../.cache/neovim/VERSION/nvim
//
// If nvim is on PATH, it prints that instead. The package list is the
// system's when it knows neovim; otherwise apt-get update fetches one into
// .cache/neovim/apt/ (the system's sources, its lists untouched). Needs a
// Debian-based system (apt-get, dpkg-deb).
package main

import (
	"fmt"
	"os"

	"github.com/mcplint/mcplint/tools/internal/debian"
)

var neovim = debian.Program{
	Command: "nvim",
	Package: "neovim",
	Cache:   "neovim",
	By:      "tools/cmd/installneovim",
	Env:     "export VIM=\"$root/usr/share/nvim\" VIMRUNTIME=\"$root/usr/share/nvim/runtime\"\n",
}

func main() {
	nvim, err := neovim.Path()
	if err != nil {
		fmt.Fprintf(os.Stderr, "installneovim: %v\n", err)
		os.Exit(1)
	}
	fmt.Println(nvim)
}
