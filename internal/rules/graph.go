package rules

import (
	"fmt"
	"slices"
	"strings"
)

// checkWireKeys gives every node its wire key and rejects empty keys and
// keys that two nodes share, explicit or default alike. Keys are never
// renamed, so a collision fails whatever the order of the resolvers.
func (c *checker[T]) checkWireKeys() {
	owner := make(map[string]*Node[T])
	for _, n := range c.raw {
		key, explicit, known := c.ts.WireKey(n.Provides)
		if !known {
			continue
		}
		at := c.reg.Resolvers[n.Resolver].At
		if explicit && key == "" {
			c.fail(InputKey, at, "%s.InputKey returns an empty key; return a key that is unique within the tool", c.ts.String(n.Provides))
			continue
		}
		n.Key = key
		if prev, dup := owner[key]; dup {
			c.fail(InputKey, at, "resolvers %s and %s both ask under the key %q; give one of their types an InputKey method that returns a key of its own",
				c.name(prev), c.name(n), key)
			continue
		}
		owner[key] = n
	}
}

// unprovidable says why a resolver may not provide t, or returns "".
func (c *checker[T]) unprovidable(t T) string {
	switch {
	case c.ts.IsContext(t), c.ts.IsRequest(c.reg.Method, t), c.isInput(t):
		return "which the engine supplies itself"
	case c.ts.IsError(t):
		return "which is reserved for errors"
	}
	if _, ok := c.ts.ElicitArg(t); ok {
		return "which is not a value type"
	}
	if _, ok := c.ts.OutcomeArg(t); ok {
		return "which is not a value type"
	}
	return ""
}

func (c *checker[T]) provider(t T) int {
	for i, n := range c.raw {
		if c.ts.Identical(n.Provides, t) {
			return i
		}
	}
	return -1
}

// pointerHint returns, for a type no resolver provides, what to take
// instead when a resolver provides the pointer to it or the type it points
// to (a handler taking *Confirm where the resolver provides Confirm, the
// usual cause of a missing provider and an unused resolver at once); or "".
// The two sides spell types the same way, so the spelling compares them.
func (c *checker[T]) pointerHint(want T) string {
	w := c.ts.String(want)
	for _, n := range c.raw {
		p := c.ts.String(n.Provides)
		if p == "*"+w || "*"+p == w {
			return fmt.Sprintf(" (resolver %s provides %s: take %s, not %s)", c.reg.Resolvers[n.Resolver].Name, p, p, w)
		}
	}
	return ""
}

// param classifies a resolver parameter; pos counts from 1.
func (c *checker[T]) param(t T, where string, pos int, at any) (Arg, bool) {
	switch {
	case c.ts.IsContext(t):
		return Arg{Kind: ArgContext}, true
	case c.ts.IsRequest(c.reg.Method, t):
		return Arg{Kind: ArgRequest}, true
	case c.isInput(t):
		return Arg{Kind: ArgInput}, true
	}
	return c.resolvedArg(t, where, pos, at)
}

// resolvedArg classifies a parameter that a resolver must provide.
func (c *checker[T]) resolvedArg(t T, where string, pos int, at any) (Arg, bool) {
	kind, want := ArgValue, t
	if _, ok := c.ts.ElicitArg(t); ok {
		c.fail(ParameterKind, at, "%s has parameter %d of type %s, which is a resolver result, not a value; take the value type itself, or resolve.Outcome of it",
			where, pos, c.ts.String(t))
		return Arg{}, false
	} else if v, ok := c.ts.OutcomeArg(t); ok {
		kind, want = ArgOutcome, v
	} else if c.ts.IsContext(t) || c.ts.IsRequest(c.reg.Method, t) || c.isInput(t) {
		last, all := c.fixedNames()
		c.fail(ParameterKind, at, "%s has parameter %d of type %s after %s; move it before %s, where only %s go",
			where, pos, c.ts.String(t), last, last, all)
		return Arg{}, false
	}
	i := c.provider(want)
	if i < 0 {
		c.fail(MissingProvider, at, "%s has parameter %d of type %s, and no resolver provides %s; pass a resolver that returns it%s",
			where, pos, c.ts.String(t), c.ts.String(want), c.pointerHint(want))
		return Arg{}, false
	}
	return Arg{Kind: kind, Node: i}, true
}

// sortAndCheckGraph orders the nodes so that each comes after the nodes it
// uses, and reports cycles, unused resolvers and chains of questions
// longer than the round budget.
func (c *checker[T]) sortAndCheckGraph() {
	const (
		unvisited = iota
		visiting
		done
	)
	state := make([]int, len(c.raw))
	depth := make([]int, len(c.raw)) // questions on the longest chain ending here
	order := make([]int, 0, len(c.raw))
	var stack []int
	var visit func(i int) bool
	visit = func(i int) bool {
		switch state[i] {
		case done:
			return true
		case visiting:
			var names []string
			for _, j := range stack[slices.Index(stack, i):] {
				names = append(names, c.name(c.raw[j]))
			}
			names = append(names, c.name(c.raw[i]))
			c.fail(Cycle, c.reg.Resolvers[c.raw[i].Resolver].At,
				"resolvers form a cycle: %s; break it so that no resolver needs, directly or not, its own value", strings.Join(names, " -> "))
			return false
		}
		state[i] = visiting
		stack = append(stack, i)
		ok := true
		for _, a := range c.raw[i].Args {
			if a.Kind == ArgValue || a.Kind == ArgOutcome {
				if !visit(a.Node) {
					ok = false
					break
				}
				depth[i] = max(depth[i], depth[a.Node])
			}
		}
		stack = stack[:len(stack)-1]
		if !ok {
			return false
		}
		if c.raw[i].Eliciting {
			depth[i]++
		}
		state[i] = done
		order = append(order, i)
		return true
	}
	deepest := -1
	for _, a := range c.plan.Args {
		if a.Kind == ArgValue || a.Kind == ArgOutcome {
			if !visit(a.Node) {
				return
			}
			if deepest < 0 || depth[a.Node] > depth[deepest] {
				deepest = a.Node
			}
		}
	}
	if b := c.reg.Budget; b > 0 && deepest >= 0 && depth[deepest] > b {
		r := &c.reg.Resolvers[c.raw[deepest].Resolver]
		c.fail(RoundBudget, r.At,
			"resolver %s ends a chain of %d dependent questions, more than the round budget of %d that clients answer: the call can never finish; "+
				"make some questions independent, so that they are asked in one round, or ask for several answers in one form",
			r.Name, depth[deepest], b)
	}
	for i, n := range c.raw {
		if state[i] == unvisited {
			r := &c.reg.Resolvers[n.Resolver]
			c.fail(UnusedResolver, r.At, "resolver %s provides %s, which neither the handler nor another resolver uses; remove it, or take %s as a parameter",
				r.Name, c.ts.String(n.Provides), c.ts.String(n.Provides))
		}
	}
	if len(c.plan.Findings) > 0 {
		return
	}
	// Renumber the graph in dependency order.
	newIndex := make([]int, len(c.raw))
	for pos, i := range order {
		newIndex[i] = pos
	}
	renumber := func(args []Arg) {
		for k := range args {
			if args[k].Kind == ArgValue || args[k].Kind == ArgOutcome {
				args[k].Node = newIndex[args[k].Node]
			}
		}
	}
	for _, i := range order {
		n := c.raw[i]
		renumber(n.Args)
		c.plan.Nodes = append(c.plan.Nodes, *n)
	}
	renumber(c.plan.Args)
}

// checkSchemas reports input and output types from which registration
// cannot infer the tool's schemas.
func (c *checker[T]) checkSchemas() {
	if c.reg.Method != Tool {
		return // a prompt or resource has no schemas
	}
	h := &c.reg.Handler
	if c.reg.InferInput {
		if why := c.ts.InputSchemaProblem(c.plan.In); why != "" {
			c.fail(InputSchema, h.At, "handler %s has input type %s, which %s; use a struct, or set the tool's InputSchema",
				h.Name, c.ts.String(c.plan.In), why)
			return
		}
	}
	if c.reg.InferOutput {
		if why := c.ts.OutputSchemaProblem(c.plan.Out); why != "" {
			c.fail(OutputSchema, h.At, "handler %s has result type %s, which %s; use another type, or set the tool's OutputSchema",
				h.Name, c.ts.String(c.plan.Out), why)
		}
	}
}
