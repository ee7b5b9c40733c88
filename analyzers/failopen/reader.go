package failopen

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/mcplint/mcplint/analyzers/internal/flow"
	"github.com/mcplint/mcplint/analyzers/internal/knowledge"
)

// Reader is the fact that a function returns the answer to one of a
// hand-written multi-round handler's questions, read from go-sdk's input
// responses (InputResponses[key], asserted to the SDK's result or not):
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

// reader returns fn's Reader fact, or nil: every return gives at one
// result either nil or the answer read from the input responses, some
// return gives the answer, and, if a bool result goes with it, that is
// false beside nil and true (or the read's own comma-ok) beside the
// answer.
func reader(fn *ssa.Function) *Reader {
	results := fn.Signature.Results()
	var rets []*ssa.Return
	for _, b := range fn.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		if r, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
			rets = append(rets, r)
		}
	}
	for i := 0; i < results.Len(); i++ {
		// An answer of another kind (a roots or sampling answer) has no
		// action and confirms nothing.
		if t := results.At(i).Type(); !mayBeNil(t) || !types.IsInterface(t) && !knowledge.IsElicitResult(t) {
			continue
		}
		read, ok := answerResult(rets, i)
		if !ok || !read {
			continue
		}
		r := &Reader{Result: i, OK: -1, Action: -1}
		for j := 0; j < results.Len(); j++ {
			if isBool(results.At(j).Type()) && tellsPresence(rets, i, j) {
				r.OK = j
				break
			}
		}
		return r
	}
	if results.Len() == 1 && isStringType(results.At(0).Type()) && actionResult(rets) {
		return &Reader{Result: -1, OK: -1, Action: 0}
	}
	return nil
}

// actionResult reports whether every return gives "" or the action of an
// answer read from the input responses, and one gives the action.
func actionResult(rets []*ssa.Return) bool {
	read := false
	for _, r := range rets {
		switch v := flow.Unconvert(r.Results[0]).(type) {
		case *ssa.Const:
			if v.Value == nil || v.Value.Kind() != constant.String || constant.StringVal(v.Value) != "" {
				return false
			}
		case *ssa.UnOp: // answer.Action
			fa, ok := v.X.(*ssa.FieldAddr)
			if !ok || v.Op != token.MUL || answerOf(fa.X) == nil {
				return false
			}
			if f := flow.Field(fa.X.Type(), fa.Field); f == nil || f.Name() != knowledge.ElicitActionField {
				return false
			}
			read = true
		default:
			return false
		}
	}
	return read
}

func isStringType(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// answerResult reports whether every return gives nil or a read answer at
// result i (ok), and whether one gives a read answer (read).
func answerResult(rets []*ssa.Return, i int) (read, ok bool) {
	for _, r := range rets {
		switch v := r.Results[i]; {
		case flow.IsNilConst(v):
		case answerOf(v) != nil:
			read = true
		default:
			return false, false
		}
	}
	return read, len(rets) > 0
}

// answerOf returns the read of the input responses that v is the answer
// of (the lookup itself, or its type assertion, comma-ok or not), or nil.
func answerOf(v ssa.Value) *ssa.Lookup {
	for range 4 {
		switch x := v.(type) {
		case *ssa.Extract:
			if x.Index != 0 {
				return nil
			}
			v = x.Tuple
		case *ssa.TypeAssert:
			v = x.X
		case *ssa.Lookup:
			if _, ok := answerRead(x); ok {
				return x
			}
			return nil
		default:
			return nil
		}
	}
	return nil
}

// tellsPresence reports whether result j is false on every return that
// gives nil at result i, and true, or the comma-ok of the read, on every
// return that gives the answer.
func tellsPresence(rets []*ssa.Return, i, j int) bool {
	for _, r := range rets {
		present := !flow.IsNilConst(r.Results[i])
		k, isConst := r.Results[j].(*ssa.Const)
		switch {
		case isConst && k.Value != nil && k.Value.Kind() == constant.Bool:
			if constant.BoolVal(k.Value) != present {
				return false
			}
		case present && isCommaOk(r.Results[j]):
		default:
			return false
		}
	}
	return true
}

// isCommaOk reports whether v is the comma-ok result of a read of the
// input responses or of the assertion of its answer.
func isCommaOk(v ssa.Value) bool {
	e, ok := v.(*ssa.Extract)
	if !ok || e.Index != 1 {
		return false
	}
	switch t := e.Tuple.(type) {
	case *ssa.Lookup:
		return answerOf(t) != nil
	case *ssa.TypeAssert:
		return answerOf(t.X) != nil
	}
	return false
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
