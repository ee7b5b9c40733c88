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
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/mcplint/mcplint/tools/internal/debian"
	"github.com/mcplint/mcplint/tools/internal/repo"
)

func main() {
	nvim, err := run()
	if err != nil {
		fmt.Fprintf(os.Stderr, "installneovim: %v\n", err)
		os.Exit(1)
	}
	fmt.Println(nvim)
}

func run() (string, error) {
	if p, err := exec.LookPath("nvim"); err == nil {
		return p, nil
	}
	root, err := repo.Root()
	if err != nil {
		return "", err
	}
	cache, err := repo.Cache(root, "neovim")
	if err != nil {
		return "", err
	}
	u, err := debian.Unpack(cache, "neovim", func(u debian.Unpacked) error {
		wrapper := fmt.Sprintf(`#!/bin/sh
# Neovim %s, unpacked by mcplint's tools/cmd/installneovim.
root=$(cd "$(dirname "$0")" && pwd)
export LD_LIBRARY_PATH="%s${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export VIM="$root/usr/share/nvim" VIMRUNTIME="$root/usr/share/nvim/runtime"
exec "$root/usr/bin/nvim" "$@"
`, u.Version, u.LibPath)
		nvim := filepath.Join(u.Dir, "nvim")
		if err := os.WriteFile(nvim, []byte(wrapper), 0o755); err != nil {
			return err
		}
		v, err := exec.Command(nvim, "--version").Output()
		if err != nil {
			return fmt.Errorf("the unpacked nvim does not run: %v", err)
		}
		first, _, _ := strings.Cut(string(v), "\n")
		fmt.Fprintln(os.Stderr, first)
		return nil
	})
	if err != nil {
		return "", err
	}
	return filepath.Join(u.Dir, "nvim"), nil
}
