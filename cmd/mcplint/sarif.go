package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"golang.org/x/mod/semver"
	"golang.org/x/tools/go/analysis"
)

// runSARIF analyzes the packages o names and writes SARIF to out: every
// finding with its fingerprint, and with -baseline each one's
// baselineState, and the stale entries as absent results. A package that
// does not load, an analysis that fails, or a go command that cannot list
// the packages at all still gives a log: the findings of the rest, and
// each error as a notification of a run whose execution did not succeed. The exit status
// is that of the text output (exitStatus): 3 with findings.
func runSARIF(analyzers []*analysis.Analyzer, o *options, out, errOut io.Writer) int {
	res, status := analyze(analyzers, o, errOut)
	if status == 2 {
		return status // the packages named are wrong: nothing ran
	}
	printLoadErrors(errOut, res.loadErrors)
	for _, e := range res.errors {
		fmt.Fprintln(errOut, e)
	}
	base := &comparison{} // nothing ran to compare with the baseline
	if res.fatal == "" {
		base = compareBaseline(o, res)
	}
	cwd, _ := os.Getwd()
	log := toSARIF(analyzers, res.findings, base, cwd)
	log.Runs[0].Invocations = []sarifInvocation{invocation(res, cwd)}
	enc := json.NewEncoder(out)
	enc.SetIndent("", "  ")
	if err := enc.Encode(log); err != nil {
		fmt.Fprintf(errOut, "mcplint: %v\n", err)
		return 1
	}
	base.printStale(errOut)
	if res.fatal != "" {
		return status
	}
	return exitStatus(o, res, base, status)
}

// invocation describes the run: whether the analysis ran on every
// package, and if not, each error as a notification (at its position
// when it has one).
func invocation(res *report, root string) sarifInvocation {
	inv := sarifInvocation{Notifications: []sarifNotification{}}
	notify := func(msg string, loc *sarifLocation) {
		n := sarifNotification{Level: "error", Message: sarifMessage{Text: msg}}
		if loc != nil {
			n.Locations = []sarifLocation{*loc}
		}
		inv.Notifications = append(inv.Notifications, n)
	}
	if res.fatal != "" {
		notify(res.fatal, nil)
	}
	for _, e := range res.loadErrors {
		if e.Posn == "" {
			notify(e.pkg+": "+e.Message, nil)
			continue
		}
		file, line, col := splitPosn(e.Posn)
		if abs, err := filepath.Abs(file); err == nil {
			file = abs
		}
		loc := sarifLocation{PhysicalLocation: physical(finding{file: file, line: line, col: col}, root)}
		notify(e.Message, &loc)
	}
	for _, e := range res.errors {
		notify(e, nil)
	}
	inv.ExecutionSuccessful = len(inv.Notifications) == 0
	return inv
}

// The subset of SARIF 2.1.0 that mcplint writes.
type (
	sarifLog struct {
		Schema  string     `json:"$schema"`
		Version string     `json:"version"`
		Runs    []sarifRun `json:"runs"`
	}
	sarifRun struct {
		Tool        sarifTool         `json:"tool"`
		Results     []sarifResult     `json:"results"`
		Invocations []sarifInvocation `json:"invocations,omitempty"`
	}
	// A sarifInvocation says whether the analysis ran on every package,
	// and why not.
	sarifInvocation struct {
		ExecutionSuccessful bool                `json:"executionSuccessful"`
		Notifications       []sarifNotification `json:"toolExecutionNotifications"`
	}
	sarifNotification struct {
		Level     string          `json:"level"`
		Message   sarifMessage    `json:"message"`
		Locations []sarifLocation `json:"locations,omitempty"`
	}
	sarifTool struct {
		Driver sarifDriver `json:"driver"`
	}
	sarifDriver struct {
		Name           string      `json:"name"`
		Version        string      `json:"version"`
		SemanticVer    string      `json:"semanticVersion,omitempty"`
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
		RuleID              string            `json:"ruleId"`
		RuleIndex           int               `json:"ruleIndex"`
		Level               string            `json:"level"`
		Message             sarifMessage      `json:"message"`
		Locations           []sarifLocation   `json:"locations"`
		PartialFingerprints map[string]string `json:"partialFingerprints"`
		BaselineState       string            `json:"baselineState,omitempty"`
		Properties          map[string]string `json:"properties,omitempty"`
	}
	sarifLocation struct {
		PhysicalLocation sarifPhysical `json:"physicalLocation"`
	}
	sarifPhysical struct {
		ArtifactLocation sarifArtifact `json:"artifactLocation"`
		Region           *sarifRegion  `json:"region,omitempty"` // nil for a stale baseline entry
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

// fingerprintKey is the name of mcplint's partial fingerprint in SARIF.
const fingerprintKey = "mcplintFinding/v1"

// toSARIF converts findings (sorted, as analyze returns them) into a
// SARIF log. Paths under root become relative to it (uriBaseId %SRCROOT%),
// as code scanning expects. Each result has a fingerprint made of the key
// a baseline uses and the result's rank among those with the same key, so
// that it does not change when code moves. With a baseline (c.file set),
// each result says whether the baseline has it, and its stale entries are
// results too, absent.
func toSARIF(analyzers []*analysis.Analyzer, findings []finding, c *comparison, root string) *sarifLog {
	v := version()
	driver := sarifDriver{Name: "mcplint", Version: v, InformationURI: "https://github.com/mcplint/mcplint"}
	if semver.IsValid(v) {
		driver.SemanticVer = strings.TrimPrefix(v, "v")
	}
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
	rank := map[findingKey]int{}
	fingerprint := func(k findingKey) map[string]string {
		sum := sha256.Sum256(fmt.Appendf(nil, "%s\n%d", k, rank[k]))
		rank[k]++
		return map[string]string{fingerprintKey: hex.EncodeToString(sum[:])}
	}
	results := []sarifResult{}
	for i, f := range findings {
		r := sarifResult{
			RuleID:              f.analyzer,
			RuleIndex:           index[f.analyzer],
			Level:               "error",
			Message:             sarifMessage{Text: f.Message},
			Locations:           []sarifLocation{{PhysicalLocation: physical(f, root)}},
			PartialFingerprints: fingerprint(f.key()),
			Properties:          map[string]string{"category": f.Category},
		}
		if c.file != "" {
			r.BaselineState = "new"
			if c.known[i] {
				r.BaselineState = "unchanged"
			}
		}
		results = append(results, r)
	}
	for _, e := range c.stale {
		results = append(results, sarifResult{
			RuleID:    e.analyzer,
			RuleIndex: index[e.analyzer],
			Level:     "error",
			Message:   sarifMessage{Text: e.message},
			Locations: []sarifLocation{{PhysicalLocation: sarifPhysical{
				ArtifactLocation: sarifArtifact{URI: e.file, URIBaseID: "%SRCROOT%"},
			}}},
			PartialFingerprints: fingerprint(e.findingKey),
			BaselineState:       "absent",
		})
	}
	// Relative paths (under the root) after absolute ones, each in order.
	sort.SliceStable(results, func(i, j int) bool {
		a, b := results[i].Locations[0].PhysicalLocation, results[j].Locations[0].PhysicalLocation
		return a.ArtifactLocation.URI < b.ArtifactLocation.URI
	})
	return &sarifLog{
		Schema:  "https://json.schemastore.org/sarif-2.1.0.json",
		Version: "2.1.0",
		Runs:    []sarifRun{{Tool: sarifTool{Driver: driver}, Results: results}},
	}
}

// physical turns "file:line:col" positions into a SARIF location.
func physical(f finding, root string) sarifPhysical {
	file, line, col := f.file, f.line, f.col
	loc := sarifPhysical{ArtifactLocation: sarifArtifact{URI: filepath.ToSlash(file)}, Region: &sarifRegion{StartLine: max(line, 1), StartColumn: col}}
	if rel, err := filepath.Rel(root, file); err == nil && !strings.HasPrefix(rel, "..") {
		loc.ArtifactLocation = sarifArtifact{URI: filepath.ToSlash(rel), URIBaseID: "%SRCROOT%"}
	}
	if endFile, endLine, endCol := splitPosn(f.End); endFile == file && endLine > 0 {
		loc.Region.EndLine, loc.Region.EndColumn = endLine, endCol
	}
	return loc
}
