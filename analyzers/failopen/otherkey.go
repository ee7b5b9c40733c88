package failopen

import (
	"fmt"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/mcplint/mcplint/analyzers/internal/knowledge"
)

// A hand-written handler may range over its input responses and go ahead
// on the first accepted answer it finds: with no test of the key, an
// answer to another question (a form of an earlier round, a stray key)
// confirms as well as the answer to the confirmation.

// rangedSite returns the site of next when it steps through go-sdk's
// input responses (whose answers are interfaces holding the SDK's
// result): each answer the loop reads is judged as an answer under a key
// the loop does not know.
func rangedSite(next *ssa.Next) (*site, bool) {
	rng, ok := next.Iter.(*ssa.Range)
	if !ok || next.IsString || !knowledge.IsInputResponseMap(rng.X.Type()) {
		return nil, false
	}
	m, ok := rng.X.Type().Underlying().(*types.Map)
	if !ok || !types.IsInterface(m.Elem()) {
		return nil, false
	}
	answer := extract(next, 2)
	if answer == nil || assertedToOtherKind(answer) {
		return nil, false
	}
	return &site{at: next, name: "InputResponses", answer: "under another key", result: answer, rangeKey: extract(next, 1), ranged: true}, true
}

// otherKeyAdvice is the advice of a finding on a loop that takes an
// answer under any key.
const otherKeyAdvice = "an answer to another question is no consent: read the answer under the key of the confirmation (InputResponses[key]), or test the key in the loop"

// checkOtherKey reports a loop over the input responses whose path on an
// accepted answer goes on into code that a declined one does not reach,
// when the loop never tests the answer's key: an accepted answer under
// another key confirms.
func (c *checker) checkOtherKey(fn *ssa.Function, s *site, ps paths) {
	if !c.reporting || ps[accepted] == nil || ps[declined] == nil || !onlyReported(s.rangeKey, 0) || !c.asksElicitation() {
		return
	}
	b, act := ps.goesOn(ps[accepted], s)
	if act == nil {
		return
	}
	// The loop's range, where the loop reads the answers: the step itself
	// has no position.
	pos := s.at.(*ssa.Next).Iter.Pos()
	c.rep.Report(analysis.Diagnostic{
		Pos: pos, End: exprEnd(fn, pos), Category: CategoryProceeds,
		Message: fmt.Sprintf("when the user accepts a question under another key, %s goes on into the code that only acceptance reaches%s%s: it ranges over the input responses and never tests the key: %s",
			funcName(fn), from(act), decided(ps[accepted].Via[b]), otherKeyAdvice),
	})
}
