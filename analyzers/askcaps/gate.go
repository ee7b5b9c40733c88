package askcaps

import (
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/mcplint/mcplint/analyzers/internal/flow"
	"github.com/mcplint/mcplint/analyzers/internal/knowledge"
)

// Judging each handler: an input request is gated when a check of its
// capability dominates it, in its function or, up the package's calls, at
// every call that leads to it; a handler the package registers with an SDK
// is gated only by such a check, or by a wrapper that checks and is given
// the handler at its registration (a middleware of another package,
// through the fact ChecksCapabilities). A function whose callers the
// package does not show (exported, used as a value, registered by another
// package) is gated as a whole package is: when the package, or a package
// it imports, reads the capability (the registering package may hide the
// tool from clients without it).

// ChecksCapabilities is the fact that a function reads the client
// capabilities Kinds, itself or through the functions it calls, and, for
// a function that returns a function (a middleware), that the function
// literals it makes read Wrapped: the handler it returns checks them
// before it calls the one it wraps.
type ChecksCapabilities struct {
	Kinds   []string // sorted
	Wrapped []string // sorted
}

func (*ChecksCapabilities) AFact() {}

func (f *ChecksCapabilities) String() string {
	s := "checksCapabilities(" + strings.Join(f.Kinds, ", ") + ")"
	if len(f.Wrapped) > 0 {
		s += " wraps(" + strings.Join(f.Wrapped, ", ") + ")"
	}
	return s
}

// maxCallers bounds how far up the package's calls a request is followed.
const maxCallers = 6

// A gate judges the requests of one package.
type gate struct {
	pass *analysis.Pass
	g    *flow.Graph
	// checks are the capabilities each function of the package checks,
	// itself, in its callees or in its literals.
	checks map[*ssa.Function]map[string]bool
	// wraps are the capabilities that the handler a middleware of the
	// package returns checks.
	wraps map[*ssa.Function]map[string]bool
	// packageReads are the capabilities the package or its imports read.
	packageReads map[string]bool
	// registered are the handlers the package registers with an SDK, each
	// with the capabilities the wrappers it is registered through check.
	registered map[*ssa.Function]map[string]bool
}

func newGate(pass *analysis.Pass, g *flow.Graph, packageReads map[string]bool) *gate {
	gt := &gate{pass: pass, g: g, packageReads: packageReads, registered: make(map[*ssa.Function]map[string]bool)}
	reads := func(bodies []*ssa.Function, known map[*ssa.Function]map[string]bool) map[string]bool {
		kinds := make(map[string]bool)
		for _, f := range bodies {
			flow.Instrs(f, func(instr ssa.Instruction) {
				if k := capabilityRead(instr); k != "" {
					kinds[k] = true
				}
				if call, ok := instr.(ssa.CallInstruction); ok {
					for k := range gt.calleeChecks(call, known, false) {
						kinds[k] = true
					}
				}
			})
		}
		return kinds
	}
	gt.checks = flow.Fixpoint(g.Prog.Funcs, func(fn *ssa.Function, known map[*ssa.Function]map[string]bool) (map[string]bool, bool) {
		kinds := reads([]*ssa.Function{fn}, known)
		return kinds, len(kinds) > 0
	})
	gt.wraps = make(map[*ssa.Function]map[string]bool)
	for _, fn := range g.Prog.Funcs {
		if fn.Parent() == nil && returnsFunc(fn) {
			if kinds := reads(flow.WithClosures(fn), gt.checks); len(kinds) > 0 {
				gt.wraps[fn] = kinds
			}
		}
	}
	for _, fn := range g.Prog.Funcs {
		flow.Instrs(fn, func(instr ssa.Instruction) {
			if call, ok := instr.(ssa.CallInstruction); ok {
				gt.registration(call)
			}
		})
	}
	return gt
}

// returnsFunc reports whether fn returns a function (a middleware that
// wraps a handler).
func returnsFunc(fn *ssa.Function) bool {
	res := fn.Signature.Results()
	for i := 0; i < res.Len(); i++ {
		if _, ok := res.At(i).Type().Underlying().(*types.Signature); ok {
			return true
		}
	}
	return false
}

// exportFacts exports the fact of each exported function that checks.
func (gt *gate) exportFacts() {
	if gt.pass.Pkg.Name() == "main" {
		return
	}
	for _, fn := range gt.g.Prog.Funcs {
		obj, ok := fn.Object().(*types.Func)
		if !ok || !obj.Exported() || fn.Parent() != nil || len(gt.checks[fn])+len(gt.wraps[fn]) == 0 {
			continue
		}
		gt.pass.ExportObjectFact(obj, &ChecksCapabilities{Kinds: sortedKinds(gt.checks[fn]), Wrapped: sortedKinds(gt.wraps[fn])})
	}
}

func sortedKinds(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// capabilityRead returns the capability that instr reads, as a field of
// either SDK's ClientCapabilities, or "".
func capabilityRead(instr ssa.Instruction) string {
	var f *types.Var
	switch x := instr.(type) {
	case *ssa.FieldAddr:
		f = flow.Field(x.X.Type(), x.Field)
	case *ssa.Field:
		f = flow.StructField(x.X.Type(), x.Field)
	}
	if f == nil {
		return ""
	}
	return knowledge.ClientCapability(f)
}

// calleeChecks returns the capabilities that the functions call may run
// check (the package's by known, the others' by their facts), or, with
// wrapped, those that the handlers they return check.
func (gt *gate) calleeChecks(call ssa.CallInstruction, known map[*ssa.Function]map[string]bool, wrapped bool) map[string]bool {
	out := make(map[string]bool)
	callees, _ := gt.g.Callees(call.Common())
	for _, c := range callees {
		if c.Func != nil && gt.g.InPackage(c.Func) {
			m := known[c.Func]
			if wrapped {
				m = gt.wraps[c.Func]
			}
			for k := range m {
				out[k] = true
			}
			continue
		}
		if c.Obj == nil || c.Obj.Pkg() == nil || c.Obj.Pkg() == gt.pass.Pkg {
			continue
		}
		var f ChecksCapabilities
		if gt.pass.ImportObjectFact(c.Obj.Origin(), &f) {
			kinds := f.Kinds
			if wrapped {
				kinds = f.Wrapped
			}
			for _, k := range kinds {
				out[k] = true
			}
		}
	}
	return out
}

// registration records the handlers that call registers with an SDK's
// server, and the capabilities checked by the wrappers it passes them
// through: mcp.AddTool(s, t, gatelib.Require(h)).
func (gt *gate) registration(call ssa.CallInstruction) {
	common := call.Common()
	callees, _ := gt.g.Callees(common)
	if len(callees) == 0 || callees[0].Obj == nil || !knowledge.RegistersHandler(callees[0].Obj.Origin()) || len(common.Args) == 0 {
		return
	}
	var visit func(v ssa.Value, wrapped map[string]bool, depth int)
	visit = func(v ssa.Value, wrapped map[string]bool, depth int) {
		for _, fn := range gt.g.FuncValues(v) {
			kinds := gt.registered[fn]
			if kinds == nil {
				kinds = make(map[string]bool)
				gt.registered[fn] = kinds
			}
			for k := range wrapped {
				kinds[k] = true
			}
		}
		if depth > 3 {
			return
		}
		for _, o := range gt.g.Origins(v) {
			wc, ok := o.(*ssa.Call)
			if !ok {
				continue
			}
			inner := make(map[string]bool)
			for k := range wrapped {
				inner[k] = true
			}
			for k := range gt.calleeChecks(wc, gt.checks, true) {
				inner[k] = true
			}
			for _, a := range wc.Call.Args {
				if _, isFunc := a.Type().Underlying().(*types.Signature); isFunc {
					visit(a, inner, depth+1)
				}
			}
		}
	}
	visit(common.Args[len(common.Args)-1], nil, 0)
}

// gated reports whether a check of capability kind dominates point p of
// its function, or every way into that function that the package shows.
func (gt *gate) gated(p flow.Point, kind string) bool {
	return gt.gatedFrom(p, kind, 0, make(map[*ssa.Function]bool))
}

func (gt *gate) gatedFrom(p flow.Point, kind string, depth int, seen map[*ssa.Function]bool) bool {
	fn := p.Func()
	if gt.dominatedByCheck(p, kind) {
		return true
	}
	if depth > maxCallers || seen[fn] {
		return gt.packageReads[kind]
	}
	seen[fn] = true
	defer delete(seen, fn)
	if wrapped, ok := gt.registered[fn]; ok {
		if !wrapped[kind] {
			return false
		}
	} else if gt.g.UnseenCallers(fn) && !gt.packageReads[kind] {
		return false
	}
	for _, c := range gt.g.Callers(fn) {
		if !gt.gatedFrom(flow.PointOf(c.Site), kind, depth+1, seen) {
			return false
		}
	}
	return true
}

// dominatedByCheck reports whether an instruction of p's function that
// checks capability kind (a read of the field, a call of a function that
// checks it) dominates p.
func (gt *gate) dominatedByCheck(p flow.Point, kind string) bool {
	for _, b := range p.Func().Blocks {
		if !b.Dominates(p.Block) {
			continue
		}
		for i, instr := range b.Instrs {
			if b == p.Block && i >= p.Index {
				break
			}
			if capabilityRead(instr) == kind {
				return true
			}
			if call, ok := instr.(ssa.CallInstruction); ok && gt.calleeChecks(call, gt.checks, false)[kind] {
				return true
			}
		}
	}
	return false
}
