package resolve

import (
	"context"
	"encoding/json"
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
			args := req.Params.Arguments
			if args == nil {
				args = map[string]string{}
			}
			canonical, err := json.Marshal(args) // maps marshal with sorted keys
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
		}, func(out reflect.Value) (*mcp.GetPromptResult, error) {
			res, _ := out.Interface().(*mcp.GetPromptResult)
			if e.Resolved() && res != nil && asksForInput(res.Result, res.MultiRoundTripResult) {
				// The one-channel rule, at run time: a server bug, which
				// the client cannot mend.
				rt.cfg.Logger().Error("resolve: a handler with resolved parameters returned an input-required result", "prompt", e.Name())
				return nil, &engine.WireError{Code: engine.CodeInternalError, Message: engine.OneChannelMessage}
			}
			return res, nil
		})
	})
	return nil
}

// serveResult serves a round of a prompt or resource, whose handler returns
// R, the result type of its method: exchange reads the request, ask
// answers an ending that asks questions, and result renders the handler's
// result. A failure is a JSON-RPC error, as these methods have no isError.
func serveResult[R any](e *engine.Engine, exchange func() (*engine.Exchange, error), ask func(engine.Ending) (R, error), result func(reflect.Value) (R, error)) (R, error) {
	var zero R
	return engine.Exit(e, func() (R, error) {
		x, err := exchange()
		if err != nil {
			return zero, err
		}
		end, err := e.Serve(x)
		switch {
		case err != nil:
			return zero, err
		case end.Failure != "":
			return zero, &engine.WireError{Code: engine.CodeInvalidParams, Message: end.Failure}
		case end.Questions != nil:
			return ask(end)
		}
		return result(end.Out)
	}, toWireError, func() (R, error) {
		return zero, errors.New(engine.InternalMessage(e.Method()))
	})
}
