package statereach

import (
	"fmt"
	"go/ast"
	"go/types"

	"github.com/mcplint/mcplint/analyzers/internal/check"
	"github.com/mcplint/mcplint/analyzers/internal/flow"
)

// The runtime-owned analysis: reads of request state in resolver-based
// code, where the runtime owns the channel.

// readsFacts computes which functions of the package read request state,
// through the calls of the package and the facts of others.
func (c *checker) readsFacts() map[*types.Func]*ReadsState {
	var fns []*types.Func
	units := make(map[*types.Func]*unit)
	for _, u := range c.units {
		if u.fn != nil {
			fns = append(fns, u.fn)
			units[u.fn] = u
		}
	}
	return flow.Fixpoint(fns, func(fn *types.Func, reads map[*types.Func]*ReadsState) (*ReadsState, bool) {
		u := units[fn]
		if len(u.accesses) > 0 {
			return &ReadsState{What: u.accesses[0].what, In: check.FuncName(u.fn)}, true
		}
		for _, cl := range u.calls {
			f := reads[cl.callee]
			if f == nil {
				f = c.importedReads(cl.callee)
			}
			if f != nil {
				return f, true
			}
		}
		return nil, false
	})
}

func (c *checker) importedReads(fn *types.Func) *ReadsState {
	if fn.Pkg() == nil || fn.Pkg() == c.pass.Pkg {
		return nil
	}
	f := new(ReadsState)
	if c.pass.ImportObjectFact(fn, f) {
		return f
	}
	return nil
}

// own marks the units that are resolver-based code: the roots, and the
// functions of the package that they call.
func (c *checker) own() {
	var queue []*unit
	for _, u := range c.units {
		if u.role != "" {
			u.owned = true
			u.who = u.role + " " + u.name
			u.root = u.who
			queue = append(queue, u)
		}
	}
	for len(queue) > 0 {
		u := queue[0]
		queue = queue[1:]
		for _, cl := range u.calls {
			v := c.funcs[cl.callee]
			if v == nil || v.owned {
				continue
			}
			v.owned = true
			v.root = u.root
			v.who = fmt.Sprintf("%s (called from %s)", v.name, u.root)
			queue = append(queue, v)
		}
	}
}

func (c *checker) report(n ast.Node, cat, format string, args ...any) {
	c.rep.ReportfOnce(n, cat, format, args...)
}

// reportImportedRoot reports a resolver or handler of another package
// that reads request state, unless it is reported in its own package.
func (c *checker) reportImportedRoot(r importedRoot) {
	if rootSignature(r.fn.Signature()) {
		return
	}
	if f := c.importedReads(r.fn); f != nil {
		c.report(r.arg, CategoryRuntimeOwned, "%s %s reads request state (%s, in %s) outside the elicit path: %s",
			r.role, types.ExprString(r.arg), f.What, f.In, ownedWhy)
	}
}

// reportOwned reports every read of request state in resolver-based code.
func (c *checker) reportOwned(u *unit) {
	for _, a := range u.accesses {
		if a.expr != "" {
			c.report(a.node, CategoryRuntimeOwned, "%s reads %s outside the elicit path: %s", u.who, a.expr, ownedWhy)
		} else {
			c.report(a.node, CategoryRuntimeOwned, "%s calls %s, which reads input responses outside the elicit path: %s", u.who, a.what, ownedWhy)
		}
	}
	for _, cl := range u.calls {
		if f := c.importedReads(cl.callee); f != nil {
			c.report(cl.node, CategoryRuntimeOwned, "%s calls %s, which reads request state (%s, in %s) outside the elicit path: %s",
				u.who, types.ExprString(cl.node.Fun), f.What, f.In, ownedWhy)
		}
	}
}
