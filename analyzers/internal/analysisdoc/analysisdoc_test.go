package analysisdoc

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"testing"
)

func TestExtract(t *testing.T) {
	const src = `// Package x defines an Analyzer.
//
// # Analyzer x
//
// x: report things
//
// The x analyzer reports things.
//
// # Other
//
// Not part of the Doc.
package x
`
	got, err := Extract(src, "x")
	if want := "report things\n\nThe x analyzer reports things."; err != nil || got != want {
		t.Errorf("Extract = %q, %v; want %q", got, err, want)
	}
	for _, bad := range []string{"package x\n", "// Package x.\npackage x\n", "// # Analyzer x\n//\n// report things\npackage x\n"} {
		if _, err := Extract(bad, "x"); err == nil {
			t.Errorf("Extract(%q) succeeded, want an error", bad)
		}
	}
}

// TestExtractAsParsed checks Extract against go/parser's reading of the
// package doc comment, on every analyzer's doc.go.
func TestExtractAsParsed(t *testing.T) {
	files, err := filepath.Glob("../../*/doc.go")
	if err != nil || len(files) < 8 {
		t.Fatalf("doc.go files: %v, %v", files, err)
	}
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(token.NewFileSet(), file, src, parser.ParseComments|parser.PackageClauseOnly)
		if err != nil || f.Doc == nil {
			t.Fatalf("%s: %v", file, err)
		}
		if got, want := docText(string(src)), f.Doc.Text(); got != want {
			t.Errorf("%s: docText =\n%q\nwant (go/parser)\n%q", file, got, want)
		}
		name := filepath.Base(filepath.Dir(file))
		if _, err := Extract(string(src), name); err != nil {
			t.Errorf("%s: %v", file, err)
		}
	}
	for _, src := range []string{
		"// a\n//\n//\n// b  \n//go:embed x\n\n// c\npackage p\n",
		"//  two spaces\n//\tand a tab\n//\n//\npackage p\n",
		"// a\n//line x.go:1\n//export F\n//extern g\n//Go:x\n//go:\n//x:Y\n// b\npackage p\n",
	} {
		f, err := parser.ParseFile(token.NewFileSet(), "x.go", src, parser.ParseComments|parser.PackageClauseOnly)
		if err != nil {
			t.Fatal(err)
		}
		want := ""
		if f.Doc != nil {
			want = f.Doc.Text()
		}
		if got := docText(src); got != want {
			t.Errorf("docText(%q) = %q, want %q", src, got, want)
		}
	}
}
