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
	"strings"
)

// MustExtract is Extract for an analyzer's Doc, which panics on error.
func MustExtract(content, name string) string {
	doc, err := Extract(content, name)
	if err != nil {
		panic(err)
	}
	return doc
}

// Extract returns the Doc of analyzer name from the source of its doc.go.
//
// It reads the package doc comment (the // lines right above the package
// clause; a doc.go has no /* */ comments) as go/ast's CommentGroup.Text
// would, with string operations
// only: every analysis process, go vet's one per package included,
// initializes each analyzer, and parsing eight doc files with go/parser
// there cost more than some small packages' whole analysis.
func Extract(content, name string) (string, error) {
	heading := "# Analyzer " + name
	_, rest, ok := strings.Cut(docText(content), heading+"\n")
	if !ok {
		if !strings.Contains(content, "\npackage ") && !strings.HasPrefix(content, "package ") {
			return "", fmt.Errorf("analysisdoc: doc.go has no package clause")
		}
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

// isDirective reports whether a comment line is one that
// CommentGroup.Text leaves out: //go:embed and other tool directives
// (//name:x, name of lower-case letters and digits), //line, //extern,
// //export.
func isDirective(line string) bool {
	c, ok := strings.CutPrefix(line, "//")
	if !ok {
		return false
	}
	for _, p := range []string{"line ", "extern ", "export "} {
		if strings.HasPrefix(c, p) {
			return true
		}
	}
	name, rest, ok := strings.Cut(c, ":")
	if !ok || name == "" || rest == "" || !lowerAlnum(rest[0]) {
		return false
	}
	for i := 0; i < len(name); i++ {
		if !lowerAlnum(name[i]) {
			return false
		}
	}
	return true
}

func lowerAlnum(b byte) bool { return 'a' <= b && b <= 'z' || '0' <= b && b <= '9' }

// docText returns the text of the package doc comment of a Go source: the
// line comments right above the package clause, without their markers,
// the first space of each line, trailing spaces, directives, and leading
// and trailing blank lines, with runs of blank lines reduced to one.
func docText(src string) string {
	lines := strings.Split(src, "\n")
	clause := -1
	for i, l := range lines {
		if strings.HasPrefix(l, "package ") {
			clause = i
			break
		}
	}
	first := clause
	for first > 0 && strings.HasPrefix(lines[first-1], "//") {
		first--
	}
	var out []string
	for _, l := range lines[max(first, 0):max(clause, 0)] {
		if isDirective(l) {
			continue
		}
		l = strings.TrimPrefix(strings.TrimPrefix(l, "//"), " ")
		l = strings.TrimRight(l, " \t\r")
		if l == "" && (len(out) == 0 || out[len(out)-1] == "") {
			continue
		}
		out = append(out, l)
	}
	for len(out) > 0 && out[len(out)-1] == "" {
		out = out[:len(out)-1]
	}
	if len(out) == 0 {
		return ""
	}
	return strings.Join(out, "\n") + "\n"
}
