package resolve

import (
	"context"
	"reflect"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/mcplint/mcplint/internal/rules"
	"github.com/mcplint/mcplint/runtime/internal/engine"
)

// AddResource registers a resolver resource on s with the default
// [Runtime]. See [Runtime.AddResource].
func AddResource(s *server.MCPServer, r mcp.Resource, handler any, resolvers ...any) error {
	rt, err := defaultRuntime()
	if err != nil {
		return err
	}
	return rt.AddResource(s, r, handler, resolvers...)
}

// AddResourceTemplate registers a resolver resource template on s with the
// default [Runtime]. See [Runtime.AddResource].
func AddResourceTemplate(s *server.MCPServer, t mcp.ResourceTemplate, handler any, resolvers ...any) error {
	rt, err := defaultRuntime()
	if err != nil {
		return err
	}
	return rt.AddResourceTemplate(s, t, handler, resolvers...)
}

// MustAddResource is like [AddResource] but panics if the resource is
// rejected; it is meant for main packages, where a rejected resource is a
// programming error.
func MustAddResource(s *server.MCPServer, r mcp.Resource, handler any, resolvers ...any) {
	if err := AddResource(s, r, handler, resolvers...); err != nil {
		panic(err)
	}
}

// MustAddResourceTemplate is like [AddResourceTemplate] but panics if the
// resource template is rejected.
func MustAddResourceTemplate(s *server.MCPServer, t mcp.ResourceTemplate, handler any, resolvers ...any) {
	if err := AddResourceTemplate(s, t, handler, resolvers...); err != nil {
		panic(err)
	}
}

// noResourceRounds is the failure of a resource read that needs answers on a
// 2026-07-28 session: mcp-go's resource handlers return contents, and
// cannot answer with an input-required result.
const noResourceRounds = "this resource asks a question, and mcp-go cannot answer resources/read with an input-required result: " +
	"read it on a session older than 2026-07-28, or serve the question from a tool"

// AddResource registers a resource whose handler has the signature
//
//	func(ctx context.Context, req mcp.ReadResourceRequest, resolved ...) ([]mcp.ResourceContents, error)
//
// that is, mcp-go's server.ResourceHandlerFunc with resolved parameters
// appended. Resolvers are as for [Runtime.AddTool], except that a resource
// has no typed input: a resolver that needs the URI read takes
// mcp.ReadResourceRequest and reads req.Params.URI (or, for a template,
// req.Params.Arguments).
//
// mcp-go v1.2.1 sends a resource handler's contents as the result, so a
// resource cannot answer with an input-required result: on sessions older
// than 2026-07-28 its questions are asked with server-to-client requests;
// on newer ones a read whose resolvers ask fails with an error saying so,
// and resolvers that only compute serve every session. A failure is a
// JSON-RPC error with its message (-32603, as mcp-go sends every handler
// error).
func (rt *Runtime) AddResource(s *server.MCPServer, r mcp.Resource, handler any, resolvers ...any) error {
	h, err := rt.resourceHandler(s, r.URI, handler, resolvers)
	if err != nil {
		return err
	}
	s.AddResource(r, h)
	return nil
}

// AddResourceTemplate is like [Runtime.AddResource] for a resource
// template.
func (rt *Runtime) AddResourceTemplate(s *server.MCPServer, t mcp.ResourceTemplate, handler any, resolvers ...any) error {
	name := ""
	if t.URITemplate != nil {
		name = t.URITemplate.Raw()
	}
	h, err := rt.resourceHandler(s, name, handler, resolvers)
	if err != nil {
		return err
	}
	s.AddResourceTemplate(t, server.ResourceTemplateHandlerFunc(h))
	return nil
}

// resourceHandler compiles the resource registered under name (its URI or
// URI template) into an mcp-go resource handler.
func (rt *Runtime) resourceHandler(s *server.MCPServer, name string, handler any, resolvers []any) (server.ResourceHandlerFunc, error) {
	e, _, err := engine.Compile(rt.cfg, sdk, &rules.Registration[reflect.Type]{Method: rules.Resource, SDK: rules.MCPGo, Tool: name}, handler, resolvers)
	if err != nil {
		return nil, err
	}
	if err := bindServer(e, s); err != nil {
		return nil, err
	}
	return func(ctx context.Context, req mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
		return serveResult(e, func() (*engine.Exchange, error) {
			x := rt.exchange(ctx, s, req.Params.MultiRoundTripParams, reflect.ValueOf(req))
			x.Target = req.Params.URI
			return &x, nil
		}, func(engine.Ending) ([]mcp.ResourceContents, error) {
			return nil, &engine.WireError{Code: engine.CodeInvalidParams, Message: noResourceRounds}
		}, func([]mcp.ResourceContents) bool {
			return false // contents cannot ask
		})
	}, nil
}
