package main

import (
	"cmp"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"
)

// A loadError is an error loading or type-checking a package: one line of
// mcplint's output, and one entry of -json's "load-errors".
type loadError struct {
	pkg     string // the package (its ID, as -json keys it)
	Posn    string `json:"posn,omitempty"` // file:line:col, relative to the current directory when under it
	Message string `json:"message"`
}

func (e loadError) String() string {
	if e.Posn != "" {
		return e.Posn + ": " + e.Message
	}
	return e.pkg + ": " + e.Message
}

// loadJSONKey is the key of a package's load and type errors in -json
// output, beside the analyzers' keys: it cannot be an analyzer's name.
const loadJSONKey = "load-errors"

// loadErrors returns the errors of loading and type-checking pkgs and
// their dependencies, each once (a package's test variant repeats its
// errors), in package and position order.
func loadErrors(pkgs []*packages.Package) []loadError {
	pkgs = slices.Clone(pkgs)
	cwd, _ := os.Getwd()
	type key struct{ posn, msg string }
	seen := map[key]bool{}
	var errs []loadError
	slices.SortFunc(pkgs, func(a, b *packages.Package) int { return cmp.Compare(a.ID, b.ID) })
	roots := map[*packages.Package]bool{}
	for _, p := range pkgs {
		roots[p] = true
	}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		listed := slices.ContainsFunc(p.Errors, func(e packages.Error) bool {
			return e.Kind == packages.ListError && !strings.HasPrefix(e.Msg, "# ")
		})
		// A dependency's type errors, and those of a package the go
		// command could not list, follow from the errors reported
		// (a missing go.sum entry leaves imports without types): they
		// would bury the cause.
		consequence := func(e packages.Error) bool {
			return e.Kind == packages.TypeError && (!roots[p] || listed || strings.HasPrefix(e.Msg, "could not import "))
		}
		checked := slices.ContainsFunc(p.Errors, func(e packages.Error) bool { return e.Kind != packages.ListError })
		add := func(posn, msg string) {
			if posn == "-" {
				posn = ""
			} else if rel, err := filepath.Rel(cwd, posn); err == nil && !strings.HasPrefix(rel, "..") {
				posn = rel
			}
			msg = withHint(strings.ReplaceAll(msg, "\n\t", " "))
			if k := (key{posn, msg}); !seen[k] {
				seen[k] = true
				errs = append(errs, loadError{pkg: basePackage(p.ID), Posn: posn, Message: msg})
			}
		}
		for _, e := range p.Errors {
			if header, rest, ok := strings.Cut(e.Msg, "\n"); ok && strings.HasPrefix(header, "# ") {
				// The go command's build of the package (for its export
				// data): "# pkg" and its compiler's lines, which repeat
				// the parse and type errors when there are any.
				if checked {
					continue
				}
				for _, line := range strings.Split(rest, "\n") {
					file, l, c := splitPosn(strings.SplitN(line, ": ", 2)[0])
					if msg, ok := strings.CutPrefix(line, fmt.Sprintf("%s:%d:%d: ", file, l, c)); ok && l > 0 {
						add(filepath.Join(filepath.Dir(firstFile(p)), file), msg)
					} else if line = strings.TrimSpace(line); line != "" {
						add("", line)
					}
				}
				continue
			}
			if !consequence(e) {
				add(e.Pos, e.Msg)
			}
		}
	})
	return errs
}

// basePackage returns the package a test variant's ID names:
// "p [p.test]" is p.
func basePackage(id string) string {
	base, _, _ := strings.Cut(id, " [")
	return base
}

// firstFile returns a file of p, for the directory of the go command's
// relative paths, or "".
func firstFile(p *packages.Package) string {
	for _, files := range [][]string{p.GoFiles, p.CompiledGoFiles, p.OtherFiles, p.IgnoredFiles} {
		if len(files) > 0 {
			return files[0]
		}
	}
	return ""
}

// withHint adds to a load error what to do, for the errors a user can fix.
func withHint(msg string) string {
	switch {
	case strings.Contains(msg, "go mod tidy"), strings.Contains(msg, "missing go.sum entry"):
		return msg + " (the module's go.mod or go.sum is not up to date: run go mod tidy, then mcplint again)"
	case strings.Contains(msg, "go.mod file not found"), strings.Contains(msg, "does not contain main module"):
		return msg + " (run mcplint in a module: the directory of a go.mod, or below it)"
	}
	return msg
}

// cleanLoadError words an error of the go command that prevented loading
// any package: without go/packages' "err: exit status 1: stderr:"
// wrapping, and with what to do for the errors a user can fix.
func cleanLoadError(err error) string {
	msg := err.Error()
	if _, after, ok := strings.Cut(msg, "stderr: "); ok {
		msg = after
	}
	return withHint(strings.Join(strings.Fields(strings.TrimSpace(msg)), " "))
}

// printLoadErrors prints errs, one a line.
func printLoadErrors(w io.Writer, errs []loadError) {
	for _, e := range errs {
		fmt.Fprintln(w, e)
	}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
