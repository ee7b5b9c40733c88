// Package docs_test checks the Go code of README.md and docs/: every block
// that claims to be complete, by starting with a package clause, compiles
// against this repository, and a complete MCP server (package main) shuts
// down cleanly when its client goes away; every other block type-checks as
// a fragment (fragments_test.go); the lists of analyzers are those of
// analyzers.All() (analyzers_test.go); and the README's tool-directive
// set-up works as written (readme_tool_test.go).
package docs_test

import (
	"bufio"
	"context"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcplint/mcplint/internal/stdiotest"
)

// root is the repository's directory
// (go test runs a test in its package's directory, which is one below;
// runtime.Caller would name a relative file under -trimpath).
var root = func() string {
	dir, err := filepath.Abs("..")
	if err != nil {
		panic(err)
	}
	return dir
}()

// A block is one ```go fenced block of a Markdown file.
type block struct {
	file string // relative to the root
	line int    // of its first line of code
	code string
}

func (b block) String() string { return fmt.Sprintf("%s:%d", b.file, b.line) }

// complete reports whether the block claims to be a whole file: its first
// line of code is a package clause.
func (b block) complete() bool {
	for _, l := range strings.Split(b.code, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			return strings.HasPrefix(l, "package ")
		}
	}
	return false
}

// goBlocks returns the ```go blocks of the Markdown file path.
func goBlocks(t *testing.T, path string) []block {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rel, _ := filepath.Rel(root, path)
	var (
		blocks []block
		cur    *block
		code   strings.Builder
	)
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case cur == nil && strings.TrimSpace(line) == "```go":
			cur = &block{file: filepath.ToSlash(rel), line: n + 1}
			code.Reset()
		case cur != nil && strings.TrimSpace(line) == "```":
			cur.code = code.String()
			blocks = append(blocks, *cur)
			cur = nil
		case cur != nil:
			code.WriteString(line + "\n")
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if cur != nil {
		t.Errorf("%s: the go block is not closed", cur)
	}
	return blocks
}

// markdown returns README.md and the Markdown files under docs/.
func markdown(t *testing.T) []string {
	files := []string{filepath.Join(root, "README.md")}
	err := filepath.WalkDir(filepath.Join(root, "docs"), func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".md") {
			files = append(files, p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func TestCompleteBlocksCompile(t *testing.T) {
	if testing.Short() {
		t.Skip("builds every complete block")
	}
	t.Parallel()
	var complete []block
	for _, f := range markdown(t) {
		for _, b := range goBlocks(t, f) {
			if b.complete() {
				complete = append(complete, b)
			}
		}
	}
	// docs/runtime.md's complete example, at least.
	if len(complete) == 0 {
		t.Fatal("no complete Go block in README.md or docs/")
	}
	gosum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range complete {
		t.Run(b.String(), func(t *testing.T) {
			dir := t.TempDir()
			// The repository's go.sum covers what the block may import:
			// mcplint and its dependencies.
			gomod := fmt.Sprintf("module example.com/doc\n\ngo 1.25.0\n\nrequire github.com/mcplint/mcplint v0.0.0\n\nreplace github.com/mcplint/mcplint => %s\n", root)
			for name, data := range map[string]string{"go.mod": gomod, "go.sum": string(gosum), "doc.go": b.code} {
				if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o666); err != nil {
					t.Fatal(err)
				}
			}
			bin := filepath.Join(dir, "doc.bin")
			cmd := exec.Command("go", "build", "-o", bin, ".")
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOSUMDB=off", "GOWORK=off")
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("the complete block at %s does not compile: %v\n%s", b, err, out)
			}
			if !strings.Contains(b.code, "mcp.StdioTransport") {
				return
			}
			// A server over stdio: it must serve, and exit 0 when the
			// client goes away.
			stdiotest.Session(t, bin, func(ctx context.Context, cs *mcp.ClientSession) {
				if _, err := cs.ListTools(ctx, nil); err != nil {
					t.Errorf("tools/list: %v", err)
				}
			})
		})
	}
}
