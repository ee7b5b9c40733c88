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

	"golang.org/x/tools/go/analysis"
)

// runSARIF analyzes the packages o names and writes SARIF to out: every
// finding with its fingerprint, and with -baseline each one's
// baselineState, and the stale entries as absent results. It returns the
// exit status: 0 when the analysis ran (findings or not), 1 when it could
// not, 2 for a baseline it cannot read, 3 with -fail-stale and stale
// entries.
func runSARIF(analyzers []*analysis.Analyzer, o *options, out, errOut io.Writer) int {
	res, status := analyze(analyzers, o, errOut)
	if status != 0 {
		if res != nil {
			printLoadErrors(errOut, res.loadErrors)
		}
		return status
	}
	if len(res.errors) > 0 {
		fmt.Fprintf(errOut, "mcplint: analysis failed:\n%s\n", strings.Join(res.errors, "\n"))
		return 1
	}
	base := compareBaseline(o, res)
	cwd, _ := os.Getwd()
	enc := json.NewEncoder(out)
	enc.SetIndent("", "  ")
	if err := enc.Encode(toSARIF(analyzers, res.findings, base, cwd)); err != nil {
		fmt.Fprintf(errOut, "mcplint: %v\n", err)
		return 1
	}
	base.printStale(errOut)
	if base.failsStale(o) {
		return 3
	}
	return 0
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
