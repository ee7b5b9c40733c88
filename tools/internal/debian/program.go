package debian

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/mcplint/mcplint/tools/internal/repo"
)

// A Program is a command that Debian's package of it provides.
type Program struct {
	Command string // the command, on PATH or in the package's usr/bin
	Package string // the Debian package that has it
	Cache   string // the directory of the checkout's cache to unpack it into
	By      string // the tool that unpacks it, named in the wrapper
	// Env holds shell lines the wrapper runs before the command, with
	// $root standing for the unpacked directory ("" for none).
	Env string
}

// Path returns the path of p.Command: the one on PATH if there is one;
// otherwise a wrapper in the unpacked package that runs its usr/bin copy
// with the unpacked libraries (and p.Env), unpacking it on first use and
// checking that it runs (its --version, whose first line goes to stderr).
func (p Program) Path() (string, error) {
	if path, err := exec.LookPath(p.Command); err == nil {
		return path, nil
	}
	root, err := repo.Root()
	if err != nil {
		return "", err
	}
	cache, err := repo.Cache(root, p.Cache)
	if err != nil {
		return "", err
	}
	u, err := Unpack(cache, p.Package, func(u Unpacked) error {
		wrapper := fmt.Sprintf(`#!/bin/sh
# %s %s, unpacked by mcplint's %s.
root=$(cd "$(dirname "$0")" && pwd)
export LD_LIBRARY_PATH="%s${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
%sexec "$root/usr/bin/%s" "$@"
`, p.Package, u.Version, p.By, u.LibPath, p.Env, p.Command)
		path := filepath.Join(u.Dir, p.Command)
		if err := os.WriteFile(path, []byte(wrapper), 0o755); err != nil {
			return err
		}
		v, err := exec.Command(path, "--version").Output()
		if err != nil {
			return fmt.Errorf("the unpacked %s does not run: %v", p.Command, err)
		}
		first, _, _ := strings.Cut(string(v), "\n")
		fmt.Fprintln(os.Stderr, first)
		return nil
	})
	if err != nil {
		return "", err
	}
	return filepath.Join(u.Dir, p.Command), nil
}
