package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// sarifFlag asks for SARIF 2.1.0 on stdout, for code scanning. It is
// handled before the multichecker parses its flags: mcplint runs itself
// with -json and converts the result, so that the go vet -vettool path,
// which never passes -sarif, is untouched.
const sarifFlag = "-sarif"

// takeSARIF removes -sarif (or --sarif) from args and reports whether it
// was there.
func takeSARIF(args []string) ([]string, bool) {
	var rest []string
	found := false
	for _, a := range args {
		if a == sarifFlag || a == "-"+sarifFlag {
			found = true
			continue
		}
		rest = append(rest, a)
	}
	return rest, found
}

// runSARIF analyzes the packages named by args and writes SARIF to out. It
// returns the exit status: 0 when the analysis ran (findings or not), 1
// when it could not.
func runSARIF(analyzers []*analysis.Analyzer, args []string, out, errOut io.Writer) int {
	exe, err := os.Executable()
	if err != nil {
		fmt.Fprintf(errOut, "mcplint: %v\n", err)
		return 1
	}
	var stdout bytes.Buffer
	cmd := exec.Command(exe, append([]string{"-json"}, args...)...)
	cmd.Stdout = &stdout
	cmd.Stderr = errOut
	if err := cmd.Run(); err != nil {
		fmt.Fprintf(errOut, "mcplint: %v\n", err)
		return 1
	}
	cwd, _ := os.Getwd()
	log, err := toSARIF(analyzers, stdout.Bytes(), cwd)
	if err != nil {
		fmt.Fprintf(errOut, "mcplint: %v\n", err)
		return 1
	}
	enc := json.NewEncoder(out)
	enc.SetIndent("", "  ")
	if err := enc.Encode(log); err != nil {
		fmt.Fprintf(errOut, "mcplint: %v\n", err)
		return 1
	}
	return 0
}

// jsonDiagnostic is one diagnostic of the -json output of go/analysis
// drivers.
type jsonDiagnostic struct {
	Category string `json:"category"`
	Posn     string `json:"posn"`
	End      string `json:"end"`
	Message  string `json:"message"`
}

// The subset of SARIF 2.1.0 that mcplint writes.
type (
	sarifLog struct {
		Schema  string     `json:"$schema"`
		Version string     `json:"version"`
		Runs    []sarifRun `json:"runs"`
	}
	sarifRun struct {
		Tool    sarifTool     `json:"tool"`
		Results []sarifResult `json:"results"`
	}
	sarifTool struct {
		Driver sarifDriver `json:"driver"`
	}
	sarifDriver struct {
		Name           string      `json:"name"`
		InformationURI string      `json:"informationUri"`
		Rules          []sarifRule `json:"rules"`
	}
	sarifRule struct {
		ID               string       `json:"id"`
		ShortDescription sarifMessage `json:"shortDescription"`
		FullDescription  sarifMessage `json:"fullDescription"`
		HelpURI          string       `json:"helpUri,omitempty"`
	}
	sarifMessage struct {
		Text string `json:"text"`
	}
	sarifResult struct {
		RuleID     string            `json:"ruleId"`
		RuleIndex  int               `json:"ruleIndex"`
		Level      string            `json:"level"`
		Message    sarifMessage      `json:"message"`
		Locations  []sarifLocation   `json:"locations"`
		Properties map[string]string `json:"properties,omitempty"`
	}
	sarifLocation struct {
		PhysicalLocation sarifPhysical `json:"physicalLocation"`
	}
	sarifPhysical struct {
		ArtifactLocation sarifArtifact `json:"artifactLocation"`
		Region           sarifRegion   `json:"region"`
	}
	sarifArtifact struct {
		URI       string `json:"uri"`
		URIBaseID string `json:"uriBaseId,omitempty"`
	}
	sarifRegion struct {
		StartLine   int `json:"startLine"`
		StartColumn int `json:"startColumn,omitempty"`
		EndLine     int `json:"endLine,omitempty"`
		EndColumn   int `json:"endColumn,omitempty"`
	}
)

// toSARIF converts the -json output of the multichecker ({package:
// {analyzer: [diagnostic] or {"error": ...}}}) into a SARIF log. Paths under
// root become relative to it (uriBaseId %SRCROOT%), as code scanning
// expects.
func toSARIF(analyzers []*analysis.Analyzer, data []byte, root string) (*sarifLog, error) {
	tree := map[string]map[string]json.RawMessage{}
	if len(bytes.TrimSpace(data)) > 0 {
		if err := json.Unmarshal(data, &tree); err != nil {
			return nil, fmt.Errorf("reading the analysis output: %v", err)
		}
	}
	driver := sarifDriver{Name: "mcplint", InformationURI: "https://github.com/mcplint/mcplint"}
	index := map[string]int{}
	for i, a := range analyzers {
		title, _, _ := strings.Cut(a.Doc, "\n")
		driver.Rules = append(driver.Rules, sarifRule{
			ID:               a.Name,
			ShortDescription: sarifMessage{Text: title},
			FullDescription:  sarifMessage{Text: a.Doc},
			HelpURI:          a.URL,
		})
		index[a.Name] = i
	}
	results := []sarifResult{}
	var errs []string
	for pkg, byAnalyzer := range tree {
		for name, raw := range byAnalyzer {
			var diags []jsonDiagnostic
			if err := json.Unmarshal(raw, &diags); err != nil {
				var failure struct {
					Err string `json:"error"`
				}
				if json.Unmarshal(raw, &failure) == nil && failure.Err != "" {
					errs = append(errs, fmt.Sprintf("%s: %s: %s", pkg, name, failure.Err))
					continue
				}
				return nil, fmt.Errorf("reading the analysis output of %s on %s: %v", name, pkg, err)
			}
			for _, d := range diags {
				results = append(results, sarifResult{
					RuleID:     name,
					RuleIndex:  index[name],
					Level:      "error",
					Message:    sarifMessage{Text: d.Message},
					Locations:  []sarifLocation{{PhysicalLocation: physical(d, root)}},
					Properties: map[string]string{"category": d.Category},
				})
			}
		}
	}
	if len(errs) > 0 {
		sort.Strings(errs)
		return nil, fmt.Errorf("analysis failed:\n%s", strings.Join(errs, "\n"))
	}
	sort.Slice(results, func(i, j int) bool {
		a, b := results[i].Locations[0].PhysicalLocation, results[j].Locations[0].PhysicalLocation
		if a.ArtifactLocation.URI != b.ArtifactLocation.URI {
			return a.ArtifactLocation.URI < b.ArtifactLocation.URI
		}
		if a.Region.StartLine != b.Region.StartLine {
			return a.Region.StartLine < b.Region.StartLine
		}
		return a.Region.StartColumn < b.Region.StartColumn
	})
	return &sarifLog{
		Schema:  "https://json.schemastore.org/sarif-2.1.0.json",
		Version: "2.1.0",
		Runs:    []sarifRun{{Tool: sarifTool{Driver: driver}, Results: results}},
	}, nil
}

// physical turns "file:line:col" positions into a SARIF location.
func physical(d jsonDiagnostic, root string) sarifPhysical {
	file, line, col := splitPosn(d.Posn)
	loc := sarifPhysical{ArtifactLocation: sarifArtifact{URI: filepath.ToSlash(file)}, Region: sarifRegion{StartLine: max(line, 1), StartColumn: col}}
	if rel, err := filepath.Rel(root, file); err == nil && !strings.HasPrefix(rel, "..") {
		loc.ArtifactLocation = sarifArtifact{URI: filepath.ToSlash(rel), URIBaseID: "%SRCROOT%"}
	}
	if endFile, endLine, endCol := splitPosn(d.End); endFile == file && endLine > 0 {
		loc.Region.EndLine, loc.Region.EndColumn = endLine, endCol
	}
	return loc
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
