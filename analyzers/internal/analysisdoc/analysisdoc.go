// Package analysisdoc reads an analyzer's Doc from the package doc comment
// of its doc.go, so that the text is written once, the way the analyzers
// of golang.org/x/tools are documented.
//
// The doc comment holds a section
//
//	# Analyzer name
//
//	name: one-line title
//
//	details...
//
// which runs to the next heading or to the end of the comment; its text,
// without the "name: " prefix, is the Doc.
package analysisdoc

import (
	"fmt"
	"go/parser"
	"go/token"
	"strings"
)

// MustExtract returns the Doc of analyzer name from content, the source
// of a doc.go file. It panics if the file does not document the analyzer:
// a malformed doc.go is a programming error, found by any test.
func MustExtract(content, name string) string {
	doc, err := Extract(content, name)
	if err != nil {
		panic(err)
	}
	return doc
}

// Extract returns the Doc of analyzer name from content.
func Extract(content, name string) (string, error) {
	f, err := parser.ParseFile(token.NewFileSet(), "doc.go", content, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil {
		return "", fmt.Errorf("analysisdoc: %v", err)
	}
	if f.Doc == nil {
		return "", fmt.Errorf("analysisdoc: doc.go has no package doc comment")
	}
	heading := "# Analyzer " + name
	_, rest, ok := strings.Cut(f.Doc.Text(), heading+"\n")
	if !ok {
		return "", fmt.Errorf("analysisdoc: no %q section in the package doc comment", heading)
	}
	if i := strings.Index(rest, "\n# "); i >= 0 {
		rest = rest[:i]
	}
	rest = strings.TrimSpace(rest)
	title, ok := strings.CutPrefix(rest, name+": ")
	if !ok {
		return "", fmt.Errorf("analysisdoc: section %q does not start with %q", heading, name+": ")
	}
	return title, nil
}
