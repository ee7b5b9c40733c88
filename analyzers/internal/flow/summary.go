package flow

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// A Reach is a function's summary: it reaches a sink, directly or through
// the calls it makes. It is small, to be carried as the body of an
// analyzer's object fact.
type Reach struct {
	Sink string   // what is reached, as the analyzer's Sink described it
	Via  []string // the functions called on the way, outermost first, as named by Reacher.Name
}

// A Reacher computes which functions of a package reach a sink, through
// static calls, interface methods and function values resolved in the
// package ([Graph.Callees]), and, for callees of other packages, through
// the analyzer's facts ([Reacher.Import]). Every summary is computed by
// one fixed point over the package's source functions.
type Reacher struct {
	Graph *Graph
	// Sink describes the callee of a call if calling it is itself a sink
	// (a table lookup), or returns false.
	Sink func(site ssa.CallInstruction, callee Callee) (string, bool)
	// Import returns the summary of a function of another package, read
	// from the analyzer's fact, or false. May be nil.
	Import func(fn *types.Func) (Reach, bool)
	// Name names a function in Reach.Via.
	Name func(fn *ssa.Function) string
	// Skip, if not nil, reports call sites not to follow (a call that
	// the analyzer knows is guarded, or that it reports itself).
	Skip func(site ssa.CallInstruction) bool
	// Runs, if not nil, returns the functions a call runs besides its
	// callees: function values passed to a callee that the analyzer knows
	// calls them (a table of such callees, such as sync.WaitGroup.Go).
	Runs func(site ssa.CallInstruction) []*ssa.Function
	// Own, if not nil, describes what a function reaches by its own
	// code rather than by a call (a construct of its syntax), or returns
	// false. It is asked before the function's calls.
	Own func(fn *ssa.Function) (string, bool)
	// Inner, if not nil, reports the function literals whose calls are
	// their enclosing function's own, whether or not it calls them (for
	// an analyzer whose rule reads a function with the literals written
	// in it). The literals of a literal it rejects are not asked.
	Inner func(lit *ssa.Function) bool
	// Exact, if set, resolves calls to what they run, not what they may
	// run for some value of a type ([Graph.ExactCallees]): for a summary
	// that claims what a function does, as a finding does.
	Exact bool

	summaries map[*ssa.Function]Reach
}

// Summaries returns the summary of each source function of the package
// that reaches a sink. It computes them on the first call.
func (r *Reacher) Summaries() map[*ssa.Function]Reach {
	if r.summaries == nil {
		r.summaries = Fixpoint(r.Graph.Prog.Funcs, func(fn *ssa.Function, known map[*ssa.Function]Reach) (Reach, bool) {
			if r.Own != nil {
				if what, ok := r.Own(fn); ok {
					return Reach{Sink: what}, true
				}
			}
			var found Reach
			ok := false
			r.EachCall(fn, func(site ssa.CallInstruction) bool {
				found, ok = r.call(site, known)
				return !ok
			})
			return found, ok
		})
	}
	return r.summaries
}

// Func returns the summary of fn: of a source function of the package, or,
// through Import, of a function of another package.
func (r *Reacher) Func(fn *ssa.Function) (Reach, bool) {
	s, ok := r.Summaries()[fn]
	return s, ok
}

// Call returns what the call reaches: a sink it calls, or the summary of
// a function it may call, with that function named first in Via.
func (r *Reacher) Call(site ssa.CallInstruction) (Reach, bool) {
	return r.call(site, r.Summaries())
}

// CallSkipping is [Reacher.Call] without the callees that skip reports:
// for an analyzer that follows some of them itself (the function literals
// of a body it walks).
func (r *Reacher) CallSkipping(site ssa.CallInstruction, skip func(*ssa.Function) bool) (Reach, bool) {
	return r.reach(site, r.Summaries(), skip)
}

// Targets returns the functions that a call may run: its callees
// ([Graph.CalleesOf], or [Graph.ExactCallees] if Exact) and those that
// Runs adds.
func (r *Reacher) Targets(site ssa.CallInstruction) []Callee {
	callees, _ := r.Graph.callees(site.Common(), r.Exact)
	if r.Runs != nil {
		for _, fn := range r.Runs(site) {
			callees = append(callees, r.Graph.callee(fn))
		}
	}
	return callees
}

func (r *Reacher) call(site ssa.CallInstruction, known map[*ssa.Function]Reach) (Reach, bool) {
	return r.reach(site, known, nil)
}

func (r *Reacher) reach(site ssa.CallInstruction, known map[*ssa.Function]Reach, skip func(*ssa.Function) bool) (Reach, bool) {
	if r.Skip != nil && r.Skip(site) {
		return Reach{}, false
	}
	for _, c := range r.Targets(site) {
		if r.Sink != nil {
			if what, ok := r.Sink(site, c); ok {
				return Reach{Sink: what}, true
			}
		}
		if c.Func != nil {
			if skip != nil && skip(c.Func) {
				continue
			}
			if s, ok := known[c.Func]; ok {
				return r.through(c.Func, s), true
			}
			continue
		}
		if c.Obj != nil && r.Import != nil {
			if s, ok := r.Import(c.Obj.Origin()); ok {
				return s, true // named in the fact already, by its own package
			}
		}
	}
	return Reach{}, false
}

func (r *Reacher) through(fn *ssa.Function, s Reach) Reach {
	name := fn.Name()
	if r.Name != nil {
		name = r.Name(fn)
	}
	return Reach{Sink: s.Sink, Via: append([]string{name}, s.Via...)}
}

// EachCall calls f for each call instruction of fn, in block order, and
// then of the literals that Inner accepts (depth first), until f returns
// false.
func (r *Reacher) EachCall(fn *ssa.Function, f func(ssa.CallInstruction) bool) {
	r.eachCall(fn, f)
}

func (r *Reacher) eachCall(fn *ssa.Function, f func(ssa.CallInstruction) bool) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if site, ok := instr.(ssa.CallInstruction); ok && !f(site) {
				return false
			}
		}
	}
	if r.Inner != nil {
		for _, lit := range fn.AnonFuncs {
			if r.Inner(lit) && !r.eachCall(lit, f) {
				return false
			}
		}
	}
	return true
}

// Export calls export for each function of the package that reaches a
// sink and has an object that importers can see (a declared function or
// method), so that the analyzer exports its fact. The summary passed is
// as seen from another package: the function itself is first in Via.
func (r *Reacher) Export(export func(fn *types.Func, s Reach)) {
	for _, fn := range r.Graph.Prog.Funcs {
		s, ok := r.Summaries()[fn]
		if !ok {
			continue
		}
		if obj, isFunc := fn.Object().(*types.Func); isFunc {
			export(obj, r.through(fn, s))
		}
	}
}
