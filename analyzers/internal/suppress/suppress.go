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
// analyzer, or an analyzer mcplint does not have, and (on request) one
// that suppressed nothing, are reported by the analyzer
// github.com/mcplint/mcplint/analyzers/suppress, which runs after all the
// others: [Parsed.Suppressed] tells it what each directive suppressed.
package suppress

import (
	"fmt"
	"go/ast"
	"go/token"
	"reflect"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
)

// Prefix starts a suppression directive.
const Prefix = "//mcplint:ignore"

// Category is the category of diagnostics about directives.
const Category = "directive"

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

// Analyzer parses the directives of a package once, for all of mcplint's
// analyzers: each one that requires it reads them through [New]. Its
// result is a *Parsed, which parses on first use: go vet runs the
// analyzers on every dependency, where all of them bail out before they
// report anything.
var Analyzer = &analysis.Analyzer{
	Name:       "mcplintdirectives",
	Doc:        "parse the //mcplint:ignore directives of a package",
	Run:        func(pass *analysis.Pass) (any, error) { return &Parsed{files: pass.Files}, nil },
	ResultType: reflect.TypeFor[*Parsed](),
}

// Parsed is the result of [Analyzer]: the directives of a package, parsed
// on the first call of Directives, and what each suppressed. The
// analyzers of a package share it, and may run at the same time.
type Parsed struct {
	files []*ast.File
	once  sync.Once
	ds    *Directives

	mu         sync.Mutex
	suppressed map[*ast.Comment]map[string]bool // analyzer names, by directive
}

// Suppressed reports whether the directive c suppressed a diagnostic of
// the analyzer name. It is complete once every analyzer that name calls
// has run on the package.
func (p *Parsed) Suppressed(c *ast.Comment, name string) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.suppressed[c][name]
}

// record notes that the directive c suppressed a diagnostic of name.
func (p *Parsed) record(c *ast.Comment, name string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.suppressed == nil {
		p.suppressed = map[*ast.Comment]map[string]bool{}
	}
	if p.suppressed[c] == nil {
		p.suppressed[c] = map[string]bool{}
	}
	p.suppressed[c][name] = true
}

// Directives returns the directives of the package.
func (p *Parsed) Directives() *Directives {
	p.once.Do(func() { p.ds = parse(p.files) })
	return p.ds
}

// Directives are the directives of a package.
type Directives struct {
	// All lists every directive, in file order.
	All []Directive
	// Docs are the declarations whose doc comment holds a directive.
	Docs []DocDirective
}

// A DocDirective is a directive in the doc comment of a declaration.
type DocDirective struct {
	Directive
	Decl ast.Node
}

func parse(files []*ast.File) *Directives {
	ds := new(Directives)
	for _, f := range files {
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				if d, ok := Parse(c); ok {
					ds.All = append(ds.All, d)
				}
			}
		}
		doc := func(cg *ast.CommentGroup, n ast.Node) {
			if cg == nil {
				return
			}
			for _, c := range cg.List {
				if d, ok := Parse(c); ok {
					ds.Docs = append(ds.Docs, DocDirective{d, n})
				}
			}
		}
		for _, decl := range f.Decls {
			switch decl := decl.(type) {
			case *ast.FuncDecl:
				doc(decl.Doc, decl)
			case *ast.GenDecl:
				doc(decl.Doc, decl)
				for _, spec := range decl.Specs {
					switch spec := spec.(type) {
					case *ast.TypeSpec:
						doc(spec.Doc, spec)
					case *ast.ValueSpec:
						doc(spec.Doc, spec)
					}
				}
			}
		}
	}
	return ds
}

// A Reporter reports the diagnostics of one analyzer, except those that a
// directive suppresses and exact duplicates.
type Reporter struct {
	pass     *analysis.Pass
	parsed   *Parsed // where to record what is suppressed, or nil
	reported map[reportKey]bool
	at       map[token.Pos]bool // positions reported by ReportOnce
	name     string
	lines    map[lineKey][]*ast.Comment // lines where this analyzer is suppressed, and by which directives
	docs     []span                     // declarations where it is suppressed
}

type reportKey struct {
	pos      token.Pos
	category string
	message  string
}

type lineKey struct {
	file string
	line int
}

// A span is a declaration whose doc comment has a directive.
type span struct {
	pos, end  token.Pos
	directive *ast.Comment
}

// New returns a Reporter for pass.Analyzer. It reads the directives that
// [Analyzer] parsed, if pass.Analyzer requires it, or else parses them, and
// reports those that are malformed and concern this analyzer.
func New(pass *analysis.Pass) *Reporter {
	r := &Reporter{pass: pass, name: pass.Analyzer.Name, lines: make(map[lineKey][]*ast.Comment), reported: make(map[reportKey]bool), at: make(map[token.Pos]bool)}
	var ds *Directives
	if p, ok := pass.ResultOf[Analyzer].(*Parsed); ok {
		r.parsed = p
		ds = p.Directives()
	} else {
		ds = parse(pass.Files)
	}
	for _, d := range ds.All {
		if r.check(d) {
			pos := pass.Fset.Position(d.Comment.Slash)
			for _, line := range []int{pos.Line, pos.Line + 1} {
				k := lineKey{pos.Filename, line}
				r.lines[k] = append(r.lines[k], d.Comment)
			}
		}
	}
	for _, d := range ds.Docs {
		if d.Reason != "" && slices.Contains(d.Names, r.name) && !slices.ContainsFunc(r.docs, func(s span) bool { return s.pos == d.Decl.Pos() }) {
			r.docs = append(r.docs, span{d.Decl.Pos(), d.Decl.End(), d.Comment})
		}
	}
	return r
}

// check reports what is wrong with d that concerns this analyzer, and
// reports whether d suppresses it.
func (r *Reporter) check(d Directive) bool {
	if !slices.Contains(d.Names, r.name) {
		return false
	}
	if d.Reason == "" {
		r.pass.Report(analysis.Diagnostic{Pos: d.Comment.Pos(), End: d.Comment.End(), Category: Category,
			Message: fmt.Sprintf("mcplint:ignore directive for %s gives no reason, so it suppresses nothing; write %s %s <reason>", r.name, Prefix, r.name)})
		return false
	}
	return true
}

// suppressing returns the directives that suppress a diagnostic at pos.
func (r *Reporter) suppressing(pos token.Pos) []*ast.Comment {
	p := r.pass.Fset.Position(pos)
	by := slices.Clone(r.lines[lineKey{p.Filename, p.Line}])
	for _, s := range r.docs {
		if s.pos <= pos && pos < s.end {
			by = append(by, s.directive)
		}
	}
	return by
}

// Report reports d unless a directive suppresses it or the same
// diagnostic (position, category, message) was reported already.
func (r *Reporter) Report(d analysis.Diagnostic) {
	k := reportKey{d.Pos, d.Category, d.Message}
	if r.reported[k] {
		return
	}
	if by := r.suppressing(d.Pos); len(by) > 0 {
		for _, c := range by {
			if r.parsed != nil {
				r.parsed.record(c, r.name)
			}
		}
		return
	}
	r.reported[k] = true
	r.pass.Report(d)
}

// ReportOnce reports d unless a directive suppresses it or ReportOnce
// reported a diagnostic at its position already: for a rule that states
// one finding per place even when it has found several reasons.
func (r *Reporter) ReportOnce(d analysis.Diagnostic) {
	if r.at[d.Pos] {
		return
	}
	r.at[d.Pos] = true
	r.Report(d)
}

// ReportfOnce is [Reporter.ReportOnce] of a diagnostic spanning n.
func (r *Reporter) ReportfOnce(n ast.Node, category, format string, args ...any) {
	r.ReportOnce(analysis.Diagnostic{Pos: n.Pos(), End: n.End(), Category: category, Message: fmt.Sprintf(format, args...)})
}

// Reportf reports a diagnostic of the given category spanning n, unless a
// directive suppresses it.
func (r *Reporter) Reportf(n ast.Node, category, format string, args ...any) {
	r.Report(analysis.Diagnostic{Pos: n.Pos(), End: n.End(), Category: category, Message: fmt.Sprintf(format, args...)})
}
