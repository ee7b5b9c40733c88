package rules

import (
	"fmt"
	"strings"
)

// spelling is how messages spell one SDK's types, by method.
type spelling struct {
	handler, request, result [3]string
}

var spellings = [...]spelling{
	GoSDK: {
		handler: [3]string{Tool: WantHandler, Prompt: WantPromptHandler, Resource: WantResourceHandler},
		request: [3]string{Tool: "*mcp.CallToolRequest", Prompt: "*mcp.GetPromptRequest", Resource: "*mcp.ReadResourceRequest"},
		result:  [3]string{Prompt: "*mcp.GetPromptResult", Resource: "*mcp.ReadResourceResult"},
	},
	MCPGo: {
		handler: [3]string{Tool: WantMCPGoHandler, Prompt: WantMCPGoPromptHandler, Resource: WantMCPGoResourceHandler},
		request: [3]string{Tool: "mcp.CallToolRequest", Prompt: "mcp.GetPromptRequest", Resource: "mcp.ReadResourceRequest"},
		result:  [3]string{Prompt: "*mcp.GetPromptResult", Resource: "[]mcp.ResourceContents"},
	},
}

// wantHandler is the handler signature of the registration; requestName and
// resultName spell its request and result types in messages.
func (c *checker[T]) wantHandler() string { return spellings[c.reg.SDK].handler[c.reg.Method] }
func (c *checker[T]) requestName() string { return spellings[c.reg.SDK].request[c.reg.Method] }
func (c *checker[T]) resultName() string  { return spellings[c.reg.SDK].result[c.reg.Method] }

// Check checks reg and plans its run.
func Check[T any](ts Types[T], reg *Registration[T]) *Plan[T] {
	c := &checker[T]{ts: ts, reg: reg, plan: new(Plan[T])}
	c.check()
	return c.plan
}

type checker[T any] struct {
	ts   Types[T]
	reg  *Registration[T]
	plan *Plan[T]
	raw  []*Node[T] // in registration order
}

// fail records a finding of kind, under the kind's rule.
func (c *checker[T]) fail(kind Kind, at any, format string, args ...any) {
	c.plan.Findings = append(c.plan.Findings, Finding{Rule: kind.Rule(), Kind: kind, At: at, Msg: fmt.Sprintf(format, args...)})
}

// signature spells a function's signature the same way on both sides.
func (c *checker[T]) signature(f *Func[T]) string {
	var params, results []string
	for i, p := range f.Params {
		s := c.ts.String(p)
		if f.Variadic && i == len(f.Params)-1 {
			s = "..." + strings.TrimPrefix(s, "[]")
		}
		params = append(params, s)
	}
	for _, r := range f.Results {
		results = append(results, c.ts.String(r))
	}
	s := "func(" + strings.Join(params, ", ") + ")"
	switch len(results) {
	case 0:
	case 1:
		s += " " + results[0]
	default:
		s += " (" + strings.Join(results, ", ") + ")"
	}
	return s
}

// handlerShape says what is wrong with the handler's signature, or "".
func (c *checker[T]) handlerShape(h *Func[T]) string {
	m := c.reg.Method
	switch fixed := c.fixedParams(); {
	case h.Variadic:
		return "it is variadic"
	case len(h.Params) < fixed:
		return fmt.Sprintf("it has %d parameters, fewer than %d", len(h.Params), fixed)
	case !c.ts.IsContext(h.Params[0]):
		return fmt.Sprintf("its first parameter has type %s, not context.Context", c.ts.String(h.Params[0]))
	case !c.ts.IsRequest(m, h.Params[1]):
		return fmt.Sprintf("its second parameter has type %s, not %s", c.ts.String(h.Params[1]), c.requestName())
	case len(h.Results) != 2:
		return fmt.Sprintf("it has %d results, not 2", len(h.Results))
	case m != Tool && !c.ts.IsResult(m, h.Results[0]):
		return fmt.Sprintf("its first result has type %s, not %s", c.ts.String(h.Results[0]), c.resultName())
	case !c.ts.IsError(h.Results[1]):
		return fmt.Sprintf("its second result has type %s, not error", c.ts.String(h.Results[1]))
	}
	return ""
}

// fixedParams is the number of handler parameters before the resolved
// ones: context, request and, for a tool, its input. A prompt's arguments
// and a resource's URI are read from the request.
func (c *checker[T]) fixedParams() int {
	if c.reg.Method == Tool {
		return 3
	}
	return 2
}

// fixedNames names the fixed parameters in messages.
func (c *checker[T]) fixedNames() (last, all string) {
	if c.reg.Method == Tool {
		return "the input", "context, request and input"
	}
	return "the request", "context and request"
}

// isInput reports whether t is the tool's input type; prompts and
// resources have none.
func (c *checker[T]) isInput(t T) bool {
	return c.reg.Method == Tool && c.ts.Identical(t, c.plan.In)
}

// resolverShape says what is wrong with a resolver's signature, or "".
func (c *checker[T]) resolverShape(r *Func[T]) string {
	switch {
	case r.Variadic:
		return "it is variadic"
	case len(r.Results) != 2:
		return fmt.Sprintf("it has %d results, not 2", len(r.Results))
	case !c.ts.IsError(r.Results[1]):
		return fmt.Sprintf("its second result has type %s, not error", c.ts.String(r.Results[1]))
	}
	return ""
}

// signatureOK reports whether f, the handler or a resolver (role), is a
// function of the shape want, and reports under kind why not.
func (c *checker[T]) signatureOK(f *Func[T], role string, kind Kind, want string, shape func(*Func[T]) string) bool {
	switch {
	case f.Nil:
		c.fail(kind, f.At, "%s is nil; pass a function %s", role, want)
	case !f.IsFunc:
		c.fail(kind, f.At, "%s has type %s, not a function type; pass a function %s", role, c.ts.String(f.Type), want)
	default:
		why := shape(f)
		if why == "" {
			return true
		}
		c.fail(kind, f.At, "%s %s has signature %s: %s; want %s", role, f.Name, c.signature(f), why, want)
	}
	return false
}

func (c *checker[T]) check() {
	h := &c.reg.Handler
	if !c.signatureOK(h, "handler", HandlerSignature, c.wantHandler(), c.handlerShape) {
		return
	}
	p := c.plan
	p.HandlerOK = true
	p.Out = h.Results[0]
	p.Args = []Arg{{Kind: ArgContext}, {Kind: ArgRequest}}
	if c.reg.Method == Tool {
		p.In = h.Params[2]
		p.Args = append(p.Args, Arg{Kind: ArgInput})
	}

	c.collectResolvers()
	c.checkWireKeys()
	for i := c.fixedParams(); i < len(h.Params); i++ {
		if a, ok := c.resolvedArg(h.Params[i], "handler "+h.Name, i+1, h.At); ok {
			p.Args = append(p.Args, a)
			p.Resolved = true
		}
	}
	for _, n := range c.raw {
		r := &c.reg.Resolvers[n.Resolver]
		for i, t := range r.Params {
			if a, ok := c.param(t, "resolver "+r.Name, i+1, r.At); ok {
				n.Args = append(n.Args, a)
			}
		}
	}
	// A prompt's or resource's result type is fixed and always can carry
	// an input-required result; the engine refuses one at run time.
	if c.reg.Method == Tool && p.Resolved && c.ts.CanCarryInputRequired(p.Out) {
		c.fail(Declared, h.At, "%s", ResolveMixDeclaredMessage(h.Name, c.ts.String(p.Out)))
	}
	c.sortAndCheckGraph()
	c.checkSchemas()
}

// collectResolvers reads each resolver's result and records what it
// provides.
func (c *checker[T]) collectResolvers() {
	for i := range c.reg.Resolvers {
		r := &c.reg.Resolvers[i]
		if !c.signatureOK(r, "resolver", ResolverSignature, WantResolver, c.resolverShape) {
			continue
		}
		n := &Node[T]{Resolver: i, Provides: r.Results[0]}
		if a, ok := c.ts.ElicitArg(n.Provides); ok {
			n.Eliciting, n.Provides = true, a
			if why := FormProblem(c.ts, a); why != "" {
				c.fail(AnswerType, r.At, "%s", AnswerTypeMessage(r.Name, c.ts.String(a), why))
			}
		}
		if why := c.unprovidable(n.Provides); why != "" {
			c.fail(ReservedType, r.At, "resolver %s provides %s, %s; provide a type of your own", r.Name, c.ts.String(n.Provides), why)
			continue
		}
		if prev := c.provider(n.Provides); prev >= 0 {
			c.fail(DuplicateProvider, r.At, "resolvers %s and %s both provide %s; keep one, or give the other a type of its own",
				c.name(c.raw[prev]), r.Name, c.ts.String(n.Provides))
			continue
		}
		c.raw = append(c.raw, n)
	}
}

func (c *checker[T]) name(n *Node[T]) string { return c.reg.Resolvers[n.Resolver].Name }
