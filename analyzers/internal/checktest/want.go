package checktest

import (
	"cmp"
	"fmt"
	"go/token"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"text/scanner"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
)

// An expectation is one thing a "// want" comment expects on its line: a
// diagnostic, or a fact of the object named (of the package, for
// "package").
type expectation struct {
	fact string // "" for a diagnostic
	rx   *regexp.Regexp
}

func (e expectation) kind() string {
	if e.fact == "" {
		return "diagnostic"
	}
	return "fact"
}

// A line is where an expectation applies.
type line struct {
	file string
	line int
}

// checkExpectations reports to t what the action found that no comment of
// its package expects, and what the comments expect that it did not find.
func checkExpectations(t Testing, act *checker.Action) {
	t.Helper()
	want := expectations(t, act)
	found := func(posn token.Position, fact, message string) {
		t.Helper()
		at := line{posn.Filename, posn.Line}
		var tried []string
		for i, e := range want[at] {
			if e.fact != fact {
				continue
			}
			if e.rx.MatchString(message) {
				want[at] = slices.Delete(want[at], i, i+1)
				return
			}
			tried = append(tried, fmt.Sprintf("%#q", e.rx))
		}
		kind := expectation{fact: fact}.kind()
		if tried == nil {
			t.Errorf("%v: unexpected %s: %s", posn, kind, message)
		} else {
			t.Errorf("%v: %s %q does not match pattern %s", posn, kind, message, strings.Join(tried, " or "))
		}
	}
	pkg := act.Package
	for _, d := range act.Diagnostics {
		found(pkg.Fset.Position(d.Pos), "", d.Message)
	}
	for _, f := range act.AllPackageFacts() {
		if f.Package == pkg.Types && len(pkg.Syntax) > 0 {
			posn := pkg.Fset.Position(pkg.Syntax[0].Pos())
			posn.Line, posn.Column = 1, 1
			found(posn, "package", fmt.Sprint(f))
		}
	}
	facts := act.AllObjectFacts()
	slices.SortFunc(facts, func(a, b analysis.ObjectFact) int { return cmp.Compare(a.Object.Pos(), b.Object.Pos()) })
	for _, f := range facts {
		if f.Object.Pkg() == pkg.Types {
			found(pkg.Fset.Position(f.Object.Pos()), f.Object.Name(), fmt.Sprint(f.Fact))
		}
	}
	var unmet []string
	for at, es := range want {
		for _, e := range es {
			unmet = append(unmet, fmt.Sprintf("%s:%d: no %s was reported matching %#q", at.file, at.line, e.kind(), e.rx))
		}
	}
	slices.Sort(unmet)
	for _, u := range unmet {
		t.Errorf("%s", u)
	}
}

// expectations reads the "// want" comments of the action's package: in
// its Go files' comments, and in the lines of its other files.
func expectations(t Testing, act *checker.Action) map[line][]expectation {
	t.Helper()
	want := make(map[line][]expectation)
	add := func(posn token.Position, text string) {
		t.Helper()
		// A comment about a comment ("//mcplint:ignore ... // want ...")
		// expects from its "// want" on.
		if i := strings.Index(text, "// want"); i >= 0 {
			text = text[i+len("// "):]
		}
		rest, ok := strings.CutPrefix(strings.TrimSpace(text), "want")
		if !ok {
			return
		}
		delta, es, err := parseWant(rest)
		if err != nil {
			t.Errorf("%s:%d: in 'want' comment: %v", posn.Filename, posn.Line, err)
			return
		}
		if es != nil {
			at := line{posn.Filename, posn.Line + delta}
			want[at] = append(want[at], es...)
		}
	}
	pkg := act.Package
	for _, f := range pkg.Syntax {
		for _, group := range f.Comments {
			for _, c := range group.List {
				text, ok := strings.CutPrefix(c.Text, "//")
				if !ok {
					text = strings.TrimSuffix(strings.TrimPrefix(c.Text, "/*"), "*/")
				}
				add(pkg.Fset.Position(c.Pos()), text)
			}
		}
	}
	for _, name := range pkg.OtherFiles {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Errorf("reading the 'want' comments of %s: %v", name, err)
			continue
		}
		for i, text := range strings.Split(string(data), "\n") {
			if _, comment, ok := strings.Cut(text, "//"); ok {
				add(token.Position{Filename: name, Line: i + 1}, comment)
			}
		}
	}
	return want
}

// parseWant parses what follows "want" in a comment: an optional "+N"
// (the line N below), then Go string literals (diagnostics) and
// name:literal pairs (facts), each literal a regular expression.
func parseWant(text string) (delta int, es []expectation, err error) {
	var s scanner.Scanner
	s.Init(strings.NewReader(text))
	s.Mode = scanner.ScanIdents | scanner.ScanStrings | scanner.ScanRawStrings | scanner.ScanInts
	var scanErr error
	s.Error = func(_ *scanner.Scanner, msg string) { scanErr = fmt.Errorf("%s", msg) }
	regexpAt := func(tok rune) (*regexp.Regexp, error) {
		if tok != scanner.String && tok != scanner.RawString {
			return nil, fmt.Errorf("got %s, want a regular expression", scanner.TokenString(tok))
		}
		pattern, err := strconv.Unquote(s.TokenText())
		if err != nil {
			return nil, err
		}
		return regexp.Compile(pattern)
	}
	for {
		switch tok := s.Scan(); tok {
		case scanner.EOF:
			return delta, es, scanErr
		case '+':
			if s.Scan() != scanner.Int {
				return 0, nil, fmt.Errorf("got +%s, want +N", s.TokenText())
			}
			delta, _ = strconv.Atoi(s.TokenText())
		case scanner.String, scanner.RawString:
			rx, err := regexpAt(tok)
			if err != nil {
				return 0, nil, err
			}
			es = append(es, expectation{rx: rx})
		case scanner.Ident:
			name := s.TokenText()
			if next := s.Scan(); next != ':' {
				return 0, nil, fmt.Errorf("got %s after %s, want ':'", scanner.TokenString(next), name)
			}
			rx, err := regexpAt(s.Scan())
			if err != nil {
				return 0, nil, err
			}
			es = append(es, expectation{fact: name, rx: rx})
		default:
			return 0, nil, fmt.Errorf("unexpected %s", scanner.TokenString(tok))
		}
	}
}
