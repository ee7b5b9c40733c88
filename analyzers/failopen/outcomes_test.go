package failopen_test

import (
	"go/ast"
	"go/token"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/analyzers/failopen"
	"github.com/mcplint/mcplint/analyzers/internal/checktest"
	"github.com/mcplint/mcplint/analyzers/internal/testenv"
)

// An outcome is one way a one-checkbox question can end, from the
// server's side.
type outcome string

const (
	ticked    outcome = "accepted+ticked" // the only confirming outcome
	unticked  outcome = "accepted+unticked"
	noField   outcome = "accepted without the field"
	declined  outcome = "declined"
	cancelled outcome = "cancelled"
	noAnswer  outcome = "no answer" // a retry without one, under another key, or of another kind
	failed    outcome = "failed request"
)

// named lists the words a message uses for an outcome.
var named = map[outcome][]string{
	unticked:  {"unticked"},
	noField:   {"without the field", "without the box", "field missing", "box missing", "is missing"},
	declined:  {"declines"},
	cancelled: {"cancels"},
	noAnswer:  {"is missing", "no answer", "another key", "another kind"},
	failed:    {"fails"},
}

// A shape is one confirmation in testdata/src/failopen/outcomes: the
// outcomes under which it reaches its effect (the drop or the purge),
// worked out by hand from its code, and whether failopen misses it today.
type shape struct {
	pkg, fn string
	reach   []outcome
	// in names the function the finding is reported in, when it is not
	// fn: a helper of fn's that returns the decision (the "go ahead"
	// value is returned there, and fn only follows it).
	in string
	// missed marks a fail-open shape failopen does not report yet: the
	// test checks that it is still missed, so that catching it makes the
	// test ask for the table to be updated.
	missed bool
}

// The outcome table. Each row's outcomes are worked out by reading its
// function, and checked at run time too: mcptest's TestInventory reads
// this table and runs every shape through the test kit, with an effect
// probe, in each outcome (it lists the rows a real client cannot send).
var shapes = []shape{
	// go-sdk, correct.
	{pkg: "gosdk", fn: "Ticked", reach: []outcome{ticked}},
	{pkg: "gosdk", fn: "TickedApart", reach: []outcome{ticked}},
	{pkg: "gosdk", fn: "TickedInsideAccept", reach: []outcome{ticked}},
	{pkg: "gosdk", fn: "LocalStruct", reach: []outcome{ticked}},
	{pkg: "gosdk", fn: "VarSchemaTicked", reach: []outcome{ticked}},
	{pkg: "gosdk", fn: "LegacyTicked", reach: []outcome{ticked}},
	{pkg: "gosdk", fn: "TickedReask", reach: []outcome{ticked}},
	{pkg: "gosdk", fn: "LegacyTickedApart", reach: []outcome{ticked}},
	{pkg: "gosdk", fn: "TickedCommaOk", reach: []outcome{ticked}},
	{pkg: "gosdk", fn: "TickedEqualTrue", reach: []outcome{ticked}},
	{pkg: "gosdk", fn: "CountedThenRead", reach: []outcome{ticked}},
	{pkg: "gosdk", fn: "CountLogged", reach: []outcome{ticked}},
	{pkg: "gosdk", fn: "OtherKeyChecked", reach: []outcome{ticked}},
	{pkg: "gosdk", fn: "BoolPairReask", reach: []outcome{ticked}},
	{pkg: "gosdk", fn: "BoolPairConfirmedFirst", reach: []outcome{ticked}},
	{pkg: "gosdk", fn: "BoolPairRefuse", reach: []outcome{ticked}},
	{pkg: "gosdk", fn: "BoolPairSpelled", reach: []outcome{ticked}},
	// go-sdk, fail open.
	{pkg: "gosdk", fn: "AcceptOnly", reach: []outcome{ticked, unticked, noField}},
	{pkg: "gosdk", fn: "BoxInsideAccept", reach: []outcome{ticked, declined, cancelled}},
	{pkg: "gosdk", fn: "AnyAnswer", reach: []outcome{ticked, unticked, noField, declined, cancelled, noAnswer}},
	{pkg: "gosdk", fn: "Presence", reach: []outcome{ticked, unticked, noField, declined, cancelled, noAnswer}},
	{pkg: "gosdk", fn: "OtherKey", reach: []outcome{ticked, noAnswer}},
	{pkg: "gosdk", fn: "NotUnticked", reach: []outcome{ticked, noField}},
	{pkg: "gosdk", fn: "VarSchemaAcceptOnly", reach: []outcome{ticked, unticked, noField}},
	{pkg: "gosdk", fn: "LegacyAcceptOnly", reach: []outcome{ticked, unticked, noField}},
	{pkg: "gosdk", fn: "LegacyFailed", reach: []outcome{ticked, failed}},
	{pkg: "gosdk", fn: "DeclineOnly", reach: []outcome{ticked, noField, cancelled}},
	{pkg: "gosdk", fn: "NotUntickedCommaOk", reach: []outcome{ticked, noField}},
	{pkg: "gosdk", fn: "LegacyNotUnticked", reach: []outcome{ticked, noField}},
	{pkg: "gosdk", fn: "AnyAnswerNil", reach: []outcome{ticked, unticked, noField, declined, cancelled, noAnswer}},
	{pkg: "gosdk", fn: "OtherKeyLogged", reach: []outcome{ticked, noAnswer}},
	{pkg: "gosdk", fn: "BoolPairMissing", reach: []outcome{ticked, noField}, in: "lenientBoxAnswer"},
	// mcp-go, correct.
	{pkg: "mcpgo", fn: "Ticked", reach: []outcome{ticked}},
	{pkg: "mcpgo", fn: "TickedApart", reach: []outcome{ticked}},
	{pkg: "mcpgo", fn: "ReaskChain", reach: []outcome{ticked}},
	{pkg: "mcpgo", fn: "TickedInsideAccept", reach: []outcome{ticked}},
	{pkg: "mcpgo", fn: "LocalStruct", reach: []outcome{ticked}},
	{pkg: "mcpgo", fn: "VarSchemaTicked", reach: []outcome{ticked}},
	{pkg: "mcpgo", fn: "LegacyTicked", reach: []outcome{ticked}},
	{pkg: "mcpgo", fn: "LegacyTickedApart", reach: []outcome{ticked}},
	{pkg: "mcpgo", fn: "TickedCommaOk", reach: []outcome{ticked}},
	{pkg: "mcpgo", fn: "TickedEqualTrue", reach: []outcome{ticked}},
	{pkg: "mcpgo", fn: "CountedThenRead", reach: []outcome{ticked}},
	{pkg: "mcpgo", fn: "CountLogged", reach: []outcome{ticked}},
	{pkg: "mcpgo", fn: "RangeChecked", reach: []outcome{ticked}},
	{pkg: "mcpgo", fn: "BoolPairReask", reach: []outcome{ticked}},
	// mcp-go, fail open.
	{pkg: "mcpgo", fn: "AcceptOnly", reach: []outcome{ticked, unticked, noField}},
	{pkg: "mcpgo", fn: "BoxInsideAccept", reach: []outcome{ticked, declined, cancelled, noAnswer}},
	{pkg: "mcpgo", fn: "AnyAnswer", reach: []outcome{ticked, unticked, noField, declined, cancelled, noAnswer}},
	{pkg: "mcpgo", fn: "Presence", reach: []outcome{ticked, unticked, noField, declined, cancelled, noAnswer}},
	{pkg: "mcpgo", fn: "NotUnticked", reach: []outcome{ticked, noField}},
	{pkg: "mcpgo", fn: "VarSchemaAcceptOnly", reach: []outcome{ticked, unticked, noField}},
	{pkg: "mcpgo", fn: "LegacyAcceptOnly", reach: []outcome{ticked, unticked, noField}},
	{pkg: "mcpgo", fn: "UnlessBoth", reach: []outcome{ticked, unticked, noField}},
	{pkg: "mcpgo", fn: "NotUntickedCommaOk", reach: []outcome{ticked, noField}},
	{pkg: "mcpgo", fn: "LegacyNotUnticked", reach: []outcome{ticked, noField}},
	{pkg: "mcpgo", fn: "AnyAnswerNil", reach: []outcome{ticked, unticked, noField, declined, cancelled, noAnswer}},
	{pkg: "mcpgo", fn: "BoolPairMissing", reach: []outcome{ticked, noField}, in: "lenientBoxAnswer"},
}

// TestOutcomes checks failopen against the outcome table: a shape only
// the confirming outcome reaches the effect of is not reported; any other
// is, by a message that names one of the outcomes that reach the effect.
func TestOutcomes(t *testing.T) {
	var quiet recorder // the testdata carries no // want: the table is the expectation
	got := map[string][]string{}
	for _, act := range checktest.Run(&quiet, testenv.Download(t, "failopen"), failopen.Analyzer, "./outcomes/...") {
		pkg := act.Package.Name
		for _, d := range act.Diagnostics {
			fn := enclosing(act.Package.Syntax, d.Pos)
			got[pkg+"."+fn] = append(got[pkg+"."+fn], d.Message)
		}
	}
	seen := map[string]bool{}
	open := 0
	for _, s := range shapes {
		key := s.pkg + "." + s.fn
		if s.in != "" {
			key = s.pkg + "." + s.in
		}
		if seen[key] {
			t.Fatalf("%s is in the table twice", key)
		}
		seen[key] = true
		msgs := got[key]
		confirmOnly := len(s.reach) == 1 && s.reach[0] == ticked
		switch {
		case confirmOnly:
			for _, m := range msgs {
				t.Errorf("%s: only %s reaches the effect, yet: %s", key, ticked, m)
			}
		case s.missed:
			open++
			if len(msgs) > 0 {
				t.Errorf("%s is reported now (%s): take missed off its row", key, msgs[0])
			}
		default:
			open++
			if len(msgs) == 0 {
				t.Errorf("%s: %v reach the effect, not reported", key, s.reach[1:])
				continue
			}
			if !namesOne(msgs, s.reach) {
				t.Errorf("%s: %v reach the effect, the message names none of them: %s", key, s.reach[1:], msgs[0])
			}
		}
	}
	for key, msgs := range got {
		if !seen[key] {
			t.Errorf("%s is reported but not in the table: %s", key, msgs[0])
		}
	}
	if n := len(shapes); n < 30 || 2*open < n-4 || 2*open > n+4 {
		t.Errorf("the table has %d shapes, %d fail open: want at least 30, about half fail open", n, open)
	}
}

func namesOne(msgs []string, reach []outcome) bool {
	for _, m := range msgs {
		for _, o := range reach {
			for _, w := range named[o] {
				if strings.Contains(m, w) {
					return true
				}
			}
		}
	}
	return false
}

// enclosing names the top-level function of files that holds pos.
func enclosing(files []*ast.File, pos token.Pos) string {
	for _, f := range files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Pos() <= pos && pos < fd.End() {
				return fd.Name.Name
			}
		}
	}
	return "(outside any function)"
}
