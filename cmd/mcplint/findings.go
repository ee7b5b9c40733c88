package main

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
)

// The standalone text and SARIF outputs are both made from the -json output
// of the multichecker: mcplint runs itself with -json, reads every finding
// with its analyzer, and prints them sorted by position. The go vet
// -vettool path, which never goes through here, is untouched.

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
}

// A report is what one run of mcplint -json found.
type report struct {
	findings []finding // sorted by position, duplicates removed
	errors   []string  // "package: analyzer: error", sorted
}

// analyzeJSON runs this executable with -json and args, and reads its
// output. The child's stderr (package loading errors) goes to errOut. It
// returns the exit status to use if it is not 0: that of the child when it
// failed (1 for loading errors, 2 for bad flags), or 1 when the output
// cannot be read.
func analyzeJSON(args []string, errOut io.Writer) (*report, int) {
	exe, err := os.Executable()
	if err != nil {
		fmt.Fprintf(errOut, "mcplint: %v\n", err)
		return nil, 1
	}
	var stdout bytes.Buffer
	cmd := exec.Command(exe, append([]string{"-json"}, args...)...)
	cmd.Stdout = &stdout
	cmd.Stderr = errOut
	runErr := cmd.Run()
	var exit *exec.ExitError
	if runErr != nil && !errors.As(runErr, &exit) {
		fmt.Fprintf(errOut, "mcplint: %v\n", runErr)
		return nil, 1
	}
	res, err := readFindings(stdout.Bytes())
	if err != nil {
		fmt.Fprintf(errOut, "mcplint: %v\n", err)
		return nil, 1
	}
	if exit != nil {
		return res, exit.ExitCode()
	}
	return res, 0
}

// readFindings reads the -json output of the multichecker: {package:
// {analyzer: [diagnostic] or {"error": ...}}}.
func readFindings(data []byte) (*report, error) {
	tree := map[string]map[string]json.RawMessage{}
	if len(bytes.TrimSpace(data)) > 0 {
		if err := json.Unmarshal(data, &tree); err != nil {
			return nil, fmt.Errorf("reading the analysis output: %v", err)
		}
	}
	res := new(report)
	// A file of package p is also in p's test variant: the same finding
	// comes twice, once from each.
	type key struct{ analyzer, posn, end, message string }
	seen := map[key]bool{}
	for pkg, byAnalyzer := range tree {
		for name, raw := range byAnalyzer {
			var diags []finding
			if err := json.Unmarshal(raw, &diags); err != nil {
				var failure struct {
					Err string `json:"error"`
				}
				if json.Unmarshal(raw, &failure) == nil && failure.Err != "" {
					res.errors = append(res.errors, fmt.Sprintf("%s: %s: %s", pkg, name, failure.Err))
					continue
				}
				return nil, fmt.Errorf("reading the analysis output of %s on %s: %v", name, pkg, err)
			}
			for _, d := range diags {
				k := key{name, d.Posn, d.End, d.Message}
				if seen[k] {
					continue
				}
				seen[k] = true
				d.analyzer = name
				d.file, d.line, d.col = splitPosn(d.Posn)
				res.findings = append(res.findings, d)
			}
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

// runText is standalone mcplint without -json, -sarif or -fix: it prints
// each finding to errOut as "file:line:col: message [analyzer]", sorted by
// position (with -c N, and N lines of context), and returns the exit
// status: 3 with findings, 1 if an analysis failed, that of the analysis
// run if it failed, else 0.
func runText(args []string, errOut io.Writer) int {
	context, args, err := takeContext(args)
	if err != nil {
		fmt.Fprintf(errOut, "mcplint: %v\n", err)
		return 2
	}
	res, status := analyzeJSON(args, errOut)
	if res == nil {
		return status
	}
	for _, f := range res.findings {
		fmt.Fprintf(errOut, "%s: %s [%s]\n", f.Posn, f.Message, f.analyzer)
		if context >= 0 {
			printContext(errOut, f, context)
		}
	}
	for _, e := range res.errors {
		fmt.Fprintln(errOut, e)
	}
	switch {
	case status != 0:
		return status
	case len(res.errors) > 0:
		return 1
	case len(res.findings) > 0:
		return 3
	}
	return 0
}

// takeContext removes -c N (or -c=N) from the flags at the start of args,
// and returns N, or -1 if it is not there.
func takeContext(args []string) (int, []string, error) {
	for i, a := range args {
		if !strings.HasPrefix(a, "-") {
			break
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if name != "c" {
			continue
		}
		rest := slices.Delete(slices.Clone(args), i, i+1)
		if !hasValue {
			if i+1 >= len(args) {
				return 0, nil, fmt.Errorf("flag -c needs a number of lines")
			}
			value = args[i+1]
			rest = slices.Delete(rest, i, i+1)
		}
		n, err := strconv.Atoi(value)
		if err != nil || n < 0 {
			return 0, nil, fmt.Errorf("flag -c: %q is not a number of lines", value)
		}
		return n, rest, nil
	}
	return -1, args, nil
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
