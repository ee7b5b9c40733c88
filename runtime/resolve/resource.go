package resolve

import (
	"context"
	"errors"
	"reflect"

	"github.com/mcplint/mcplint/internal/rules"
	"github.com/mcplint/mcplint/runtime/internal/engine"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// AddResource registers a resolver resource on s with the default
// [Runtime]. See [Runtime.AddResource].
func AddResource(s *mcp.Server, r *mcp.Resource, handler any, resolvers ...any) error {
	rt, err := defaultRuntime()
	if err != nil {
		return err
	}
	return rt.AddResource(s, r, handler, resolvers...)
}

// AddResourceTemplate registers a resolver resource template on s with the
// default [Runtime]. See [Runtime.AddResource].
func AddResourceTemplate(s *mcp.Server, t *mcp.ResourceTemplate, handler any, resolvers ...any) error {
	rt, err := defaultRuntime()
	if err != nil {
		return err
	}
	return rt.AddResourceTemplate(s, t, handler, resolvers...)
}

// MustAddResource is like [AddResource] but panics if the resource is
// rejected; it is meant for main packages, where a rejected resource is a
// programming error.
func MustAddResource(s *mcp.Server, r *mcp.Resource, handler any, resolvers ...any) {
	if err := AddResource(s, r, handler, resolvers...); err != nil {
		panic(err)
	}
}

// MustAddResourceTemplate is like [AddResourceTemplate] but panics if the
// resource template is rejected.
func MustAddResourceTemplate(s *mcp.Server, t *mcp.ResourceTemplate, handler any, resolvers ...any) {
	if err := AddResourceTemplate(s, t, handler, resolvers...); err != nil {
		panic(err)
	}
}

// AddResource registers a resource whose handler has the signature
//
//	func(ctx context.Context, req *mcp.ReadResourceRequest, resolved ...) (*mcp.ReadResourceResult, error)
//
// that is, go-sdk's mcp.ResourceHandler with resolved parameters appended.
// Resolvers are as for [Runtime.AddTool], except that a resource has no
// typed input: a resolver that needs the URI read takes
// *mcp.ReadResourceRequest and reads req.Params.URI. requestState is sealed
// for resources/read and that URI, so that it opens for no other resource,
// prompt or tool. Everything else is as for [Runtime.AddPrompt]: the same
// engine, the one-channel rule at run time, failures as JSON-RPC errors.
func (rt *Runtime) AddResource(s *mcp.Server, r *mcp.Resource, handler any, resolvers ...any) error {
	if r == nil {
		return errors.New("resolve: AddResource: the resource is nil")
	}
	h, err := rt.resourceHandler(s, r.URI, handler, resolvers)
	if err != nil {
		return err
	}
	s.AddResource(r, h)
	return nil
}

// AddResourceTemplate is like [Runtime.AddResource] for a resource
// template; the state of a read is sealed for the URI read, not for the
// template.
func (rt *Runtime) AddResourceTemplate(s *mcp.Server, t *mcp.ResourceTemplate, handler any, resolvers ...any) error {
	if t == nil {
		return errors.New("resolve: AddResourceTemplate: the resource template is nil")
	}
	h, err := rt.resourceHandler(s, t.URITemplate, handler, resolvers)
	if err != nil {
		return err
	}
	s.AddResourceTemplate(t, h)
	return nil
}

// resourceHandler compiles the resource registered under name (its URI or
// URI template) into a go-sdk resource handler.
func (rt *Runtime) resourceHandler(s *mcp.Server, name string, handler any, resolvers []any) (mcp.ResourceHandler, error) {
	e, _, err := engine.Compile(rt.cfg, sdk, &rules.Registration[reflect.Type]{Method: rules.Resource, Tool: name}, handler, resolvers)
	if err != nil {
		return nil, err
	}
	if err := bindServer(e, s); err != nil {
		return nil, err
	}
	return func(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
		return serveResult(e, func() (*engine.Exchange, error) {
			x := rt.exchange(req.Session, req.Extra, req.ClientCapabilities, req.Params.RequestState, req.Params.InputResponses, reflect.ValueOf(req))
			x.Ctx, x.Target = ctx, req.Params.URI
			return &x, nil
		}, func(questions mcp.InputRequestMap, state string) *mcp.ReadResourceResult {
			return &mcp.ReadResourceResult{InputRequests: questions, RequestState: state}
		}, func(res *mcp.ReadResourceResult) bool {
			return res != nil && asksForInput(res.InputRequests, res.RequestState)
		})
	}, nil
}
