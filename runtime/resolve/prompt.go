package resolve

import (
	"context"
	"errors"
	"reflect"

	"github.com/mcplint/mcplint/internal/rules"
	"github.com/mcplint/mcplint/runtime/internal/engine"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// AddPrompt registers a resolver prompt on s with the default [Runtime].
// See [Runtime.AddPrompt].
func AddPrompt(s *mcp.Server, p *mcp.Prompt, handler any, resolvers ...any) error {
	rt, err := defaultRuntime()
	if err != nil {
		return err
	}
	return rt.AddPrompt(s, p, handler, resolvers...)
}

// MustAddPrompt is like [AddPrompt] but panics if the prompt is rejected;
// it is meant for main packages, where a rejected prompt is a programming
// error.
func MustAddPrompt(s *mcp.Server, p *mcp.Prompt, handler any, resolvers ...any) {
	if err := AddPrompt(s, p, handler, resolvers...); err != nil {
		panic(err)
	}
}

// AddPrompt registers a prompt whose handler has the signature
//
//	func(ctx context.Context, req *mcp.GetPromptRequest, resolved ...) (*mcp.GetPromptResult, error)
//
// that is, go-sdk's mcp.PromptHandler with resolved parameters appended.
// Resolvers are as for [Runtime.AddTool], except that a prompt has no
// typed input: a resolver that needs the prompt's arguments takes
// *mcp.GetPromptRequest and reads req.Params.Arguments. The engine is the
// tools' engine: questions go out as input-required results on 2026-07-28
// sessions, as server-to-client requests on older ones, and requestState is
// sealed for prompts/get, the prompt's name and its arguments, so that it
// opens for no tool or resource.
//
// The handler's result type is go-sdk's, which can always carry an
// input-required result, so registration cannot reject it by type (rule
// resolvemix): when the handler has resolved parameters and returns a
// result with InputRequests or RequestState, the request fails with an
// internal error instead. A failure the client must see (a declined
// question a plain parameter needs, a resolver's error that is not a
// JSON-RPC error) is the JSON-RPC error -32602 with its message.
//
// AddPrompt rejects the prompt, and registers nothing, if any rule is
// broken; the error lists every [RegistrationError].
func (rt *Runtime) AddPrompt(s *mcp.Server, p *mcp.Prompt, handler any, resolvers ...any) error {
	if p == nil {
		return errors.New("resolve: AddPrompt: the prompt is nil")
	}
	e, _, err := engine.Compile(rt.cfg, sdk, &rules.Registration[reflect.Type]{Method: rules.Prompt, Tool: p.Name}, handler, resolvers)
	if err != nil {
		return err
	}
	if err := bindServer(e, s); err != nil {
		return err
	}
	s.AddPrompt(p, func(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
		return serveResult(e, func() (*engine.Exchange, error) {
			canonical, err := engine.PromptArguments(req.Params.Arguments)
			if err != nil {
				return nil, err
			}
			x := rt.exchange(req.Session, req.Extra, req.ClientCapabilities, req.Params.RequestState, req.Params.InputResponses, reflect.ValueOf(req))
			x.Ctx, x.Target, x.Arguments = ctx, req.Params.Name, canonical
			return &x, nil
		}, func(questions mcp.InputRequestMap, state string) *mcp.GetPromptResult {
			return &mcp.GetPromptResult{InputRequests: questions, RequestState: state}
		}, func(res *mcp.GetPromptResult) bool {
			return res != nil && asksForInput(res.InputRequests, res.RequestState)
		})
	})
	return nil
}

// serveResult serves a round of a prompt or resource of go-sdk, whose
// handler returns R, the result type of its method: exchange reads the
// request, ask builds an input-required R, and asksForInput reports
// whether an R the handler returned is one ([engine.ServeResult]).
func serveResult[R any](e *engine.Engine, exchange func() (*engine.Exchange, error), ask func(mcp.InputRequestMap, string) R, asksForInput func(R) bool) (R, error) {
	return engine.ServeResult(e, exchange, func(end engine.Ending) (R, error) {
		return ask(inputRequests(end.Questions), end.State), nil
	}, asksForInput, wireError, func() (R, error) {
		var zero R
		return zero, &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: engine.InternalMessage(e.Method())}
	})
}
