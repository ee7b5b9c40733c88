package main

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// The standalone text, JSON and SARIF outputs and baselines are all made
// from one analysis in mcplint's process (analyze), read in the -json form
// of x/tools' checkers: every finding with its analyzer, sorted by
// position. The go vet -vettool path, which never goes through here, is
// untouched.

// A finding is one diagnostic of the -json output (the format of
// golang.org/x/tools/go/analysis/checker), with its analyzer and its
// position split.
type finding struct {
	analyzer  string
	file      string
	line, col int
	Category  string `json:"category"`
	Posn      string `json:"posn"`
	End       string `json:"end"`
	Message   string `json:"message"`
	// Fixes are the diagnostic's suggested fixes, counted by -fix.
	Fixes []json.RawMessage `json:"suggested_fixes"`
	// function is the declared function around the finding ("" if none)
	// and fileKey its file as a baseline names it (see locateFindings).
	function, fileKey string
}

// A report is what one run of mcplint -json found.
type report struct {
	// fatal is the error that stopped the run before any analysis (the
	// report has nothing else), or "".
	fatal      string
	findings   []finding   // sorted by position, duplicates removed
	errors     []string    // "package: analyzer: error", sorted
	loadErrors []loadError // the packages' load and type errors
	// tree is the analysis output, without the entries of the helper
	// analyzers and of the analyzers a load error stopped, and with each
	// finding once: what -json prints.
	tree map[string]map[string]json.RawMessage
}

// childEnv marks the run of this executable as x/tools' multichecker
// that applies fixes (-fix), which only its internal packages can do.
const childEnv = "MCPLINT_ANALYSIS_RUN"

// readFindings reads the -json output of the multichecker: {package:
// {analyzer: [diagnostic] or {"error": ...}}}. It keeps only the entries
// of the analyzers as (the helper analyzers in their Requires are an
// implementation detail), without those of the analyzers that skipped a
// package because it does not load or type-check.
func readFindings(as []*analysis.Analyzer, data []byte) (*report, error) {
	tree := map[string]map[string]json.RawMessage{}
	if len(bytes.TrimSpace(data)) > 0 {
		if err := json.Unmarshal(data, &tree); err != nil {
			return nil, fmt.Errorf("reading the analysis output: %v", err)
		}
	}
	public := map[string]bool{}
	for _, a := range as {
		public[a.Name] = true
	}
	res := &report{tree: tree}
	// A file of package p is also in p's test variant ("p [p.test]"): the
	// same finding comes twice, once from each. It is kept under the
	// package that sorts first, p, in the findings and in the tree.
	type key struct{ analyzer, posn, end, message string }
	seen := map[key]bool{}
	for _, pkg := range slices.Sorted(maps.Keys(tree)) {
		byAnalyzer := tree[pkg]
		for _, name := range slices.Sorted(maps.Keys(byAnalyzer)) {
			raw := byAnalyzer[name]
			if !public[name] {
				// A helper's failure other than a skip is a failure of
				// the analyzers that need it: keep it, named.
				var failure struct {
					Err string `json:"error"`
				}
				if json.Unmarshal(raw, &failure) == nil && failure.Err != "" && !isSkipped(failure.Err) {
					res.errors = append(res.errors, fmt.Sprintf("%s: %s (an analysis mcplint's analyzers share): %s", pkg, name, failure.Err))
				}
				delete(byAnalyzer, name)
				continue
			}
			var diags []json.RawMessage
			if err := json.Unmarshal(raw, &diags); err != nil {
				var failure struct {
					Err string `json:"error"`
				}
				if json.Unmarshal(raw, &failure) == nil && failure.Err != "" {
					if isSkipped(failure.Err) {
						delete(byAnalyzer, name)
						continue
					}
					res.errors = append(res.errors, fmt.Sprintf("%s: %s: %s", pkg, name, failure.Err))
					continue
				}
				return nil, fmt.Errorf("reading the analysis output of %s on %s: %v", name, pkg, err)
			}
			kept := diags[:0]
			for _, data := range diags {
				var d finding
				if err := json.Unmarshal(data, &d); err != nil {
					return nil, fmt.Errorf("reading the analysis output of %s on %s: %v", name, pkg, err)
				}
				k := key{name, d.Posn, d.End, d.Message}
				if seen[k] {
					continue
				}
				seen[k] = true
				kept = append(kept, data)
				d.analyzer = name
				d.file, d.line, d.col = splitPosn(d.Posn)
				res.findings = append(res.findings, d)
			}
			switch {
			case len(kept) == len(diags):
			case len(kept) == 0:
				delete(byAnalyzer, name)
			default:
				byAnalyzer[name], _ = json.Marshal(kept)
			}
		}
		if len(byAnalyzer) == 0 {
			delete(tree, pkg)
		}
	}
	slices.Sort(res.errors)
	slices.SortFunc(res.findings, func(a, b finding) int {
		return cmp.Or(
			cmp.Compare(a.file, b.file),
			cmp.Compare(a.line, b.line),
			cmp.Compare(a.col, b.col),
			cmp.Compare(a.analyzer, b.analyzer),
			cmp.Compare(a.Message, b.Message))
	})
	return res, nil
}

// isSkipped reports whether an analyzer's error says only that it did not
// run on a package that does not load or type-check: directly ("analysis
// skipped due to errors in package") or because a helper analyzer did not
// ("failed prerequisites: ...").
func isSkipped(err string) bool {
	return strings.HasPrefix(err, "analysis skipped due to errors in package") ||
		strings.HasPrefix(err, "failed prerequisites:")
}

// exitStatus is the exit status of a run that printed its findings, the
// same in every output form (text, -json, -sarif): the status analyze
// returned if not 0 (1: a package did not load), 1 if an analysis failed,
// 3 if it reported a finding (with -baseline, one the baseline does not
// list) or, with -fail-stale, a stale entry, else 0.
func exitStatus(o *options, res *report, base *comparison, status int) int {
	switch {
	case status != 0:
		return status
	case len(res.errors) > 0:
		return 1
	case slices.Contains(base.known, false), base.failsStale(o):
		return 3
	}
	return 0
}

// runText is standalone mcplint without -json, -sarif or -fix: it prints
// each finding to errOut as "file:line:col: message [analyzer]", sorted by
// position (with -c N, and N lines of context), then each load or type
// error once, and returns the exit status (exitStatus). With -baseline,
// the findings it accepts are not printed, and its stale entries are.
func runText(as []*analysis.Analyzer, o *options, errOut io.Writer) int {
	res, status := analyze(as, o, errOut)
	if res.fatal != "" {
		return status
	}
	base := compareBaseline(o, res)
	for i, f := range res.findings {
		if base.known[i] {
			continue
		}
		fmt.Fprintf(errOut, "%s: %s [%s]\n", f.Posn, f.Message, f.analyzer)
		if o.context >= 0 {
			printContext(errOut, f, o.context)
		}
	}
	printLoadErrors(errOut, res.loadErrors)
	for _, e := range res.errors {
		fmt.Fprintln(errOut, e)
	}
	base.printStale(errOut)
	return exitStatus(o, res, base, status)
}

// runJSON is mcplint -json: the analysis output as x/tools' checkers write
// it, {package: {analyzer: [finding] or {"error": ...}}}, without the
// helper analyzers, each finding once (under a package, not again under
// its test variant), and with a package's load and type errors under
// "load-errors" ([{"posn", "message"}]) instead of the analyzers it
// stopped; with -baseline, without the findings it accepts. The exit
// status is that of the text output (exitStatus).
func runJSON(as []*analysis.Analyzer, o *options, out, errOut io.Writer) int {
	res, status := analyze(as, o, errOut)
	if res.fatal != "" {
		return status
	}
	base := compareBaseline(o, res)
	base.dropKnown(res)
	data, err := json.MarshalIndent(res.tree, "", "\t")
	if err != nil {
		fmt.Fprintf(errOut, "mcplint: %v\n", err)
		return 1
	}
	out.Write(append(data, '\n'))
	base.printStale(errOut)
	return exitStatus(o, res, base, status)
}

// runFix is mcplint -fix [-diff]: it applies (or prints) the suggested
// fixes of the findings, and then says on errOut how many findings have
// no fix, so that -fix never looks like a clean run when findings remain.
// The exit status is 0 once the fixes are applied, 1 if a package did not
// load or a fix could not be applied.
//
// Applying fixes (merging those of several analyzers, formatting, writing
// or printing a diff) is done by x/tools' multichecker only, through its
// internal packages; so when there is a fix to apply, this runs itself as
// the multichecker with -fix, which analyzes again.
func runFix(as []*analysis.Analyzer, o *options, out, errOut io.Writer) int {
	res, status := analyze(as, o, errOut)
	if status != 0 {
		printLoadErrors(errOut, res.loadErrors)
		return status
	}
	fixable := 0
	for _, f := range res.findings {
		if len(f.Fixes) > 0 {
			fixable++
		}
	}
	if fixable > 0 {
		exe, err := os.Executable()
		if err != nil {
			fmt.Fprintf(errOut, "mcplint: %v\n", err)
			return 1
		}
		cmd := exec.Command(exe, o.analysis...)
		cmd.Args[0] = "mcplint"
		cmd.Env = append(os.Environ(), childEnv+"=1")
		cmd.Stdout, cmd.Stderr = out, errOut
		if err := cmd.Run(); err != nil {
			fmt.Fprintf(errOut, "mcplint: applying the fixes: %v\n", err)
			return 1
		}
	}
	verb := "fixed"
	if o.diff {
		verb = "with a fix above"
	}
	switch unfixed := len(res.findings) - fixable; {
	case len(res.findings) == 0:
	case unfixed == 0:
		fmt.Fprintf(errOut, "mcplint: %d %s %s\n", fixable, plural(fixable, "finding", "findings"), verb)
	case fixable == 0:
		fmt.Fprintf(errOut, "mcplint: %d %s, none with a suggested fix: nothing changed; mcplint without -fix lists them\n",
			unfixed, plural(unfixed, "finding", "findings"))
	default:
		fmt.Fprintf(errOut, "mcplint: %d %s %s; %d %s no suggested fix: mcplint without -fix lists them\n",
			fixable, plural(fixable, "finding", "findings"), verb, unfixed, plural(unfixed, "has", "have"))
	}
	return 0
}

// printContext prints the lines of f, and n lines around them, as
// "line\ttext", like go vet -c.
func printContext(w io.Writer, f finding, n int) {
	data, err := os.ReadFile(f.file)
	if err != nil {
		return
	}
	end := f.line
	if endFile, endLine, _ := splitPosn(f.End); endFile == f.file && endLine >= f.line {
		end = endLine
	}
	lines := strings.Split(string(data), "\n")
	for i := max(f.line-n, 1); i <= end+n && i <= len(lines); i++ {
		fmt.Fprintf(w, "%d\t%s\n", i, lines[i-1])
	}
}

// splitPosn splits "file:line:col" (the file may contain colons).
func splitPosn(posn string) (file string, line, col int) {
	rest, colStr, ok := cutLast(posn)
	if !ok {
		return posn, 0, 0
	}
	file, lineStr, ok := cutLast(rest)
	if !ok {
		return rest, atoi(colStr), 0
	}
	return file, atoi(lineStr), atoi(colStr)
}

func cutLast(s string) (before, after string, ok bool) {
	i := strings.LastIndexByte(s, ':')
	if i < 0 {
		return s, "", false
	}
	return s[:i], s[i+1:], true
}

func atoi(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0
	}
	return n
}
