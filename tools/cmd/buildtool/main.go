// Command buildtool builds golangci-lint or gopls with mcplint inside, and
// copies the binary to OUT.
//
//	go -C tools run ./cmd/buildtool golangci-lint OUT
//	go -C tools run ./cmd/buildtool gopls OUT
//
// Both builds share one shape: a build directory under .cache/TOOL/
// (git-ignored) holds a main module that requires mcplint with a replace
// by the checkout; everything else comes from the Go module proxy (or the
// module cache: with GOPROXY=off it builds offline once the modules are
// cached). The binary is cached by a hash of mcplint's Go sources, go.mod,
// go.sum, this command's sources, the tool's version and the Go version,
// so a repeated run with nothing changed only copies it. One build at a
// time runs per tool and checkout.
//
// golangci-lint: what `golangci-lint custom` does, without its git clone of
// golangci-lint (these machines cannot reach GitHub): a tiny main module
// calls github.com/golangci/golangci-lint/v2/pkg/commands.Execute, exactly
// like golangci-lint's own cmd/golangci-lint/main.go, and blank-imports
// github.com/mcplint/mcplint/golangci. Its version is
// 2.15.0-mcplint-HASH, which also keys golangci-lint's own result cache,
// so a rebuilt plugin never sees stale findings. 75-140 s on 2 cores the
// first time.
//
// gopls: gopls cannot load third-party analyzers (golang/go#59869); its
// maintainers' advice is to rebuild it. buildtool copies gopls's module
// source from the module cache, adds one file to its internal/settings
// package that appends mcplint's analyzers (analyzers.All) to
// settings.AllAnalyzers (the file's text is zz_mcplint.go.txt here), and
// builds. gopls keeps its own golang.org/x/tools pin, which must not be
// older than mcplint's. Its version (gopls version) is
// v0.24.0+mcplint.HASH. gopls v0.24.0 needs Go 1.27: its build runs with
// GOTOOLCHAIN=go1.27.3 (the table toolchains), which the go command
// fetches like a module (73 MB, seconds) the first time; 210 s on 2 busy
// cores the first time (the standard library compiled by that Go
// included). GOPLS_VERSION=v0.23.0 builds the previous gopls with the
// local Go (30-180 s): mcplint's golang.org/x/tools requirement stays at
// or below v0.23.0's pin (v0.47.1-pre) so that it keeps building.
//
// The analyzers' flags in that gopls are read, when it starts, from the
// environment variable MCPLINT_FLAGS, written as on mcplint's command line
// (MCPLINT_FLAGS='-resolvegraph.budget=5'); a gopls whose flags differ
// from the defaults uses a cache directory of its own,
// $GOPLSCACHE/gopls-mcplint-HASH. Each analyzer can be turned off like any
// gopls analyzer, with the gopls setting "analyses": {"resolvemix": false}.
//
// Both need Go 1.26 or newer (their go directives), gopls v0.24.0 Go
// 1.27; the toolchain is the local one, or the one toolchains names,
// unless GOTOOLCHAIN says otherwise.
//
// Environment: GOLANGCI_LINT_VERSION (default v2.15.0), GOPLS_VERSION
// (default v0.24.0), GOTOOLCHAIN (default: local, or go1.27.3 for gopls
// v0.24.0).
package main

import (
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/mcplint/mcplint/tools/internal/repo"
)

// A tool is one of the binaries buildtool builds.
type tool struct {
	name       string
	versionEnv string
	version    string // the default
	// prepare writes the main module to build into work (the build
	// directory) and returns the directory of that module and the go
	// build flags beyond -o.
	prepare func(b *build) (dir string, flags []string, err error)
}

// A build is one build of a tool.
type build struct {
	root, work    string // the checkout; the build directory
	version, hash string
}

var tools = map[string]tool{
	"golangci-lint": {"golangci-lint", "GOLANGCI_LINT_VERSION", "v2.15.0", prepareGolangciLint},
	"gopls":         {"gopls", "GOPLS_VERSION", "v0.24.0", prepareGopls},
}

// toolchains are the Go toolchains that builds of a tool's version need
// when the local Go is too old for them: gopls v0.24.0 says "go 1.27".
// The go command fetches that toolchain from the module proxy like a
// module (GOTOOLCHAIN); only the tool's build uses it, mcplint's own
// module stays on the Go its go.mod names. GOTOOLCHAIN, when set, wins.
var toolchains = map[string]string{
	"gopls v0.24.0": "go1.27.3",
}

func main() {
	if len(os.Args) != 3 || tools[os.Args[1]].name == "" {
		fmt.Fprintln(os.Stderr, "usage: buildtool golangci-lint|gopls OUT")
		os.Exit(2)
	}
	if err := run(tools[os.Args[1]], os.Args[2]); err != nil {
		fmt.Fprintf(os.Stderr, "buildtool %s: %v\n", os.Args[1], err)
		os.Exit(1)
	}
}

func run(t tool, out string) error {
	out, err := filepath.Abs(out)
	if err != nil {
		return err
	}
	root, err := repo.Root()
	if err != nil {
		return err
	}
	version := os.Getenv(t.versionEnv)
	if version == "" {
		version = t.version
	}
	os.Setenv("GOWORK", "off")
	os.Setenv("GOFLAGS", "-mod=mod -buildvcs=false")
	if os.Getenv("GOTOOLCHAIN") == "" {
		toolchain := toolchains[t.name+" "+version]
		if toolchain == "" {
			toolchain = "local"
		}
		os.Setenv("GOTOOLCHAIN", toolchain)
	}
	self, err := selfHash(root)
	if err != nil {
		return err
	}
	hash, err := repo.SourceHash(root, self, t.name+" "+version+" "+os.Getenv("GOTOOLCHAIN"))
	if err != nil {
		return err
	}
	cache, err := repo.Cache(root, t.name)
	if err != nil {
		return err
	}
	bin := filepath.Join(cache, "bin", t.name+"-"+hash)
	unlock, err := repo.Lock(filepath.Join(cache, "lock"))
	if err != nil {
		return err
	}
	defer unlock()
	if _, err := os.Stat(bin); err != nil {
		if err := buildInto(t, bin, &build{root: root, version: version, hash: hash}, cache); err != nil {
			return err
		}
	}
	return repo.CopyFile(bin, out)
}

// buildInto builds t into bin, and removes the tool's other cached builds.
func buildInto(t tool, bin string, b *build, cache string) error {
	fmt.Fprintf(os.Stderr, "building %s %s with mcplint (hash %s)\n", t.name, b.version, b.hash)
	start := time.Now()
	work, err := os.MkdirTemp(cache, "build.")
	if err != nil {
		return err
	}
	defer repo.RemoveAll(work)
	b.work = work
	dir, flags, err := t.prepare(b)
	if err != nil {
		return err
	}
	built := filepath.Join(work, t.name+".bin")
	if err := goCmd(dir, append(append([]string{"build"}, flags...), "-o", built, ".")...); err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(bin), 0o777); err != nil {
		return err
	}
	if err := os.Rename(built, bin); err != nil {
		return err
	}
	old, _ := filepath.Glob(filepath.Join(filepath.Dir(bin), t.name+"-*"))
	for _, o := range old {
		if o != bin {
			os.Remove(o)
		}
	}
	fmt.Fprintf(os.Stderr, "built %s in %.0f s\n", t.name, time.Since(start).Seconds())
	return nil
}

// selfHash hashes this command's own sources, so that a change to how a
// tool is built rebuilds it.
func selfHash(root string) (string, error) {
	files, err := filepath.Glob(filepath.Join(root, "tools", "cmd", "buildtool", "*"))
	if err != nil {
		return "", err
	}
	var all string
	for _, f := range files {
		h, err := repo.FileHash(f)
		if err != nil {
			return "", err
		}
		all += h + "\n"
	}
	return all, nil
}
