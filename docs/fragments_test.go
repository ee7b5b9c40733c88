package docs_test

import (
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

// notCompiled is how a Go block that is not a file says, in its first
// line, that the docs test does not compile it, and why: visible to the
// reader, as "// not compiled: REASON".
var notCompiled = regexp.MustCompile(`^\s*// not compiled: \S`)

// preludeMark starts a block of declarations that every other fragment of
// its page is compiled with: the names of a page's running example, so
// that what a fragment says about them is checked too.
const preludeMark = "// Declarations the examples on this page use."

// fragmentImports are the packages a fragment may name without importing
// them: the fragment is compiled with the import of each it names.
var fragmentImports = map[string]string{
	"bytes": "bytes", "context": "context", "errors": "errors", "fmt": "fmt", "io": "io",
	"json": "encoding/json", "http": "net/http", "filepath": "path/filepath", "log": "log",
	"maps": "maps", "os": "os", "rand": "crypto/rand", "slices": "slices", "sort": "sort",
	"strconv": "strconv", "strings": "strings", "sync": "sync", "time": "time",
	"mcp":        "github.com/modelcontextprotocol/go-sdk/mcp",
	"jsonschema": "github.com/google/jsonschema-go/jsonschema",
	"resolve":    "github.com/mcplint/mcplint/runtime/resolve",
	"seal":       "github.com/mcplint/mcplint/runtime/seal",
}

// ignoredFragmentError matches the type errors a fragment has because it is
// a fragment: names it takes from the surrounding text (the guide's
// running example), variables and imports it declares to show and does
// not use, bodies it elides, and returns of a function it is a piece of.
var ignoredFragmentError = regexp.MustCompile(`^(undefined: |declared and not used|"[^"]*" imported and not used|missing return|missing function body|too many return values)`)

// fragmentSource returns a Go file for a block that is not a file: its
// declarations at the top level and its statements in function bodies, in
// package doc with the imports it names.
//
// A line that is "..." alone, the docs' elision of code, becomes a
// comment.
func fragmentSource(code, prelude string) (string, error) {
	code = regexp.MustCompile(`(?m)^(\s*)\.\.\.$`).ReplaceAllString(dedent(code), "$1// ...")
	var decls, stmts strings.Builder
	var chunk strings.Builder
	inDecl := false
	flush := func() {
		if inDecl {
			decls.WriteString(chunk.String())
		} else if strings.TrimSpace(chunk.String()) != "" {
			fmt.Fprintf(&stmts, "func _() {\n%s}\n", chunk.String())
		}
		chunk.Reset()
	}
	var comments strings.Builder
	for _, line := range strings.Split(code, "\n") {
		top := line != "" && line[0] != ' ' && line[0] != '\t' && line[0] != '}' && line[0] != ')'
		switch {
		case top && strings.HasPrefix(line, "//"):
			comments.WriteString(line + "\n")
			continue
		case top:
			decl := regexp.MustCompile(`^(func|type|var|const|import)\b`).MatchString(line)
			if decl != inDecl || decl {
				flush()
				inDecl = decl
			}
		}
		chunk.WriteString(comments.String())
		comments.Reset()
		chunk.WriteString(line + "\n")
	}
	chunk.WriteString(comments.String())
	flush()
	body := decls.String() + stmts.String() + prelude
	var imports []string
	for name, path := range fragmentImports {
		if regexp.MustCompile(`\b` + name + `\.`).MatchString(body) {
			imports = append(imports, fmt.Sprintf("%q", path))
		}
	}
	slices.Sort(imports)
	src := "package doc\n\nimport (\n" + strings.Join(imports, "\n") + "\n)\n\n" + body
	if _, err := parser.ParseFile(token.NewFileSet(), "fragment.go", src, parser.SkipObjectResolution); err != nil {
		return "", err
	}
	return src, nil
}

// dedent removes the indentation common to every line.
func dedent(code string) string {
	lines := strings.Split(strings.TrimRight(code, "\n"), "\n")
	common := ""
	for i, l := range lines {
		if strings.TrimSpace(l) == "" {
			continue
		}
		indent := l[:len(l)-len(strings.TrimLeft(l, " \t"))]
		if i == 0 || common == "" && i == firstNonEmpty(lines) || strings.HasPrefix(common, indent) {
			common = indent
		}
	}
	if common == "" {
		return code
	}
	for i, l := range lines {
		lines[i] = strings.TrimPrefix(l, common)
	}
	return strings.Join(lines, "\n") + "\n"
}

func firstNonEmpty(lines []string) int {
	for i, l := range lines {
		if strings.TrimSpace(l) != "" {
			return i
		}
	}
	return 0
}

// TestFragmentsCompile type-checks every Go block of README.md and docs/
// that is not a whole file, in a package with the imports it names: a
// fragment may use names of the text around it, but what it says itself
// must be right (a return of the wrong number of values, a call with the
// wrong arguments, a method that does not exist). A block that cannot be
// compiled so says it in its first line ("// not compiled: REASON").
func TestFragmentsCompile(t *testing.T) {
	if testing.Short() {
		t.Skip("type-checks every fragment")
	}
	t.Parallel()
	dir := t.TempDir()
	gosum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	gomod := fmt.Sprintf("module example.com/doc\n\ngo 1.25.0\n\nrequire github.com/mcplint/mcplint v0.0.0\n\nreplace github.com/mcplint/mcplint => %s\n", root)
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte(gomod), 0o666)
	os.WriteFile(filepath.Join(dir, "go.sum"), gosum, 0o666)
	byDir := map[string]block{}
	skipped := 0
	for _, f := range markdown(t) {
		blocks := goBlocks(t, f)
		prelude := ""
		for _, b := range blocks {
			if strings.HasPrefix(strings.TrimSpace(b.code), preludeMark) {
				prelude += "\n" + b.code
			}
		}
		for _, b := range blocks {
			if b.complete() {
				continue
			}
			p := prelude
			if strings.HasPrefix(strings.TrimSpace(b.code), preludeMark) {
				p = ""
			}
			if notCompiled.MatchString(b.code) {
				skipped++
				continue
			}
			src, err := fragmentSource(b.code, p)
			if err != nil {
				t.Errorf("%s: the fragment does not parse as Go declarations or statements (%v); fix it, or say in its first line why it is not compiled (// not compiled: REASON)", b, err)
				continue
			}
			pkg := fmt.Sprintf("f%d", len(byDir))
			os.MkdirAll(filepath.Join(dir, pkg), 0o777)
			if err := os.WriteFile(filepath.Join(dir, pkg, "fragment.go"), []byte(src), 0o666); err != nil {
				t.Fatal(err)
			}
			byDir[pkg] = b
		}
	}
	if len(byDir) == 0 {
		t.Fatal("no fragment in README.md or docs/")
	}
	cfg := &packages.Config{Mode: packages.LoadSyntax, Dir: dir,
		Env: append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOSUMDB=off", "GOWORK=off")}
	pkgs, err := packages.Load(cfg, "./...")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pkgs {
		b := byDir[filepath.Base(p.PkgPath)]
		for _, e := range p.Errors {
			if ignoredFragmentError.MatchString(e.Msg) || strings.HasPrefix(e.Msg, "# ") {
				// ("# pkg" is the go command's build repeating the
				// type errors.)
				continue
			}
			src, _ := os.ReadFile(filepath.Join(dir, filepath.Base(p.PkgPath), "fragment.go"))
			t.Errorf("%s: %s\n(compiled as:\n%s)", b, e.Msg, src)
		}
	}
	t.Logf("%d fragments type-checked, %d marked not compiled", len(byDir), skipped)
}

// TestFragmentSource checks how a fragment becomes a file: declarations at
// the top level, statements in a function, elisions as comments, and the
// imports of the packages it names.
func TestFragmentSource(t *testing.T) {
	t.Parallel()
	src, err := fragmentSource("  // A tool.\n  func f(ctx context.Context) error {\n  \t...\n  }\n\n  resolve.MustAddTool(s, nil, f)\n", "")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"context"`, `"github.com/mcplint/mcplint/runtime/resolve"`, "// A tool.\nfunc f(ctx context.Context) error {\n\t// ...\n}", "func _() {\nresolve.MustAddTool(s, nil, f)\n"} {
		if !strings.Contains(src, want) {
			t.Errorf("fragmentSource lacks %q:\n%s", want, src)
		}
	}
	if strings.Contains(src, `"fmt"`) {
		t.Errorf("fragmentSource imports a package the fragment does not name:\n%s", src)
	}
	if _, err := fragmentSource("func f( {\n", ""); err == nil {
		t.Error("fragmentSource accepted code that does not parse")
	}
}
