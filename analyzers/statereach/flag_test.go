package statereach_test

import (
	"strings"
	"testing"

	"github.com/mcplint/mcplint/analyzers/statereach"
)

// TestVerifiersFlag checks that the flag takes every form of a function
// name and rejects what cannot name one, leaving its value unchanged.
func TestVerifiersFlag(t *testing.T) {
	setFlag(t, "")
	f := statereach.Analyzer.Flags.Lookup("verifiers")
	for _, good := range []string{
		"example.com/app/auth.Check",
		"example.com/pkg.(*T).Open, example.com/pkg.(T).Open,example.com/pkg.T.Open",
		"fmt.Println",
		"",
	} {
		if err := f.Value.Set(good); err != nil {
			t.Errorf("-statereach.verifiers=%q: %v", good, err)
		}
	}
	f.Value.Set("example.com/ok.Check")
	for _, bad := range []string{"garbage", "example.com/auth", "example.com/auth.", "example.com/auth.a.b.c", "example.com/auth.(*T).1x", "example.com/ok.Check,garbage"} {
		err := f.Value.Set(bad)
		if err == nil || !strings.Contains(err.Error(), "is not a function name") {
			t.Errorf("-statereach.verifiers=%q: err = %v, want one saying it is not a function name", bad, err)
		}
		if got := f.Value.String(); got != "example.com/ok.Check" {
			t.Errorf("-statereach.verifiers=%q changed the value to %q", bad, got)
		}
	}
	v, err := statereach.ParseVerifier("example.com/pkg.(*Checker).Verify")
	if want := (statereach.VerifierName{PkgPath: "example.com/pkg", Type: "Checker", Func: "Verify"}); err != nil || v != want {
		t.Errorf("ParseVerifier = %+v, %v; want %+v", v, err, want)
	}
}
