package main

import (
	"os"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/mcplint/mcplint/analyzers"
	"github.com/mcplint/mcplint/tools/internal/repo"
)

// goodRun is a run that passes every check: a rule per analyzer, and one
// result for each.
func goodRun() sarifRun {
	var run sarifRun
	for i, a := range analyzers.All() {
		run.Tool.Driver.Rules = append(run.Tool.Driver.Rules, struct {
			ID      string `json:"id"`
			HelpURI string `json:"helpUri"`
		}{a.Name, "https://github.com/mcplint/mcplint/blob/main/docs/checks/" + a.Name + ".md"})
		var r sarifResult
		r.RuleID, r.RuleIndex, r.Message.Text = a.Name, i, "something is wrong"
		r.Locations = make([]sarifLocation, 1)
		p := &r.Locations[0].PhysicalLocation
		p.ArtifactLocation.URI, p.ArtifactLocation.URIBaseID, p.Region.StartLine = "demo/main.go", "%SRCROOT%", 3
		r.PartialFingerprints = map[string]string{fingerprintKey: a.Name}
		run.Results = append(run.Results, r)
	}
	return run
}

func TestCheckRun(t *testing.T) {
	for _, tc := range []struct {
		name   string
		spoil  func(*sarifRun)
		failed string // the check that fails; "" for none
	}{
		{"good", func(*sarifRun) {}, ""},
		{"a rule that is no analyzer", func(r *sarifRun) {
			extra := r.Tool.Driver.Rules[0]
			extra.ID, extra.HelpURI = "other", "docs/checks/other.md"
			r.Tool.Driver.Rules = append(r.Tool.Driver.Rules, extra)
		}, "the rules are the analyzers"},
		{"help page of another rule", func(r *sarifRun) { r.Tool.Driver.Rules[0].HelpURI = "docs/checks/other.md" }, "help URI"},
		{"an analyzer without result", func(r *sarifRun) { r.Results = r.Results[1:] }, "every analyzer has a result"},
		{"wrong index", func(r *sarifRun) { r.Results[0].RuleIndex = 1 }, "ruleId and ruleIndex"},
		{"index out of range", func(r *sarifRun) { r.Results[0].RuleIndex = 99 }, "ruleId and ruleIndex"},
		{"rule in the message", func(r *sarifRun) { r.Results[0].Message.Text += " [" + r.Results[0].RuleID + "]" }, "ruleId alone"},
		{"absolute path", func(r *sarifRun) {
			r.Results[0].Locations[0].PhysicalLocation.ArtifactLocation.URI = "/src/demo/main.go"
		}, "relative location"},
		{"no line", func(r *sarifRun) { r.Results[0].Locations[0].PhysicalLocation.Region.StartLine = 0 }, "relative location"},
		{"no location", func(r *sarifRun) { r.Results[0].Locations = nil }, "relative location"},
		{"no fingerprint", func(r *sarifRun) { r.Results[0].PartialFingerprints = nil }, "partial fingerprint"},
		{"one fingerprint twice", func(r *sarifRun) { r.Results[0].PartialFingerprints = r.Results[1].PartialFingerprints }, "same fingerprint"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			run := goodRun()
			tc.spoil(&run)
			var buf strings.Builder
			checkRun(&checker{w: &buf}, run)
			out := buf.String()
			var failed []string
			for _, line := range strings.Split(out, "\n") {
				if strings.HasPrefix(line, "FAIL") {
					failed = append(failed, line)
				}
			}
			switch {
			case tc.failed == "" && len(failed) > 0:
				t.Errorf("checks failed on a good run:\n%s", out)
			case tc.failed != "" && (len(failed) != 1 || !strings.Contains(failed[0], tc.failed)):
				t.Errorf("want exactly the check %q to fail; got:\n%s", tc.failed, out)
			}
		})
	}
}

// TestSchemaRejects checks that the schema sarifcheck compiles refuses a
// log that breaks it; it needs the schema fetched (scripts/test-sarif.sh
// install) and skips otherwise.
func TestSchemaRejects(t *testing.T) {
	root, err := repo.Root()
	if err != nil {
		t.Fatal(err)
	}
	path := schemaFile(root)
	if _, err := os.Stat(path); err != nil {
		t.Skipf("the schema is not fetched (scripts/test-sarif.sh install): %v", err)
	}
	schema, err := compile(path)
	if err != nil {
		t.Fatal(err)
	}
	valid := `{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"mcplint"}},"results":[]}]}`
	for log, want := range map[string]bool{
		valid:                           true,
		`{"version":"2.0.0","runs":[]}`: false,
		`{"version":"2.1.0","runs":[{"tool":{"driver":{}},"results":[]}]}`:                                                           false,
		`{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"mcplint"}},"results":[{"ruleId":"x","message":{},"level":"loud"}]}]}`: false,
	} {
		doc, err := jsonschema.UnmarshalJSON(strings.NewReader(log))
		if err != nil {
			t.Fatal(err)
		}
		if err := schema.Validate(doc); (err == nil) != want {
			t.Errorf("%s: valid %v, want %v (%v)", log, err == nil, want, err)
		}
	}
}
