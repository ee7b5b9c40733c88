// Package suppress implements mcplint's suppression directive, shared by
// all of its analyzers:
//
//	//mcplint:ignore <analyzer>[,<analyzer>...] <reason>
//
// A directive suppresses the named analyzers' diagnostics on its own line
// and on the line below it; placed in the doc comment of a declaration
// (a function, a type, a var or const block or spec), it suppresses them
// anywhere in that declaration. The reason is required: a directive
// without one suppresses nothing and is itself reported, by each analyzer
// it names, under the category "directive". A directive that names no
// analyzer, or an analyzer mcplint does not have, is reported by
// resolvegraph.
package suppress

import (
	"fmt"
	"go/ast"
	"go/token"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// Prefix starts a suppression directive.
const Prefix = "//mcplint:ignore"

// Category is the category of diagnostics about directives.
const Category = "directive"

// Names are the analyzers that a directive may name.
var Names = []string{"elicitbase", "resolvegraph", "resolvemix", "statereach"}

// orphanOwner reports directives that name no known analyzer.
const orphanOwner = "resolvegraph"

// A Directive is one parsed //mcplint:ignore comment.
type Directive struct {
	Comment *ast.Comment
	Names   []string
	Reason  string
}

// Parse parses a comment as a directive. ok is false if the comment is not
// a directive at all.
func Parse(c *ast.Comment) (d Directive, ok bool) {
	rest, ok := strings.CutPrefix(c.Text, Prefix)
	if !ok || (rest != "" && rest[0] != ' ' && rest[0] != '\t') {
		return Directive{}, false
	}
	d.Comment = c
	fields := strings.Fields(rest)
	if len(fields) > 0 {
		d.Names = strings.Split(fields[0], ",")
		d.Reason = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(rest), fields[0]))
	}
	return d, true
}

// A Reporter reports the diagnostics of one analyzer, except those that a
// directive suppresses.
type Reporter struct {
	pass  *analysis.Pass
	name  string
	lines map[lineKey]bool // lines where this analyzer is suppressed
	docs  []span           // declarations where it is suppressed
}

type lineKey struct {
	file string
	line int
}

type span struct{ pos, end token.Pos }

// New returns a Reporter for pass.Analyzer. It parses the directives of the
// pass's files and reports those that are malformed and concern this
// analyzer.
func New(pass *analysis.Pass) *Reporter {
	r := &Reporter{pass: pass, name: pass.Analyzer.Name, lines: make(map[lineKey]bool)}
	for _, f := range pass.Files {
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				d, ok := Parse(c)
				if !ok {
					continue
				}
				if r.check(d) {
					pos := pass.Fset.Position(c.Slash)
					r.lines[lineKey{pos.Filename, pos.Line}] = true
					r.lines[lineKey{pos.Filename, pos.Line + 1}] = true
				}
			}
		}
		for _, decl := range f.Decls {
			switch decl := decl.(type) {
			case *ast.FuncDecl:
				r.doc(decl.Doc, decl)
			case *ast.GenDecl:
				r.doc(decl.Doc, decl)
				for _, spec := range decl.Specs {
					switch spec := spec.(type) {
					case *ast.TypeSpec:
						r.doc(spec.Doc, spec)
					case *ast.ValueSpec:
						r.doc(spec.Doc, spec)
					}
				}
			}
		}
	}
	return r
}

// check reports what is wrong with d that concerns this analyzer, and
// reports whether d suppresses it.
func (r *Reporter) check(d Directive) bool {
	mine := slices.Contains(d.Names, r.name)
	if r.name == orphanOwner {
		if len(d.Names) == 0 {
			r.pass.Report(analysis.Diagnostic{Pos: d.Comment.Pos(), End: d.Comment.End(), Category: Category,
				Message: "mcplint:ignore directive names no analyzer; write " + Prefix + " <analyzer> <reason>"})
		}
		for _, n := range d.Names {
			if !slices.Contains(Names, n) {
				r.pass.Report(analysis.Diagnostic{Pos: d.Comment.Pos(), End: d.Comment.End(), Category: Category,
					Message: fmt.Sprintf("mcplint:ignore directive names unknown analyzer %q; known analyzers: %s", n, strings.Join(Names, ", "))})
			}
		}
	}
	if !mine {
		return false
	}
	if d.Reason == "" {
		r.pass.Report(analysis.Diagnostic{Pos: d.Comment.Pos(), End: d.Comment.End(), Category: Category,
			Message: fmt.Sprintf("mcplint:ignore directive for %s gives no reason, so it suppresses nothing; write %s %s <reason>", r.name, Prefix, r.name)})
		return false
	}
	return true
}

// doc records a declaration whose doc comment suppresses this analyzer.
func (r *Reporter) doc(cg *ast.CommentGroup, n ast.Node) {
	if cg == nil {
		return
	}
	for _, c := range cg.List {
		if d, ok := Parse(c); ok && d.Reason != "" && slices.Contains(d.Names, r.name) {
			r.docs = append(r.docs, span{n.Pos(), n.End()})
			return
		}
	}
}

// Suppressed reports whether a diagnostic at pos is suppressed.
func (r *Reporter) Suppressed(pos token.Pos) bool {
	p := r.pass.Fset.Position(pos)
	if r.lines[lineKey{p.Filename, p.Line}] {
		return true
	}
	for _, s := range r.docs {
		if s.pos <= pos && pos < s.end {
			return true
		}
	}
	return false
}

// Report reports d unless a directive suppresses it.
func (r *Reporter) Report(d analysis.Diagnostic) {
	if !r.Suppressed(d.Pos) {
		r.pass.Report(d)
	}
}

// Reportf reports a diagnostic of the given category spanning n, unless a
// directive suppresses it.
func (r *Reporter) Reportf(n ast.Node, category, format string, args ...any) {
	r.Report(analysis.Diagnostic{Pos: n.Pos(), End: n.End(), Category: category, Message: fmt.Sprintf(format, args...)})
}
