package main

import (
	_ "embed"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"

	"golang.org/x/mod/modfile"

	"github.com/mcplint/mcplint/internal/modcopy"
)

// mcplintSettings is the file added to gopls's internal/settings package.
//
//go:embed zz_mcplint.go.txt
var mcplintSettings []byte

// allAnalyzersHook is the declaration in gopls's internal/settings that the
// added file appends to.
var allAnalyzersHook = regexp.MustCompile(`(?m)^var AllAnalyzers = `)

// prepareGopls copies gopls's module source, adds mcplint's analyzers to
// it, and requires mcplint from the checkout.
func prepareGopls(b *build) (string, []string, error) {
	module := "golang.org/x/tools/gopls@" + b.version
	src, err := modcopy.Download(module)
	if err != nil {
		return "", nil, err
	}
	dir := filepath.Join(b.work, "gopls")
	if err := os.CopyFS(dir, os.DirFS(src)); err != nil {
		return "", nil, err
	}
	settings := filepath.Join(dir, "internal", "settings")
	analysis, err := os.ReadFile(filepath.Join(settings, "analysis.go"))
	if err != nil {
		return "", nil, err
	}
	if !allAnalyzersHook.Match(analysis) {
		return "", nil, fmt.Errorf("gopls %s: internal/settings has no 'var AllAnalyzers', the hook this build uses", b.version)
	}
	if err := os.WriteFile(filepath.Join(settings, "zz_mcplint.go"), mcplintSettings, 0o666); err != nil {
		return "", nil, err
	}
	want, err := requiredVersion(filepath.Join(src, "go.mod"), "golang.org/x/tools")
	if err != nil {
		return "", nil, err
	}
	if err := goCmd(dir, "mod", "edit", "-require=github.com/mcplint/mcplint@v0.0.0", "-replace=github.com/mcplint/mcplint="+b.root); err != nil {
		return "", nil, err
	}
	if err := goCmd(dir, "mod", "tidy"); err != nil {
		return "", nil, err
	}
	// gopls must keep its own golang.org/x/tools: mcplint's must not be newer.
	got, err := exec.Command("go", "-C", dir, "list", "-m", "-f", "{{.Version}}", "golang.org/x/tools").Output()
	if err != nil {
		return "", nil, fmt.Errorf("go list -m golang.org/x/tools: %v", err)
	}
	if want != "" && strings.TrimSpace(string(got)) != want {
		return "", nil, fmt.Errorf("gopls %s pins golang.org/x/tools %s, but the build selects %s: "+
			"mcplint's go.mod requires a newer golang.org/x/tools than gopls can build with",
			b.version, want, strings.TrimSpace(string(got)))
	}
	return dir, []string{"-trimpath", "-ldflags=-s -w -X main.version=" + b.version + "+mcplint." + b.hash}, nil
}

// requiredVersion returns the version of module that the go.mod file
// requires, or "".
func requiredVersion(gomod, module string) (string, error) {
	data, err := os.ReadFile(gomod)
	if err != nil {
		return "", err
	}
	f, err := modfile.ParseLax(gomod, data, nil)
	if err != nil {
		return "", err
	}
	for _, r := range f.Require {
		if r.Mod.Path == module {
			return r.Mod.Version, nil
		}
	}
	return "", nil
}

// goCmd runs the go command in dir, its output on stderr.
func goCmd(dir string, args ...string) error {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Stdout = os.Stderr
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("go %s in %s: %v", strings.Join(args, " "), dir, err)
	}
	return nil
}
