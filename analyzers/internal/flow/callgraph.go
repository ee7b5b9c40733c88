package flow

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// A Call is a call of one of the package's functions: the call
// instruction, the function it is in, and a function it may run, as
// [Graph.Callees] resolves it.
type Call struct {
	Site   ssa.CallInstruction
	Caller *ssa.Function
	Callee *ssa.Function
}

// callGraph is the package's calls of its own functions, and the
// functions it uses as values; built once, on first use.
type callGraph struct {
	calls     map[*ssa.Function][]Call // caller -> its calls, in instruction order
	callers   map[*ssa.Function][]Call // callee -> the calls of it
	usedAsVal map[*ssa.Function]bool   // used as a value, not only called
}

// Calls returns the calls that fn makes of the package's functions
// (source functions and the package initializer), in instruction order;
// a call that may run several functions is one Call each.
func (g *Graph) Calls(fn *ssa.Function) []Call { return g.callGraph().calls[fn] }

// Callers returns the calls of fn in the package.
func (g *Graph) Callers(fn *ssa.Function) []Call { return g.callGraph().callers[fn] }

// UnseenCallers reports whether fn may be called from where the package
// does not show: it is used as a value (stored, passed, returned, a
// closure that escapes), is exported from a package other than main (a
// method too), is main or init of package main, or is called nowhere in
// the package (a function literal whose closure is made is called where
// the closure goes).
func (g *Graph) UnseenCallers(fn *ssa.Function) bool {
	cg := g.callGraph()
	if cg.usedAsVal[fn] {
		return true
	}
	main := g.pkg.Name() == "main"
	if obj, ok := fn.Object().(*types.Func); ok {
		if obj.Exported() && !main {
			return true
		}
		if main && (obj.Name() == "main" || obj.Name() == "init") && fn.Signature.Recv() == nil {
			return true
		}
	}
	if fn.Parent() != nil {
		return g.Prog.Closures[fn] == nil && len(cg.callers[fn]) == 0
	}
	return len(cg.callers[fn]) == 0
}

func (g *Graph) callGraph() *callGraph {
	if g.calls != nil {
		return g.calls
	}
	cg := &callGraph{
		calls:     make(map[*ssa.Function][]Call),
		callers:   make(map[*ssa.Function][]Call),
		usedAsVal: make(map[*ssa.Function]bool),
	}
	g.own(nil) // index the package's functions
	own := g.owned
	for _, fn := range g.allFuncs() {
		Instrs(fn, func(instr ssa.Instruction) {
			if mc, ok := instr.(*ssa.MakeClosure); ok && !onlyCalled(mc) {
				cg.usedAsVal[mc.Fn.(*ssa.Function)] = true
			}
			markValues(instr, own, cg.usedAsVal)
			site, ok := instr.(ssa.CallInstruction)
			if !ok {
				return
			}
			callees, _ := g.Callees(site.Common())
			for _, c := range callees {
				if c.Func != nil && own[c.Func] {
					call := Call{site, fn, c.Func}
					cg.calls[fn] = append(cg.calls[fn], call)
					cg.callers[c.Func] = append(cg.callers[c.Func], call)
				}
			}
		})
	}
	g.calls = cg
	return cg
}

// markValues marks the package's functions that instr uses as values
// rather than calls.
func markValues(instr ssa.Instruction, own, used map[*ssa.Function]bool) {
	if _, debug := instr.(*ssa.DebugRef); debug {
		return // the debug reference of a call's function name
	}
	var callee ssa.Value
	if call, ok := instr.(ssa.CallInstruction); ok && !call.Common().IsInvoke() {
		callee = call.Common().Value
	}
	mc, _ := instr.(*ssa.MakeClosure)
	for _, op := range instr.Operands(nil) {
		fn, ok := (*op).(*ssa.Function)
		if !ok || !own[fn] || *op == callee || mc != nil && fn == mc.Fn {
			continue
		}
		used[fn] = true
	}
}

// onlyCalled reports whether a closure is only called where it is made.
func onlyCalled(mc *ssa.MakeClosure) bool {
	for _, r := range *mc.Referrers() {
		call, ok := r.(ssa.CallInstruction)
		if !ok || call.Common().Value != mc {
			if _, debug := r.(*ssa.DebugRef); !debug {
				return false
			}
		}
	}
	return true
}

// Arg returns the argument of a call that parameter i of the callee
// receives (the receiver first, for an interface call too), or nil.
func Arg(site ssa.CallInstruction, i int) ssa.Value {
	common := site.Common()
	if common.IsInvoke() {
		if i == 0 {
			return common.Value
		}
		i--
	}
	if i < len(common.Args) {
		return common.Args[i]
	}
	return nil
}
