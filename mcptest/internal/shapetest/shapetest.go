// Package shapetest holds the checks that both bindings' tests make of one
// reduced shape, so that the go-sdk and mcp-go copies of a shape differ
// only in how the tool is written and registered.
package shapetest

import (
	"slices"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/mcptest/internal/kit"
)

// Transplants checks the kit's report on a tool that marks its question
// with a state it hands out itself (a reduction of a public server's
// prune): reported lists the tampered-state variants statereach must
// report, none for a constant marker. A replay with a constant marker is a
// new call answering ahead with a public marker, so single use is reported
// exactly when the state is per call (reported is not nil).
func Transplants(t testing.TB, r *kit.Report, reported []string) {
	t.Helper()
	var got []string
	for _, f := range r.Findings {
		t.Log(f)
		if v, ok := strings.CutPrefix(f.Scenario, "tampered state: "); ok && f.Rule == "statereach" {
			got = append(got, v)
		}
	}
	if !slices.Equal(got, reported) {
		t.Errorf("tampered-state findings %v, want %v", got, reported)
	}
	// An answer under a key the tool never asks is refused like any other
	// stray answer, before the tool reads a thing.
	if reported == nil && slices.Contains(r.Rules(), "statereach") {
		t.Errorf("rules %v: the constant marker reported under statereach", r.Rules())
	}
	if perCall := reported != nil; slices.Contains(r.Rules(), "singleuse") != perCall {
		t.Errorf("rules %v: single use reported %v, want %v", r.Rules(), !perCall, perCall)
	}
}

// AnswerUnderAnotherKey checks the kit's report on a tool that asks one
// checkbox question "box": one that takes a ticked answer under any key
// (anyKey) is reported under failopen for the confirming answer sent under
// another key, and only for it; one that checks the key is not reported.
func AnswerUnderAnotherKey(t testing.TB, r *kit.Report, anyKey bool) {
	t.Helper()
	var got []string
	for _, f := range r.Findings {
		if f.Rule == "failopen" {
			got = append(got, f.Scenario)
		}
	}
	var want []string
	if anyKey {
		want = []string{`the confirming answer under another key to question "box" of round 1`}
	}
	if !slices.Equal(got, want) {
		t.Errorf("a ticked answer taken under any key %v: failopen findings %q, want %q", anyKey, got, want)
	}
}
