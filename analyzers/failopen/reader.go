package failopen

import (
	"fmt"
	"go/constant"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/mcplint/mcplint/analyzers/internal/flow"
	"github.com/mcplint/mcplint/analyzers/internal/knowledge"
)

// Reader is the fact that a function returns the answer to one of a
// hand-written multi-round handler's questions, read from the input
// responses (go-sdk's InputResponses[key], asserted to the SDK's result
// or not; mcp-go's server.ElicitationResponse) or through another reader:
// its result Result is the answer, nil when it is missing, and its bool
// result OK (or -1) says whether it was there. A call of it is judged as
// the read itself, so a team's own lookup helper hides nothing. A reader
// of the answer's action instead (Result -1, Action its string result:
// the action, or "" when the answer is missing) is judged the same way.
type Reader struct {
	Result, OK int
	Action     int
}

func (*Reader) AFact() {}
func (r *Reader) String() string {
	if r.Result < 0 {
		return fmt.Sprintf("reader action=%d", r.Action)
	}
	return fmt.Sprintf("reader result=%d ok=%d", r.Result, r.OK)
}

// readerOf returns fn's Reader fact, or nil. fn reads the answer to one
// of a hand-written handler's questions (from the input responses, or
// through a reader it calls) and hands it back: judged from that read on,
// under each way the question can end, one result is the answer on every
// return (nil when it is missing), or its action ("" when missing); a
// bool result beside the answer, if one is false exactly when it is
// missing, tells presence. A return before the read gives what a missing
// answer gives, as constants.
func (c *checker) readerOf(fn *ssa.Function) *Reader {
	if rewritesResults(fn) {
		return nil
	}
	for s := range c.sites(fn) {
		if s.answer == "" {
			continue
		}
		if ps, ok := c.walk(s); ok {
			if r := ps.reader(fn); r != nil {
				return r
			}
		}
	}
	return nil
}

// reader returns the Reader fact that the returns of ps show, or nil.
func (ps paths) reader(fn *ssa.Function) *Reader {
	results := fn.Signature.Results()
	before := ps.returnsOutside(fn)
	// An answer of another kind (a roots or sampling answer) has no action
	// and confirms nothing: the answer's result is the SDK's, or an
	// interface that holds it.
	isAnswer := func(t types.Type) bool {
		return mayBeNil(t) && (types.IsInterface(t) || knowledge.IsElicitResult(t))
	}
	if i := ps.resultGiving(fn, isAnswer, resultOn); i >= 0 && allConst(before, i, isNilConst) {
		r := &Reader{Result: i, OK: -1, Action: -1}
		for j := range results.Len() {
			if isBool(results.At(j).Type()) && ps.tellsPresence(j) && allConst(before, j, isFalseConst) {
				r.OK = j
				break
			}
		}
		return r
	}
	if results.Len() == 1 && ps.actionAt(fn) == 0 && allConst(before, 0, isEmptyString) {
		return &Reader{Result: -1, OK: -1, Action: 0}
	}
	return nil
}

// tellsPresence reports whether result j is true on every return where
// the answer is there and false on every return where it is missing.
func (ps paths) tellsPresence(j int) bool {
	for o := accepted; o < numOutcomes; o++ {
		want := flow.Bool(o != failed)
		if slices.ContainsFunc(ps.returns(o), func(r flow.Returned) bool { return !r.Results[j].Equal(want) }) {
			return false
		}
	}
	return true
}

// returnsOutside returns the returns of fn that no outcome of ps reaches
// (those before the confirmation).
func (ps paths) returnsOutside(fn *ssa.Function) []*ssa.Return {
	var out []*ssa.Return
	for _, b := range fn.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || slices.ContainsFunc(ps[:], func(r *flow.Region) bool {
			return r != nil && slices.ContainsFunc(r.Returns, func(rr flow.Returned) bool { return rr.Ret == ret })
		}) {
			continue
		}
		out = append(out, ret)
	}
	return out
}

// allConst reports whether every one of rets gives at result i a
// constant that is accepts.
func allConst(rets []*ssa.Return, i int, is func(*ssa.Const) bool) bool {
	for _, r := range rets {
		k, ok := flow.Unconvert(r.Results[i]).(*ssa.Const)
		if !ok || !is(k) {
			return false
		}
	}
	return true
}

func isNilConst(k *ssa.Const) bool { return k.IsNil() }

func isFalseConst(k *ssa.Const) bool {
	return k.Value != nil && k.Value.Kind() == constant.Bool && !constant.BoolVal(k.Value)
}

func isEmptyString(k *ssa.Const) bool {
	return k.Value != nil && k.Value.Kind() == constant.String && constant.StringVal(k.Value) == ""
}

func isStringType(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// mayBeNil reports whether a result of type t can be the nil of a missing
// answer: a pointer or an interface.
func mayBeNil(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Interface:
		return true
	}
	return false
}

// readerFact returns the Reader fact of a call's static callee: the
// package's own, or one imported with the callee's package.
func (c *checker) readerFact(callee *ssa.Function, fn *types.Func) *Reader {
	if callee != nil && c.readers[callee] != nil {
		return c.readers[callee]
	}
	if fn != nil && fn.Pkg() != nil && fn.Pkg() != c.pass.Pkg {
		r := new(Reader)
		if c.pass.ImportObjectFact(fn.Origin(), r) {
			return r
		}
	}
	return nil
}
