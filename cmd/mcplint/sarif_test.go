package main

import (
	"strings"
	"testing"

	"github.com/mcplint/mcplint/analyzers"
)

func TestToSARIF(t *testing.T) {
	out := []byte(`{"example.com/p": {
		"resolvemix": [{"category":"declared","posn":"/src/p/a.go:12:3","end":"/src/p/a.go:12:9","message":"tool \"t\" mixes"}],
		"statereach": [{"category":"unverified","posn":"/elsewhere/b.go:4:1","end":"","message":"compares state"}]}}`)
	log, err := toSARIF(analyzers.All(), out, "/src")
	if err != nil {
		t.Fatal(err)
	}
	run := log.Runs[0]
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
		inside.Region != (sarifRegion{StartLine: 12, StartColumn: 3, EndLine: 12, EndColumn: 9}) {
		t.Errorf("inside location = %+v", inside)
	}
	if run.Results[1].Properties["category"] != "declared" || run.Results[1].Level != "error" {
		t.Errorf("result = %+v", run.Results[1])
	}
}

func TestToSARIFReportsAnalysisErrors(t *testing.T) {
	_, err := toSARIF(analyzers.All(), []byte(`{"example.com/p": {"resolvemix": {"error": "boom"}}}`), "/")
	if err == nil || !strings.Contains(err.Error(), "example.com/p: resolvemix: boom") {
		t.Errorf("err = %v, want the analysis error", err)
	}
	if _, err := toSARIF(analyzers.All(), []byte(`not json`), "/"); err == nil {
		t.Error("malformed input accepted")
	}
}

func TestTakeSARIF(t *testing.T) {
	args, ok := takeSARIF([]string{"-sarif", "-resolvegraph.budget=3", "./..."})
	if !ok || strings.Join(args, " ") != "-resolvegraph.budget=3 ./..." {
		t.Errorf("takeSARIF = %v %v", args, ok)
	}
	if _, ok := takeSARIF([]string{"./..."}); ok {
		t.Error("takeSARIF found -sarif where there is none")
	}
}
