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
	"regexp"
	"strings"

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

// inst is a line of apt-get's simulated install: "Inst NAME (VERSION ...".
var inst = regexp.MustCompile(`(?m)^Inst (\S+) \((\S+) `)

func run() (string, error) {
	if p, err := exec.LookPath("nvim"); err == nil {
		return p, nil
	}
	for _, p := range []string{"apt-get", "dpkg-deb"} {
		if _, err := exec.LookPath(p); err != nil {
			return "", fmt.Errorf("nvim is not on PATH, and this is not a Debian-based system (no %s)", p)
		}
	}
	root, err := repo.Root()
	if err != nil {
		return "", err
	}
	cache, err := repo.Cache(root, "neovim")
	if err != nil {
		return "", err
	}
	for _, d := range []string{"apt/cache/archives/partial", "apt/log"} {
		if err := os.MkdirAll(filepath.Join(cache, d), 0o777); err != nil {
			return "", err
		}
	}
	user, err := exec.Command("id", "-un").Output()
	if err != nil {
		return "", fmt.Errorf("id -un: %v", err)
	}
	// apt-get as any user, writing only under the cache (its caches and
	// logs, such as the planner's log of a simulated install): no lock, no
	// sandbox user (it could not write there), the system's status file
	// read only.
	apt := []string{"-q", "-o", "Debug::NoLocking=1", "-o", "APT::Sandbox::User=" + strings.TrimSpace(string(user)),
		"-o", "Dir::Cache=" + filepath.Join(cache, "apt", "cache"), "-o", "Dir::Cache::pkgcache=", "-o", "Dir::Cache::srcpkgcache=",
		"-o", "Dir::Log=" + filepath.Join(cache, "apt", "log")}
	ownLists := []string{"-o", "Dir::State::Lists=" + filepath.Join(cache, "apt", "lists")}

	// plan returns the packages (name=version) that installing neovim
	// would add to this system, and neovim's version, or none if the lists
	// do not know neovim.
	plan := func(lists []string) (pkgs []string, version string) {
		out, _ := exec.Command("apt-get", concat(apt, lists, []string{"-s", "install", "--no-install-recommends", "neovim"})...).Output()
		for _, m := range inst.FindAllStringSubmatch(string(out), -1) {
			pkgs = append(pkgs, m[1]+"="+m[2])
			if m[1] == "neovim" {
				version = m[2]
			}
		}
		return pkgs, version
	}
	var lists []string
	pkgs, version := plan(nil)
	if version == "" {
		fmt.Fprintf(os.Stderr, "installneovim: the system's package lists do not know neovim; fetching lists into %s\n", filepath.Join(cache, "apt"))
		if err := os.MkdirAll(filepath.Join(cache, "apt", "lists", "partial"), 0o777); err != nil {
			return "", err
		}
		if err := stderrRun("", "apt-get", concat(apt, ownLists, []string{"update"})...); err != nil {
			return "", err
		}
		lists = ownLists
		if pkgs, version = plan(lists); version == "" {
			return "", fmt.Errorf("apt-get knows no neovim package")
		}
	}
	dest := filepath.Join(cache, version)
	nvim := filepath.Join(dest, "nvim")
	err = repo.InstallDir(dest, func(out string) error {
		fmt.Fprintf(os.Stderr, "installneovim: unpacking neovim %s and %d libraries into %s\n", version, len(pkgs)-1, dest)
		staging := filepath.Dir(out)
		if err := stderrRun(staging, "apt-get", concat(apt, lists, append([]string{"download"}, pkgs...))...); err != nil {
			return err
		}
		debs, _ := filepath.Glob(filepath.Join(staging, "*.deb"))
		for _, deb := range debs {
			if err := stderrRun("", "dpkg-deb", "-x", deb, out); err != nil {
				return err
			}
		}
		triplet := "x86_64-linux-gnu"
		if t, err := exec.Command("gcc", "-dumpmachine").Output(); err == nil {
			triplet = strings.TrimSpace(string(t))
		}
		wrapper := fmt.Sprintf(`#!/bin/sh
# Neovim %s, unpacked by mcplint's tools/cmd/installneovim.
root=$(cd "$(dirname "$0")" && pwd)
export LD_LIBRARY_PATH="$root/usr/lib/%[2]s:$root/lib/%[2]s${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export VIM="$root/usr/share/nvim" VIMRUNTIME="$root/usr/share/nvim/runtime"
exec "$root/usr/bin/nvim" "$@"
`, version, triplet)
		if err := os.WriteFile(filepath.Join(out, "nvim"), []byte(wrapper), 0o755); err != nil {
			return err
		}
		v, err := exec.Command(filepath.Join(out, "nvim"), "--version").Output()
		if err != nil {
			return fmt.Errorf("the unpacked nvim does not run: %v", err)
		}
		first, _, _ := strings.Cut(string(v), "\n")
		fmt.Fprintln(os.Stderr, first)
		return nil
	})
	return nvim, err
}

func concat(parts ...[]string) []string {
	var all []string
	for _, p := range parts {
		all = append(all, p...)
	}
	return all
}

// stderrRun runs a program in dir (the current directory if ""), its
// output on stderr: stdout is this command's answer.
func stderrRun(dir, name string, args ...string) error {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Stdout = os.Stderr
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s %s: %v", name, strings.Join(args, " "), err)
	}
	return nil
}
