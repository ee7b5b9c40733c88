package main

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"
)

// A baseline is a file of accepted findings: mcplint -baseline=FILE
// reports only the others. An entry names a finding by its analyzer, its
// file, the function around it and its message, never its line, so that
// it survives the edits that move code; a finding that appears twice
// needs two entries. The file is text, one entry a line, sorted, so that
// a change to it reads well in a diff:
//
//	# mcplint baseline v1
//	# analyzer<TAB>file<TAB>function<TAB>message, one accepted finding a line
//	elicitbase	server/main.go	handle	ServerSession.Elicit fails on ...
//	# end
//
// "-" stands for no function (a finding outside any function body). A
// tab, newline or backslash in a field is written \t, \n or \\. The last
// line tells a whole file from a truncated one.
const (
	baselineHeader  = "# mcplint baseline v1"
	baselineComment = "# analyzer<TAB>file<TAB>function<TAB>message, one accepted finding a line; mcplint -write-baseline=FILE rewrites it"
	baselineEnd     = "# end"
	noFunction      = "-"
)

// A findingKey is what a baseline entry names of a finding.
type findingKey struct {
	analyzer, file, function, message string
}

func (f finding) key() findingKey {
	return findingKey{f.analyzer, f.fileKey, f.function, f.Message}
}

// String returns the key as a line of a baseline file.
func (k findingKey) String() string {
	fn := k.function
	if fn == "" {
		fn = noFunction
	}
	return strings.Join([]string{escapeField(k.analyzer), escapeField(k.file), escapeField(fn), escapeField(k.message)}, "\t")
}

// describe returns the key as mcplint's messages show it.
func (k findingKey) describe() string {
	where := k.file
	if k.function != "" {
		where += " (" + k.function + ")"
	}
	return fmt.Sprintf("%s: %s [%s]", where, k.message, k.analyzer)
}

var fieldEscaper = strings.NewReplacer(`\`, `\\`, "\t", `\t`, "\n", `\n`, "\r", `\r`)

func escapeField(s string) string { return fieldEscaper.Replace(s) }

// unescapeField undoes escapeField.
func unescapeField(s string) (string, error) {
	if !strings.Contains(s, `\`) {
		return s, nil
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' {
			b.WriteByte(s[i])
			continue
		}
		if i++; i == len(s) {
			return "", errors.New(`a field ends with a lone \`)
		}
		switch s[i] {
		case '\\':
			b.WriteByte('\\')
		case 't':
			b.WriteByte('\t')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		default:
			return "", fmt.Errorf(`unknown escape \%c (a field may contain \\, \t, \n, \r)`, s[i])
		}
	}
	return b.String(), nil
}

// A baselineEntry is one line of a baseline file.
type baselineEntry struct {
	findingKey
	line int
}

// readBaseline reads the baseline file name. Every error names the file
// and the line: a file that is not a baseline, or is truncated, or has an
// entry mcplint cannot read is never taken for an empty one.
func readBaseline(name string, as []*analysis.Analyzer) ([]baselineEntry, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, fmt.Errorf("reading the baseline: %v", err)
	}
	known := map[string]bool{}
	for _, a := range as {
		known[a.Name] = true
	}
	bad := func(line int, format string, args ...any) error {
		return fmt.Errorf("%s:%d: %s", name, line, fmt.Sprintf(format, args...))
	}
	var entries []baselineEntry
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, len(data)+1)
	n, ended := 0, false
	for sc.Scan() {
		n++
		text := strings.TrimSuffix(sc.Text(), "\r")
		switch {
		case n == 1 && text != baselineHeader:
			if v, ok := strings.CutPrefix(text, "# mcplint baseline "); ok {
				return nil, bad(n, "a baseline of version %q; this mcplint reads %q (mcplint -write-baseline=%s writes one)", v, baselineHeader, name)
			}
			return nil, bad(n, "not an mcplint baseline: the first line is not %q (mcplint -write-baseline=%s writes one)", baselineHeader, name)
		case ended && strings.TrimSpace(text) != "":
			return nil, bad(n, "a line after %q, the last line of a baseline", baselineEnd)
		case text == baselineEnd:
			ended = true
		case strings.TrimSpace(text) == "", strings.HasPrefix(text, "#"):
		default:
			fields := strings.Split(text, "\t")
			if len(fields) != 4 {
				return nil, bad(n, "%d tab-separated fields; an entry has 4: analyzer, file, function, message", len(fields))
			}
			for i := range fields {
				if fields[i], err = unescapeField(fields[i]); err != nil {
					return nil, bad(n, "%v", err)
				}
			}
			e := baselineEntry{findingKey{fields[0], fields[1], fields[2], fields[3]}, n}
			switch {
			case !known[e.analyzer]:
				return nil, bad(n, "no analyzer %q (mcplint help lists them)", e.analyzer)
			case e.file == "" || e.message == "":
				return nil, bad(n, "an entry with no file or no message")
			case filepath.IsAbs(e.file):
				return nil, bad(n, "absolute file name %s: a baseline names files relative to the directory mcplint runs in", e.file)
			}
			if e.function == noFunction {
				e.function = ""
			}
			entries = append(entries, e)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("reading the baseline %s: %v", name, err)
	}
	if n == 0 {
		return nil, bad(1, "empty file: not an mcplint baseline (mcplint -write-baseline=%s writes one)", name)
	}
	if !ended {
		return nil, bad(n, "the file ends before its last line %q: it is truncated", baselineEnd)
	}
	return entries, nil
}

// writeBaseline writes the keys of findings to the file name, sorted.
func writeBaseline(name string, findings []finding) error {
	lines := make([]string, len(findings))
	for i, f := range findings {
		lines[i] = f.key().String()
	}
	slices.Sort(lines)
	var b strings.Builder
	for _, l := range append(append([]string{baselineHeader, baselineComment}, lines...), baselineEnd) {
		b.WriteString(l + "\n")
	}
	return os.WriteFile(name, []byte(b.String()), 0o666)
}

// runWriteBaseline is mcplint -write-baseline=FILE: it writes every
// finding to FILE and says how many on errOut. A package that does not
// load, or an analysis that fails, writes nothing: a baseline of part of
// the findings would hide the others once they come back.
func runWriteBaseline(as []*analysis.Analyzer, o *options, errOut io.Writer) int {
	res, status := analyze(as, o, errOut)
	if res.fatal != "" {
		return status
	}
	printLoadErrors(errOut, res.loadErrors)
	for _, e := range res.errors {
		fmt.Fprintln(errOut, e)
	}
	if status != 0 || len(res.errors) > 0 {
		fmt.Fprintf(errOut, "mcplint: %s not written: the analysis did not run on every package\n", o.writeBaseline)
		return 1
	}
	if err := writeBaseline(o.writeBaseline, res.findings); err != nil {
		fmt.Fprintf(errOut, "mcplint: %v\n", err)
		return 1
	}
	fmt.Fprintf(errOut, "mcplint: wrote %d %s to %s\n", len(res.findings), plural(len(res.findings), "finding", "findings"), o.writeBaseline)
	return 0
}

// A comparison is the findings of a run against a baseline.
type comparison struct {
	file  string          // the baseline file, or "" for none
	known []bool          // known[i]: the baseline accepts findings[i]
	stale []baselineEntry // the entries no finding matches, in file order
}

// compareBaseline compares res's findings with the baseline o names, if
// any. An entry accepts one finding with its key, the first in order that
// no earlier entry accepted.
func compareBaseline(o *options, res *report) *comparison {
	c := &comparison{file: o.baseline, known: make([]bool, len(res.findings))}
	unmatched := map[findingKey][]baselineEntry{}
	for _, e := range o.accepted {
		unmatched[e.findingKey] = append(unmatched[e.findingKey], e)
	}
	for i, f := range res.findings {
		k := f.key()
		if len(unmatched[k]) > 0 {
			unmatched[k] = unmatched[k][1:]
			c.known[i] = true
		}
	}
	for _, es := range unmatched {
		c.stale = append(c.stale, es...)
	}
	slices.SortFunc(c.stale, func(a, b baselineEntry) int { return cmp.Compare(a.line, b.line) })
	return c
}

// printStale prints the stale entries, each naming its line of the
// baseline file.
func (c *comparison) printStale(w io.Writer) {
	for _, e := range c.stale {
		fmt.Fprintf(w, "%s:%d: stale baseline entry, its finding is gone: %s\n", c.file, e.line, e.describe())
	}
	if len(c.stale) > 0 {
		fmt.Fprintf(w, "mcplint: %d stale %s in %s: mcplint -write-baseline=%s rewrites it without them\n",
			len(c.stale), plural(len(c.stale), "entry", "entries"), c.file, c.file)
	}
}

// failsStale reports whether stale entries fail the run (-fail-stale).
func (c *comparison) failsStale(o *options) bool {
	return o.failStale && len(c.stale) > 0
}

// dropKnown removes from res's -json tree the findings the baseline
// accepts, and the entries of analyzers left with none, as x/tools'
// checkers leave out an analyzer with no finding.
func (c *comparison) dropKnown(res *report) {
	type key struct{ analyzer, posn, end, message string }
	drop := map[key]bool{}
	for i, f := range res.findings {
		if c.known[i] {
			drop[key{f.analyzer, f.Posn, f.End, f.Message}] = true
		}
	}
	if len(drop) == 0 {
		return
	}
	for _, byAnalyzer := range res.tree {
		for name, raw := range byAnalyzer {
			var diags []json.RawMessage
			if json.Unmarshal(raw, &diags) != nil {
				continue // an error or the load errors
			}
			kept := diags[:0]
			for _, d := range diags {
				var f finding
				if json.Unmarshal(d, &f) == nil && drop[key{name, f.Posn, f.End, f.Message}] {
					continue
				}
				kept = append(kept, d)
			}
			if len(kept) == 0 {
				delete(byAnalyzer, name)
			} else {
				byAnalyzer[name], _ = json.Marshal(kept)
			}
		}
	}
}

// fileKey returns the name of a file as a baseline and SARIF's
// fingerprints name it, never absolute, so that it is the same in every
// checkout: relative to the working directory when under it, else the
// file's module path and its name in the module, else its base name.
func fileKey(file, cwd string, mod *packages.Module) string {
	if rel, err := filepath.Rel(cwd, file); err == nil && filepath.IsLocal(rel) {
		return filepath.ToSlash(rel)
	}
	if mod != nil && mod.Dir != "" {
		if rel, err := filepath.Rel(mod.Dir, file); err == nil && filepath.IsLocal(rel) {
			return mod.Path + "/" + filepath.ToSlash(rel)
		}
	}
	return filepath.Base(file)
}
