// Package debian makes a Debian package available without installing it:
// the package and the libraries it needs that the system lacks are
// downloaded with apt-get download (no root) and unpacked with dpkg-deb -x
// into a directory of the checkout's cache; nothing outside it changes.
package debian

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/mcplint/mcplint/tools/internal/repo"
)

// inst is a line of apt-get's simulated install: "Inst NAME (VERSION ...".
var inst = regexp.MustCompile(`(?m)^Inst (\S+) \((\S+) `)

// An Unpacked package is a directory holding the files of a package and of
// the libraries it needs, as dpkg-deb -x lays them out (usr/bin, usr/lib).
type Unpacked struct {
	Dir     string
	Version string // the package's version, as apt-get names it
	// LibPath is the LD_LIBRARY_PATH value under which its programs find
	// the unpacked libraries, with $root standing for Dir.
	LibPath string
}

// Unpack unpacks pkg into cache/VERSION, or returns the directory an
// earlier run unpacked. finish runs on the staging directory before it
// becomes the result, to add wrappers and check that the program runs. The
// package list is the system's when it knows pkg; otherwise apt-get update
// fetches one into cache/apt/ (the system's sources, its lists untouched).
func Unpack(cache, pkg string, finish func(u Unpacked) error) (Unpacked, error) {
	for _, p := range []string{"apt-get", "dpkg-deb"} {
		if _, err := exec.LookPath(p); err != nil {
			return Unpacked{}, fmt.Errorf("this is not a Debian-based system (no %s)", p)
		}
	}
	for _, d := range []string{"apt/cache/archives/partial", "apt/log"} {
		if err := os.MkdirAll(filepath.Join(cache, d), 0o777); err != nil {
			return Unpacked{}, err
		}
	}
	user, err := exec.Command("id", "-un").Output()
	if err != nil {
		return Unpacked{}, fmt.Errorf("id -un: %v", err)
	}
	// apt-get as any user, writing only under the cache (its caches and
	// logs): no lock, no sandbox user (it could not write there), the
	// system's status file read only.
	apt := []string{"-q", "-o", "Debug::NoLocking=1", "-o", "APT::Sandbox::User=" + strings.TrimSpace(string(user)),
		"-o", "Dir::Cache=" + filepath.Join(cache, "apt", "cache"), "-o", "Dir::Cache::pkgcache=", "-o", "Dir::Cache::srcpkgcache=",
		"-o", "Dir::Log=" + filepath.Join(cache, "apt", "log")}
	ownLists := []string{"-o", "Dir::State::Lists=" + filepath.Join(cache, "apt", "lists")}

	// plan returns the packages (name=version) that installing pkg would
	// add to this system, and pkg's version, or none if the lists do not
	// know pkg.
	plan := func(lists []string) (pkgs []string, version string) {
		out, _ := exec.Command("apt-get", concat(apt, lists, []string{"-s", "install", "--no-install-recommends", pkg})...).Output()
		for _, m := range inst.FindAllStringSubmatch(string(out), -1) {
			pkgs = append(pkgs, m[1]+"="+m[2])
			if m[1] == pkg {
				version = m[2]
			}
		}
		return pkgs, version
	}
	var lists []string
	pkgs, version := plan(nil)
	if version == "" {
		fmt.Fprintf(os.Stderr, "the system's package lists do not know %s; fetching lists into %s\n", pkg, filepath.Join(cache, "apt"))
		if err := os.MkdirAll(filepath.Join(cache, "apt", "lists", "partial"), 0o777); err != nil {
			return Unpacked{}, err
		}
		if err := stderrRun("", "apt-get", concat(apt, ownLists, []string{"update"})...); err != nil {
			return Unpacked{}, err
		}
		lists = ownLists
		if pkgs, version = plan(lists); version == "" {
			return Unpacked{}, fmt.Errorf("apt-get knows no %s package", pkg)
		}
	}
	triplet := "x86_64-linux-gnu"
	if t, err := exec.Command("gcc", "-dumpmachine").Output(); err == nil {
		triplet = strings.TrimSpace(string(t))
	}
	libPath := fmt.Sprintf("$root/usr/lib/%[1]s:$root/lib/%[1]s", triplet)
	// A version such as 5:7.0.15-1~deb12u7 would put a colon, the list
	// separator, into LD_LIBRARY_PATH.
	dest := filepath.Join(cache, strings.NewReplacer(":", "_", "~", "_").Replace(version))
	err = repo.InstallDir(dest, func(out string) error {
		fmt.Fprintf(os.Stderr, "unpacking %s %s and %d libraries into %s\n", pkg, version, len(pkgs)-1, dest)
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
		return finish(Unpacked{Dir: out, Version: version, LibPath: libPath})
	})
	return Unpacked{Dir: dest, Version: version, LibPath: libPath}, err
}

func concat(parts ...[]string) []string {
	var all []string
	for _, p := range parts {
		all = append(all, p...)
	}
	return all
}

// stderrRun runs a program in dir (the current directory if ""), its
// output on stderr: stdout is the command's answer.
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
