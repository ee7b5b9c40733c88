package resolve

import (
	"context"
	"errors"
	"reflect"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/mcplint/mcplint/internal/rules"
	"github.com/mcplint/mcplint/runtime/internal/engine"
)

// AddPrompt registers a resolver prompt on s with the default [Runtime].
// See [Runtime.AddPrompt].
func AddPrompt(s *server.MCPServer, p mcp.Prompt, handler any, resolvers ...any) error {
	rt, err := defaultRuntime()
	if err != nil {
		return err
	}
	return rt.AddPrompt(s, p, handler, resolvers...)
}

// MustAddPrompt is like [AddPrompt] but panics if the prompt is rejected;
// it is meant for main packages, where a rejected prompt is a programming
// error.
func MustAddPrompt(s *server.MCPServer, p mcp.Prompt, handler any, resolvers ...any) {
	if err := AddPrompt(s, p, handler, resolvers...); err != nil {
		panic(err)
	}
}

// AddPrompt registers a prompt whose handler has the signature
//
//	func(ctx context.Context, req mcp.GetPromptRequest, resolved ...) (*mcp.GetPromptResult, error)
//
// that is, mcp-go's server.PromptHandlerFunc with resolved parameters
// appended. Resolvers are as for [Runtime.AddTool], except that a prompt
// has no typed input: a resolver that needs the prompt's arguments takes
// mcp.GetPromptRequest and reads req.Params.Arguments. requestState is
// sealed for prompts/get, the prompt's name and its arguments, so that it
// opens for no tool or resource.
//
// mcp.GetPromptResult can always carry an input-required result, so
// registration cannot reject it by type (rule resolvemix): when the handler
// has resolved parameters and returns a result that asks for input, the
// request fails instead. A failure the client must see (a declined question
// a plain parameter needs, a resolver's error) is a JSON-RPC error with its
// message: mcp-go sends it as -32603.
func (rt *Runtime) AddPrompt(s *server.MCPServer, p mcp.Prompt, handler any, resolvers ...any) error {
	e, _, err := engine.Compile(rt.cfg, sdk, &rules.Registration[reflect.Type]{Method: rules.Prompt, SDK: rules.MCPGo, Tool: p.Name}, handler, resolvers)
	if err != nil {
		return err
	}
	if err := bindServer(e, s); err != nil {
		return err
	}
	s.AddPrompt(p, func(ctx context.Context, req mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
		return serveResult(e, func() (*engine.Exchange, error) {
			canonical, err := engine.PromptArguments(req.Params.Arguments)
			if err != nil {
				return nil, err
			}
			x := rt.exchange(ctx, s, req.Params.MultiRoundTripParams, reflect.ValueOf(req))
			x.Target, x.Arguments = req.Params.Name, canonical
			return &x, nil
		}, func(end engine.Ending) (*mcp.GetPromptResult, error) {
			res := &mcp.GetPromptResult{}
			res.Result, res.MultiRoundTripResult = inputRequired(end)
			return res, nil
		}, func(res *mcp.GetPromptResult) bool {
			return res != nil && asksForInput(res.Result, res.MultiRoundTripResult)
		})
	})
	return nil
}

// serveResult serves a round of a prompt or resource of mcp-go, whose
// handler returns R, the result type of its method: exchange reads the
// request, ask answers an ending that asks questions, and asksForInput
// reports whether an R the handler returned asks for input
// ([engine.ServeResult]).
func serveResult[R any](e *engine.Engine, exchange func() (*engine.Exchange, error), ask func(engine.Ending) (R, error), asksForInput func(R) bool) (R, error) {
	return engine.ServeResult(e, exchange, ask, asksForInput, toWireError, func() (R, error) {
		var zero R
		return zero, errors.New(engine.InternalMessage(e.Method()))
	})
}
