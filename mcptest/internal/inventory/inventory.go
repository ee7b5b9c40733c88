// Package inventory lists the files of the analyzers' testdata that write
// the 2026-07-28 flow by hand, and says for each which of its handlers the
// test kit runs and why the rest are not run. The kit's tests (both SDKs)
// read it: package mcptest's TestInventory runs the handlers, each in its
// own testdata module, and states the static verdict (the fixture's
// `// want` comments, which the analyzers' tests check) beside the
// dynamic one (the rules the kit reports); the tests that run copies of
// fixtures check their static verdicts against it.
package inventory

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// Import paths of the two SDKs' mcp packages.
const (
	GoSDK = "github.com/modelcontextprotocol/go-sdk/mcp"
	MCPGo = "github.com/mark3labs/mcp-go/mcp"
	// MCPGoServer is mcp-go's server package.
	MCPGoServer = "github.com/mark3labs/mcp-go/server"
)

// Kind is a tool handler's signature.
type Kind int

const (
	// Typed is go-sdk's mcp.ToolHandlerFor: (ctx, *CallToolRequest, In)
	// (*CallToolResult, Out, error), registered with mcp.AddTool.
	Typed Kind = iota + 1
	// Raw is go-sdk's mcp.ToolHandler, registered with Server.AddTool.
	Raw
	// Func is mcp-go's server.ToolHandlerFunc.
	Func
	// Legacy is a go-sdk confirmation on an older session, (ctx,
	// *ServerSession, string) error, run in a handler that passes its
	// request's session and its one string argument.
	Legacy
	// LegacyMCPGo is the same on mcp-go, (ctx, *server.MCPServer, string)
	// error, passed the server it is registered on.
	LegacyMCPGo
)

// Handler is a top-level function of a fixture file with a tool handler's
// signature.
type Handler struct {
	Name string
	Kind Kind
	// Positive says a `// want` diagnostic lies in the function's body: the
	// file's analyzer reports it.
	Positive bool
}

// Expect is what the kit is known to do with a handler, when that is not
// "it reports the file's analyzer's rule exactly when the analyzer does".
type Expect struct {
	// CaughtAs is the rule the kit reports a positive under, when not the
	// analyzer's (a handler that never asks has no question to decline,
	// but an answer sent unasked changes its outcome: statereach).
	CaughtAs string
	// Unchecked says why the kit cannot check the handler at all: it
	// reports it under "mcptest" (a malformed result, a call that does not
	// complete).
	Unchecked string
	// Disagree says why the kit's verdict differs from the analyzer's (a
	// kit miss, a kit false positive, or what the analyzer cannot see); the
	// test fails once they agree.
	Disagree string
	// ReportedIn names the helper whose body holds the analyzer's
	// diagnostic for this handler (the question it builds, the request it
	// sends): the handler's static verdict is positive.
	ReportedIn string
	// Either says why the verdict depends on the clock, so either is
	// accepted.
	Either string
}

// Entry is one file.
type Entry struct {
	// Run: the kit runs the file's handlers, but those in NotRun.
	Run bool
	// Args are the arguments every handler of the file is called with.
	Args map[string]any
	// Legacy: the file's confirmations on older sessions (Legacy,
	// LegacyMCPGo) are run too, each in a handler of its own; Args then
	// holds their one string argument.
	Legacy bool
	// Outcomes: the file's rows in failopen's outcome table
	// (analyzers/failopen/outcomes_test.go) state its static verdicts and
	// the outcomes that reach the effect, which the kit checks at run time.
	Outcomes bool
	// FS: the handlers' side effect is on files named by the string
	// arguments, relative to the working directory; the kit's effect
	// probe watches that directory.
	FS bool
	// Keys are question keys the handlers read without asking them in
	// the call (the kit's Tool.Keys): the kit sends stand-in answers under
	// them.
	Keys []string
	// NotRun says, by handler, why the kit does not run it.
	NotRun map[string]string
	// Expect holds the handlers whose dynamic verdict is not simply the
	// static one.
	Expect map[string]Expect
	// Reason says why the file's handlers are not run (when Run is false),
	// or why the file's other functions are not handlers the kit can call.
	Reason string
}

// Analyzer is the analyzer whose testdata holds file (its first element).
func Analyzer(file string) string {
	a, _, _ := strings.Cut(file, "/")
	return a
}

// Module is the testdata module directory that holds file (each analyzer's
// folder is a Go module of its own).
func Module(file string) string { return Analyzer(file) }

// Package is the directory of file's package, relative to its module.
func Package(file string) string {
	_, rest, _ := strings.Cut(filepath.ToSlash(filepath.Dir(file)), "/")
	return rest
}

// Handlers returns the top-level functions of the file at path with a
// tool handler's signature, recognised by the SDK's import path, each
// with its static verdict; with legacy, the confirmations on older
// sessions too.
func Handlers(path string, legacy bool) ([]Handler, error) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
	if err != nil {
		return nil, err
	}
	imports := map[string]string{} // local name -> path
	for _, im := range file.Imports {
		p, err := strconv.Unquote(im.Path.Value)
		if err != nil {
			continue
		}
		name := p[strings.LastIndex(p, "/")+1:]
		if im.Name != nil {
			name = im.Name.Name
		}
		imports[name] = p
	}
	wants := Wanted(fset, file)
	var out []Handler
	for _, d := range file.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Recv != nil || fd.Body == nil || fd.Type.TypeParams != nil {
			continue
		}
		if k := kind(fd.Type, imports); k != 0 && (legacy || (k != Legacy && k != LegacyMCPGo)) {
			out = append(out, Handler{Name: fd.Name.Name, Kind: k, Positive: wants[fd.Name.Name]})
		}
	}
	return out, nil
}

// kind is the handler signature ft has, or 0.
func kind(ft *ast.FuncType, imports map[string]string) Kind {
	params, results := fields(ft.Params), fields(ft.Results)
	if len(params) < 2 || !isSel(params[0], "context", "Context", imports) {
		return 0
	}
	star, isStar := params[1].(*ast.StarExpr)
	switch {
	case isStar && isSel(star.X, GoSDK, "CallToolRequest", imports) && isResult(results, 0, GoSDK, imports):
		switch {
		case len(params) == 3 && len(results) == 3:
			return Typed
		case len(params) == 2 && len(results) == 2:
			return Raw
		}
	case isSel(params[1], MCPGo, "CallToolRequest", imports) && len(params) == 2 && len(results) == 2 && isResult(results, 0, MCPGo, imports):
		return Func
	case isStar && len(params) == 3 && isString(params[2]) && len(results) == 1 && isError(results[0]):
		switch {
		case isSel(star.X, GoSDK, "ServerSession", imports):
			return Legacy
		case isSel(star.X, MCPGoServer, "MCPServer", imports):
			return LegacyMCPGo
		}
	}
	return 0
}

func isResult(results []ast.Expr, i int, pkg string, imports map[string]string) bool {
	if len(results) <= i {
		return false
	}
	star, ok := results[i].(*ast.StarExpr)
	return ok && isSel(star.X, pkg, "CallToolResult", imports)
}

func isString(e ast.Expr) bool { id, ok := e.(*ast.Ident); return ok && id.Name == "string" }

func isError(e ast.Expr) bool { id, ok := e.(*ast.Ident); return ok && id.Name == "error" }

// fields lists a field list's types, one per name.
func fields(fl *ast.FieldList) []ast.Expr {
	if fl == nil {
		return nil
	}
	var out []ast.Expr
	for _, f := range fl.List {
		for range max(1, len(f.Names)) {
			out = append(out, f.Type)
		}
	}
	return out
}

// isSel says whether e is pkg.name, pkg an import path.
func isSel(e ast.Expr, pkg, name string, imports map[string]string) bool {
	sel, ok := e.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != name {
		return false
	}
	id, ok := sel.X.(*ast.Ident)
	return ok && imports[id.Name] == pkg
}

// Wanted maps each function declared in file to whether a `// want`
// diagnostic (not a fact: `// want name:"..."`) lies in its body.
func Wanted(fset *token.FileSet, file *ast.File) map[string]bool {
	out := map[string]bool{}
	for _, d := range file.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body == nil {
			continue
		}
		want := false
		for _, cg := range file.Comments {
			for _, c := range cg.List {
				if c.Pos() > fd.Body.Lbrace && c.End() < fd.Body.Rbrace && isDiagnostic(c.Text) {
					want = true
				}
			}
		}
		out[fd.Name.Name] = want
	}
	return out
}

// isDiagnostic says whether comment is a `// want` of a diagnostic: its
// expectations are quoted patterns, where a fact's are name:"...".
func isDiagnostic(comment string) bool {
	rest, ok := strings.CutPrefix(strings.TrimSpace(strings.TrimPrefix(comment, "//")), "want ")
	if !ok {
		return false
	}
	rest = strings.TrimSpace(rest)
	return strings.HasPrefix(rest, "`") || strings.HasPrefix(rest, `"`)
}

// HandWritten lists the files under root (testdata/src), recall left out,
// that write the flow by hand, slash-separated and relative to root.
func HandWritten(root string) ([]string, error) {
	var out []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "recall" {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, api := range []string{"InputResponses", "InputRequests", "NewInputRequestBuilder"} {
			if strings.Contains(string(b), api) {
				rel, err := filepath.Rel(root, path)
				if err != nil {
					return err
				}
				out = append(out, filepath.ToSlash(rel))
				break
			}
		}
		return nil
	})
	sort.Strings(out)
	return out, err
}

// Static returns the static verdict of fn in file (relative to root):
// whether a `// want` diagnostic lies in its body. The tests that run
// copies of fixtures check their verdicts with it; file must be in Files.
func Static(root, file, fn string) (positive bool, err error) {
	if _, ok := Files[file]; !ok {
		return false, fmt.Errorf("testdata/src/%s is not in the inventory", file)
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, filepath.Join(root, filepath.FromSlash(file)), nil, parser.ParseComments)
	if err != nil {
		return false, err
	}
	wants := Wanted(fset, f)
	positive, ok := wants[fn]
	if !ok {
		return false, fmt.Errorf("testdata/src/%s: no function %s", file, fn)
	}
	return positive, nil
}

// Runs lists the handlers of file the kit runs: its handlers but those
// NotRun names.
func Runs(root, file string) ([]Handler, error) {
	e := Files[file]
	if !e.Run {
		return nil, nil
	}
	hs, err := Handlers(filepath.Join(root, filepath.FromSlash(file)), e.Legacy)
	if err != nil {
		return nil, err
	}
	return slices.DeleteFunc(hs, func(h Handler) bool { _, skip := e.NotRun[h.Name]; return skip }), nil
}
