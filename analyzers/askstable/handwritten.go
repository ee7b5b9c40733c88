package askstable

import (
	"github.com/mcplint/mcplint/analyzers/internal/check"
	"github.com/mcplint/mcplint/analyzers/internal/rounds"
)

// keyPart names an input request's key, the part of a hand-written
// question that has to come back unchanged, in messages.
const keyPart = "input request's key"

// keyFix is the fix for a hand-written input request whose key changes.
func keyFix() string {
	return "the key changes every round, so the answer is never found and the client gives up after its round budget: " +
		"ask under a constant key, or one built from the tool's input and earlier answers, or carry a generated key to the next round in RequestState " +
		"(a resolver's question needs no key: see " + check.DocURL("migrate.md") + ", from a hand-written handler to resolvers)"
}

// keys checks the keys of the package's hand-written input requests: a
// key built from a value that changes between rounds is reported, and a
// key built from a parameter makes the function one that puts its
// argument into a question, so that its callers are checked in turn
// (questions). A package that never reads an answer by its key (it
// ranges over the responses) does not need the key back; a key carried
// to the next round in the request state is found there.
func (c *checker) keys() {
	r := rounds.Of(c.pass)
	if !r.ReadsByKey() {
		return
	}
	for _, req := range r.Requests {
		if r.CarriedInState(req) {
			continue
		}
		t := c.value(req.Key)
		if t.why != "" && !t.mapOrder { // a key ranged out of a map is the same key in any order
			c.reportIn(CategoryKey, req.Pos(), "the %s depends on %s, which changes between rounds: %s", keyPart, t.why, keyFix())
		}
		c.recordParams(req.Fn, t, keyPart)
	}
}
