package main

import (
	"strings"
	"testing"

	"github.com/mcplint/mcplint/analyzers"
)

func TestToSARIF(t *testing.T) {
	t.Parallel()
	out := []byte(`{"example.com/p": {
		"resolvemix": [{"category":"declared","posn":"/src/p/a.go:12:3","end":"/src/p/a.go:12:9","message":"tool \"t\" mixes"}],
		"statereach": [{"category":"unverified","posn":"/elsewhere/b.go:4:1","end":"","message":"compares state"}]}}`)
	res, err := readFindings(analyzers.All(), out)
	if err != nil {
		t.Fatal(err)
	}
	run := toSARIF(analyzers.All(), res.findings, &comparison{known: make([]bool, len(res.findings))}, "/src").Runs[0]
	if len(run.Tool.Driver.Rules) != len(analyzers.All()) || run.Tool.Driver.Rules[run.Results[0].RuleIndex].ID != run.Results[0].RuleID {
		t.Errorf("rules = %+v", run.Tool.Driver.Rules)
	}
	if len(run.Results) != 2 {
		t.Fatalf("results = %+v", run.Results)
	}
	// Sorted by path: the absolute path outside the root comes first.
	outside, inside := run.Results[0].Locations[0].PhysicalLocation, run.Results[1].Locations[0].PhysicalLocation
	if outside.ArtifactLocation.URI != "/elsewhere/b.go" || outside.ArtifactLocation.URIBaseID != "" || outside.Region.EndLine != 0 {
		t.Errorf("outside location = %+v", outside)
	}
	if inside.ArtifactLocation.URI != "p/a.go" || inside.ArtifactLocation.URIBaseID != "%SRCROOT%" ||
		*inside.Region != (sarifRegion{StartLine: 12, StartColumn: 3, EndLine: 12, EndColumn: 9}) {
		t.Errorf("inside location = %+v", inside)
	}
	if run.Results[1].Properties["category"] != "declared" || run.Results[1].Level != "error" {
		t.Errorf("result = %+v", run.Results[1])
	}
}

func TestReadFindingsReportsAnalysisErrors(t *testing.T) {
	t.Parallel()
	res, err := readFindings(analyzers.All(), []byte(`{"example.com/p": {"resolvemix": {"error": "boom"}}}`))
	if err != nil || len(res.errors) != 1 || res.errors[0] != "example.com/p: resolvemix: boom" {
		t.Errorf("readFindings = %+v, %v; want the analysis error", res, err)
	}
	if _, err := readFindings(analyzers.All(), []byte(`not json`)); err == nil {
		t.Error("malformed input accepted")
	}
}

// TestReadFindingsSortsAndDeduplicates checks the order of the standalone
// output: by position across packages and analyzers, each finding once
// (a file of p is also in p's test variant).
func TestReadFindingsSortsAndDeduplicates(t *testing.T) {
	t.Parallel()
	res, err := readFindings(analyzers.All(), []byte(`{
		"example.com/p": {"resolvegraph": [{"posn":"/src/p/a.go:12:3","message":"late"}],
			"elicitbase": [{"posn":"/src/p/a.go:9:1","message":"early"}]},
		"example.com/p [example.com/p.test]": {"resolvegraph": [{"posn":"/src/p/a.go:12:3","message":"late"}],
			"elicitbase": [{"posn":"/src/p/a.go:10:1","message":"middle"}]},
		"example.com/a": {"resolvemix": [{"posn":"/src/a/z.go:100:1","message":"other file"}]}}`))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range res.findings {
		got = append(got, f.Posn+" "+f.analyzer)
	}
	want := "/src/a/z.go:100:1 resolvemix,/src/p/a.go:9:1 elicitbase,/src/p/a.go:10:1 elicitbase,/src/p/a.go:12:3 resolvegraph"
	if strings.Join(got, ",") != want {
		t.Errorf("findings:\n%s\nwant:\n%s", strings.Join(got, ","), want)
	}
}

func TestAnalysisArgs(t *testing.T) {
	t.Parallel()
	got := analysisArgs([]string{"-sarif", "-c", "2", "-resolvegraph.budget=3", "-c=1", "./...", "-c"})
	if strings.Join(got, " ") != "-resolvegraph.budget=3 ./... -c" {
		t.Errorf("analysisArgs = %q", got)
	}
}

// TestReadFindingsHidesHelpers checks that the helper analyzers, and the
// analyzers a load error skipped, are not in the output: their names are
// an implementation detail.
func TestReadFindingsHidesHelpers(t *testing.T) {
	t.Parallel()
	res, err := readFindings(analyzers.All(), []byte(`{"example.com/p": {
		"registrations": {"error": "analysis skipped due to errors in package"},
		"resolvemix": {"error": "failed prerequisites: mcplintdirectives@example.com/p, registrations@example.com/p"}},
	"example.com/q": {"registrations": {"error": "boom"}, "resolvemix": []}}`))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.tree["example.com/p"]) != 0 || len(res.tree["example.com/q"]) != 1 {
		t.Errorf("tree = %v, want the public analyzers' entries only", res.tree)
	}
	if want := "example.com/q: registrations (an analysis mcplint's analyzers share): boom"; len(res.errors) != 1 || res.errors[0] != want {
		t.Errorf("errors = %q, want %q", res.errors, want)
	}
}
