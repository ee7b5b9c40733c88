package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// prepareGolangciLint writes the main module of golangci-lint with
// mcplint's plugin, and tidies it.
func prepareGolangciLint(b *build) (string, []string, error) {
	gomod := fmt.Sprintf(`module mcplint.local/golangci-lint

go 1.26.0

require (
	github.com/golangci/golangci-lint/v2 %s
	github.com/mcplint/mcplint v0.0.0
)

replace github.com/mcplint/mcplint => %s
`, b.version, b.root)
	main := fmt.Sprintf(`// Command golangci-lint is golangci-lint %[1]s with mcplint's module
// plugin (linter "mcplint"), built by mcplint's tools/cmd/buildtool.
package main

import (
	"fmt"
	"os"
	"runtime"

	"github.com/golangci/golangci-lint/v2/pkg/commands"
	"github.com/golangci/golangci-lint/v2/pkg/exitcodes"

	_ "github.com/mcplint/mcplint/golangci"
)

func main() {
	info := commands.BuildInfo{
		Version:   %[2]q,
		Commit:    "(mcplint plugin, source hash %[3]s)",
		GoVersion: runtime.Version(),
		Date:      "(unknown)",
	}
	if err := commands.Execute(info); err != nil {
		_, _ = fmt.Fprintf(os.Stderr, "The command is terminated due to an error: %%v\n", err)
		os.Exit(exitcodes.Failure)
	}
}
`, b.version, strings.TrimPrefix(b.version, "v")+"-mcplint-"+b.hash, b.hash)
	dir := filepath.Join(b.work, "golangci-lint")
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return "", nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(gomod), 0o666); err != nil {
		return "", nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(main), 0o666); err != nil {
		return "", nil, err
	}
	if err := goCmd(dir, "mod", "tidy"); err != nil {
		return "", nil, err
	}
	return dir, []string{"-trimpath", "-ldflags=-s -w"}, nil
}
