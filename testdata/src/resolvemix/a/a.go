package a

import (
	"context"

	"example.com/resolvemix/helpers"
	"example.com/resolvemix/middle"
	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type In struct {
	Title string `json:"title"`
}

type Out struct {
	OK bool `json:"ok"`
}

type Stock struct{ Copies int }

func checkStock(ctx context.Context, in In) (Stock, error) { return Stock{}, nil }

// Declared: types that can carry an input-required result.
type (
	Result         = mcp.CallToolResult
	ResultPtr      = *mcp.CallToolResult
	Defined        mcp.CallToolResult
	Embeds         struct{ *mcp.CallToolResult }
	EmbedsDeep     struct{ Embeds }
	Wrapper[T any] struct {
		Inner T
	}
	EmbedsGeneric[T any] struct {
		mcp.CallToolResult
		Items []T
	}
)

func declaredPtr(ctx context.Context, req *mcp.CallToolRequest, in In, s Stock) (*mcp.CallToolResult, error) {
	return nil, nil
}
func declaredValue(ctx context.Context, req *mcp.CallToolRequest, in In, s Stock) (mcp.CallToolResult, error) {
	return mcp.CallToolResult{}, nil
}
func declaredAlias(ctx context.Context, req *mcp.CallToolRequest, in In, s Stock) (ResultPtr, error) {
	return nil, nil
}
func declaredAliasPtr(ctx context.Context, req *mcp.CallToolRequest, in In, s Stock) (*Result, error) {
	return nil, nil
}
func declaredDefined(ctx context.Context, req *mcp.CallToolRequest, in In, s Stock) (*Defined, error) {
	return nil, nil
}
func declaredEmbeds(ctx context.Context, req *mcp.CallToolRequest, in In, s Stock) (EmbedsDeep, error) {
	return EmbedsDeep{}, nil
}
func declaredGeneric[T any](ctx context.Context, req *mcp.CallToolRequest, in In, s Stock) (T, error) {
	var v T
	return v, nil
}
func declaredEmbedsGeneric(ctx context.Context, req *mcp.CallToolRequest, in In, s Stock) (EmbedsGeneric[int], error) {
	return EmbedsGeneric[int]{}, nil
}
func declaredPtrPtr(ctx context.Context, req *mcp.CallToolRequest, in In, s Stock) (**mcp.CallToolResult, error) {
	return nil, nil
}

// Not carrying: a field, not an embedding; an interface.
func fieldOnly(ctx context.Context, req *mcp.CallToolRequest, in In, s Stock) (Wrapper[*mcp.CallToolResult], error) {
	return Wrapper[*mcp.CallToolResult]{}, nil
}

func declared(s *mcp.Server) {
	resolve.AddTool(s, &mcp.Tool{Name: "ptr"}, declaredPtr, checkStock)                                                                           // want `^tool "ptr": handler a\.declaredPtr has resolved parameters and returns \*mcp\.CallToolResult, which can carry an input-required result, but a call has one input_required channel; return a type that cannot \(a struct of your own, or an interface\), or drop the resolvers and drive the questions in the handler$`
	resolve.AddTool(s, &mcp.Tool{Name: "value"}, declaredValue, checkStock)                                                                       // want `returns mcp.CallToolResult, which can carry`
	resolve.AddTool(s, &mcp.Tool{Name: "alias"}, declaredAlias, checkStock)                                                                       // want `tool "alias": handler a\.declaredAlias has resolved parameters and returns \*mcp\.CallToolResult, which can carry an input-required result, but a call has one input_required channel; return a type that cannot \(a struct of your own, or an interface\), or drop the resolvers and drive the questions in the handler`
	resolve.AddTool(s, &mcp.Tool{Name: "aliasptr"}, declaredAliasPtr, checkStock)                                                                 // want `tool "aliasptr": handler a\.declaredAliasPtr has resolved parameters and returns \*mcp\.CallToolResult, which can carry an input-required result, but a call has one input_required channel; return a type that cannot \(a struct of your own, or an interface\), or drop the resolvers and drive the questions in the handler`
	resolve.AddTool(s, &mcp.Tool{Name: "defined"}, declaredDefined, checkStock)                                                                   // want `tool "defined": handler a\.declaredDefined has resolved parameters and returns \*a\.Defined, which can carry an input-required result, but a call has one input_required channel; return a type that cannot \(a struct of your own, or an interface\), or drop the resolvers and drive the questions in the handler`
	resolve.AddTool(s, &mcp.Tool{Name: "embeds"}, declaredEmbeds, checkStock)                                                                     // want `tool "embeds": handler a\.declaredEmbeds has resolved parameters and returns a\.EmbedsDeep, which can carry an input-required result, but a call has one input_required channel; return a type that cannot \(a struct of your own, or an interface\), or drop the resolvers and drive the questions in the handler`
	resolve.AddTool(s, &mcp.Tool{Name: "generic"}, declaredGeneric[*mcp.CallToolResult], checkStock)                                              // want `tool "generic": handler a\.declaredGeneric\[\.\.\.\] has resolved parameters and returns \*mcp\.CallToolResult, which can carry an input-required result, but a call has one input_required channel; return a type that cannot \(a struct of your own, or an interface\), or drop the resolvers and drive the questions in the handler`
	resolve.AddTool(s, &mcp.Tool{Name: "embedsgeneric"}, declaredEmbedsGeneric, checkStock)                                                       // want `tool "embedsgeneric": handler a\.declaredEmbedsGeneric has resolved parameters and returns a\.EmbedsGeneric\[int\], which can carry an input-required result, but a call has one input_required channel; return a type that cannot \(a struct of your own, or an interface\), or drop the resolvers and drive the questions in the handler`
	resolve.AddTool(s, &mcp.Tool{Name: "ptrptr"}, declaredPtrPtr, checkStock)                                                                     // want `returns \*\*mcp.CallToolResult, which can carry`
	resolve.AddTool(s, &mcp.Tool{Name: "lit"}, func(ctx context.Context, req *mcp.CallToolRequest, in In, s Stock) (*mcp.CallToolResult, error) { // want `handler func literal has resolved parameters`
		return nil, nil
	}, checkStock)
	// No diagnostics: no resolvers, a generic instantiated with a plain
	// type, a field rather than an embedding.
	resolve.AddTool(s, &mcp.Tool{Name: "plain"}, plain)
	resolve.AddTool(s, &mcp.Tool{Name: "genericout"}, declaredGeneric[Out], checkStock)
	resolve.AddTool(s, &mcp.Tool{Name: "field"}, fieldOnly, checkStock)
	// A resolved parameter without a provider does not make the tool a
	// resolver tool (resolvegraph reports it).
	resolve.AddTool(s, &mcp.Tool{Name: "unresolved"}, declaredPtr)
}

// plain is a tool without resolvers: it may drive the flow by hand.
func plain(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, error) { // want plain:`buildsInputRequired\(sets mcp.CallToolResult.InputRequests in a.plain\)`
	if req.Params.RequestState == "" {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"k": &mcp.ElicitParams{Message: "?"}}}, nil
	}
	return helpers.Ask("k"), nil
}

// Constructed: handlers whose Out is an interface.
func builds(ctx context.Context, req *mcp.CallToolRequest, in In, s Stock) (any, error) { // want builds:`buildsInputRequired\(sets mcp.CallToolResult.InputRequests in a.builds\)`
	if s.Copies == 0 {
		return &mcp.CallToolResult{ // want `^tool "builds": handler a\.builds has resolved parameters but sets mcp\.CallToolResult\.InputRequests, which makes its result input-required: a call has one input_required channel; ask through resolvers only, or drop the resolvers and drive the questions in the handler$`
			InputRequests: mcp.InputRequestMap{"k": &mcp.ElicitParams{Message: "?"}},
		}, nil
	}
	res := &mcp.CallToolResult{}
	res.RequestState = "x" // want `tool "builds": handler a\.builds has resolved parameters but assigns mcp\.CallToolResult\.RequestState, which makes its result input-required: a call has one input_required channel; ask through resolvers only, or drop the resolvers and drive the questions in the handler`
	return res, nil
}

func callsHelpers(ctx context.Context, req *mcp.CallToolRequest, in In, s Stock) (any, error) { // want callsHelpers:`buildsInputRequired\(sets mcp.CallToolResult.InputRequests in helpers.Ask\)`
	if s.Copies == 0 {
		return local(), nil // want `^tool "helpers": handler a\.callsHelpers has resolved parameters but calls local, which builds an input-required result \(sets mcp\.CallToolResult\.InputRequests in a\.local\): a call has one input_required channel; ask through resolvers only, or drop the resolvers and drive the questions in the handler`
	}
	if s.Copies == 1 {
		return helpers.Wrap(), nil // want `calls helpers.Wrap, which builds an input-required result \(sets mcp.CallToolResult.InputRequests in helpers.Ask\)`
	}
	if s.Copies == 2 {
		return middle.Indirect(), nil // want `calls middle.Indirect, which builds an input-required result \(sets mcp.CallToolResult.InputRequests in helpers.Ask\)`
	}
	if s.Copies == 3 {
		return helpers.Builder{}.Result(), nil // want `calls helpers.Builder\{\}.Result, which builds an input-required result \(calls server.InputRequestBuilder.ToolResult in helpers.Builder.Result\)`
	}
	res := helpers.Plain()
	helpers.Later(res) // want `calls helpers.Later, which builds`
	_ = helpers.Read(req)
	_ = middle.Harmless()
	return res, nil
}

func local() *mcp.CallToolResult { // want local:`buildsInputRequired\(sets mcp.CallToolResult.InputRequests in a.local\)`
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{}}
}

func mcpGo(ctx context.Context, req *mcp.CallToolRequest, in In, s Stock) (any, error) { // want mcpGo:`buildsInputRequired\(builds mcp.InputRequiredResult in a.mcpGo\)`
	switch s.Copies {
	case 0:
		return &mcpgo.InputRequiredResult{}, nil // want `tool "mcpgo": handler a\.mcpGo has resolved parameters but builds mcp\.InputRequiredResult, which makes its result input-required: a call has one input_required channel; ask through resolvers only, or drop the resolvers and drive the questions in the handler`
	case 1:
		return mcpgo.NewInputRequiredResult(nil, "s"), nil // want `tool "mcpgo": handler a\.mcpGo has resolved parameters but calls mcp\.NewInputRequiredResult, which makes its result input-required: a call has one input_required channel; ask through resolvers only, or drop the resolvers and drive the questions in the handler`
	case 2:
		return server.NewInputRequestBuilder("").Roots("r").ToolResult(), nil // want `tool "mcpgo": handler a\.mcpGo has resolved parameters but calls server\.InputRequestBuilder\.ToolResult, which makes its result input-required: a call has one input_required channel; ask through resolvers only, or drop the resolvers and drive the questions in the handler`
	case 3:
		return &mcpgo.CallToolResult{Result: mcpgo.Result{ResultType: mcpgo.ResultTypeInputRequired}}, nil // want `tool "mcpgo": handler a\.mcpGo has resolved parameters but sets mcp\.Result\.ResultType to input_required, which makes its result input-required: a call has one input_required channel; ask through resolvers only, or drop the resolvers and drive the questions in the handler`
	case 4:
		r := &mcpgo.CallToolResult{}
		r.InputRequests = mcpgo.InputRequests{} // want `assigns mcp.MultiRoundTripResult.InputRequests`
		return r, nil
	}
	// Complete results are fine.
	return &mcpgo.CallToolResult{Result: mcpgo.Result{ResultType: mcpgo.ResultTypeComplete}}, nil
}

// A closure in the handler counts; a method value handler too.
func closure(ctx context.Context, req *mcp.CallToolRequest, in In, s Stock) (any, error) { // want closure:`buildsInputRequired`
	ask := func() any {
		return &mcp.CallToolResult{RequestState: "s"} // want `tool "closure": handler a\.closure has resolved parameters but sets mcp\.CallToolResult\.RequestState, which makes its result input-required: a call has one input_required channel; ask through resolvers only, or drop the resolvers and drive the questions in the handler`
	}
	return ask(), nil
}

type svc struct{}

func (svc) handle(ctx context.Context, req *mcp.CallToolRequest, in In, s Stock) (any, error) { // want handle:`buildsInputRequired\(calls mcp.NewInputRequiredResult in a.svc.handle\)`
	return mcpgo.NewInputRequiredResult(nil, ""), nil // want `tool "method": handler a\.svc\.handle has resolved parameters but calls mcp\.NewInputRequiredResult, which makes its result input-required: a call has one input_required channel; ask through resolvers only, or drop the resolvers and drive the questions in the handler`
}

func constructed(s *mcp.Server, sv svc) {
	resolve.AddTool(s, &mcp.Tool{Name: "builds"}, builds, checkStock)
	resolve.AddTool(s, &mcp.Tool{Name: "helpers"}, callsHelpers, checkStock)
	resolve.AddTool(s, &mcp.Tool{Name: "mcpgo"}, mcpGo, checkStock)
	resolve.AddTool(s, &mcp.Tool{Name: "closure"}, closure, checkStock)
	resolve.AddTool(s, &mcp.Tool{Name: "method"}, sv.handle, checkStock)
	resolve.AddTool(s, &mcp.Tool{Name: "other"}, otherHandler, checkStock)
	resolve.AddTool(s, &mcp.Tool{Name: "lit"}, func(ctx context.Context, req *mcp.CallToolRequest, in In, s Stock) (any, error) {
		return helpers.Ask("k"), nil // want `^tool "lit": handler func literal has resolved parameters but calls helpers.Ask`
	}, checkStock)
	// The same handler without resolvers is fine.
	resolve.AddTool(s, &mcp.Tool{Name: "noresolvers"}, noResolvers)
}

func otherHandler(ctx context.Context, req *mcp.CallToolRequest, in In, s Stock) (any, error) { // want otherHandler:`buildsInputRequired`
	return middle.Indirect(), nil // want `^tool "other": handler a\.otherHandler has resolved parameters but calls middle\.Indirect, which builds an input-required result \(sets mcp\.CallToolResult\.InputRequests in helpers\.Ask\): a call has one input_required channel; ask through resolvers only, or drop the resolvers and drive the questions in the handler`
}

func noResolvers(ctx context.Context, req *mcp.CallToolRequest, in In) (any, error) { // want noResolvers:`buildsInputRequired`
	return helpers.Ask("k"), nil
}
