// Package edge holds corner cases of the registration rules, each checked
// against the runtime when written.
package edge

import (
	"context"
	"encoding/json"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type In struct {
	Title string `json:"title"`
}
type Out struct {
	OK bool `json:"ok"`
}
type Stock struct{ N int }
type StockAlias = Stock
type Confirm struct {
	OK bool `json:"ok"`
}

type EmbedElicit struct{ resolve.Elicit[Confirm] }
type EmbedOutcome struct{ resolve.Outcome[Confirm] }

func ctxr(ctx context.Context) (Stock, error)            { return Stock{}, nil }
func stockAlias(ctx context.Context) (StockAlias, error) { return Stock{}, nil }
func askC(ctx context.Context) (resolve.Elicit[Confirm], error) {
	return resolve.Ask[Confirm]("?"), nil
}
func embedElicit(ctx context.Context) (EmbedElicit, error) { return EmbedElicit{}, nil }
func hC(ctx context.Context, req *mcp.CallToolRequest, in In, c Confirm) (Out, error) {
	return Out{}, nil
}
func hEO(ctx context.Context, req *mcp.CallToolRequest, in In, c EmbedOutcome) (Out, error) {
	return Out{}, nil
}
func hOC(ctx context.Context, req *mcp.CallToolRequest, in In, c resolve.Outcome[context.Context]) (Out, error) {
	return Out{}, nil
}
func hS(ctx context.Context, req *mcp.CallToolRequest, in In, s Stock) (Out, error) {
	return Out{}, nil
}

type H func(ctx context.Context, req *mcp.CallToolRequest, in In, s Stock) (Out, error)
type R func(ctx context.Context) (Stock, error)

type Anything interface{}

func hAnything(ctx context.Context, req *mcp.CallToolRequest, in Anything) (Out, error) {
	return Out{}, nil
}
func hMapAny(ctx context.Context, req *mcp.CallToolRequest, in map[string]any) (Out, error) {
	return Out{}, nil
}

type WithTimePtr struct {
	*time.Time
	Name string
}

func hTimePtr(ctx context.Context, req *mcp.CallToolRequest, in WithTimePtr) (Out, error) {
	return Out{}, nil
}

type DashComma struct {
	C chan int `json:"-,"`
}

func hDash(ctx context.Context, req *mcp.CallToolRequest, in DashComma) (Out, error) {
	return Out{}, nil
}

type AmbA struct{ C chan int }
type AmbB struct{ C chan int }
type Amb struct {
	AmbA
	AmbB
}

func hAmb(ctx context.Context, req *mcp.CallToolRequest, in Amb) (Out, error) { return Out{}, nil }

type Shadow struct {
	AmbA
	C string
}

func hShadow(ctx context.Context, req *mcp.CallToolRequest, in Shadow) (Out, error) {
	return Out{}, nil
}

type Page[T any] struct{ Items []T }

func hPage(ctx context.Context, req *mcp.CallToolRequest, in Page[int]) (Out, error) {
	return Out{}, nil
}

type PC *Confirm

func askPC(ctx context.Context) (resolve.Elicit[PC], error) { return resolve.Given[PC](nil), nil }
func askPP(ctx context.Context) (resolve.Elicit[**Confirm], error) {
	return resolve.Given[**Confirm](nil), nil
}

type Fields struct {
	A *int          `json:"a"`
	B json.Number   `json:"b"`
	D time.Duration `json:"d"`
}
type FieldsPP struct {
	A **int `json:"a"`
}
type FieldsUintptr struct {
	A uintptr
}
type inner struct{ Bad chan int }
type HiddenBad struct {
	inner
	Name string
}
type DashSlice struct {
	Tags []string `json:"-,"`
}

func askFields(ctx context.Context) (resolve.Elicit[Fields], error) {
	return resolve.Given(Fields{}), nil
}
func askFieldsPP(ctx context.Context) (resolve.Elicit[FieldsPP], error) {
	return resolve.Given(FieldsPP{}), nil
}
func askUintptr(ctx context.Context) (resolve.Elicit[FieldsUintptr], error) {
	return resolve.Given(FieldsUintptr{}), nil
}
func askHiddenBad(ctx context.Context) (resolve.Elicit[HiddenBad], error) {
	return resolve.Given(HiddenBad{}), nil
}
func askDashSlice(ctx context.Context) (resolve.Elicit[DashSlice], error) {
	return resolve.Given(DashSlice{}), nil
}
func askCtx(ctx context.Context) (resolve.Elicit[context.Context], error) {
	return resolve.Given[context.Context](nil), nil
}
func askForm(ctx context.Context) (resolve.Elicit[resolve.Form], error) {
	return resolve.AskForm("?", &jsonschema.Schema{Type: "object"}), nil
}
func askRoots(ctx context.Context) (resolve.Elicit[*mcp.ListRootsResult], error) {
	return resolve.AskRoots(), nil
}

func hPC(ctx context.Context, req *mcp.CallToolRequest, in In, v PC) (Out, error) { return Out{}, nil }
func hPP(ctx context.Context, req *mcp.CallToolRequest, in In, v **Confirm) (Out, error) {
	return Out{}, nil
}
func hFields(ctx context.Context, req *mcp.CallToolRequest, in In, v Fields) (Out, error) {
	return Out{}, nil
}
func hFieldsPP(ctx context.Context, req *mcp.CallToolRequest, in In, v FieldsPP) (Out, error) {
	return Out{}, nil
}
func hUintptr(ctx context.Context, req *mcp.CallToolRequest, in In, v FieldsUintptr) (Out, error) {
	return Out{}, nil
}
func hHiddenBad(ctx context.Context, req *mcp.CallToolRequest, in In, v HiddenBad) (Out, error) {
	return Out{}, nil
}
func hDashSlice(ctx context.Context, req *mcp.CallToolRequest, in In, v DashSlice) (Out, error) {
	return Out{}, nil
}
func hCtx(ctx context.Context, req *mcp.CallToolRequest, in In) (Out, error) { return Out{}, nil }
func hForm(ctx context.Context, req *mcp.CallToolRequest, in In, f resolve.Form, r resolve.Outcome[*mcp.ListRootsResult]) (Out, error) {
	return Out{}, nil
}

type svc struct{}

func (*svc) handle(ctx context.Context, req *mcp.CallToolRequest, in In) (Out, error) {
	return Out{}, nil
}

type (
	X1 struct{ OK bool }
	X2 struct{ OK bool }
	X3 struct{ OK bool }
)

func x1(ctx context.Context, o resolve.Outcome[X3]) (resolve.Elicit[X1], error) {
	return resolve.Given(X1{}), nil
}
func x2(ctx context.Context, a X1) (X2, error)                 { return X2{}, nil }
func x3(ctx context.Context, b X2) (resolve.Elicit[X3], error) { return resolve.Given(X3{}), nil }
func hX(ctx context.Context, req *mcp.CallToolRequest, in In, a X1) (Out, error) {
	return Out{}, nil
}
func provideIn(ctx context.Context) (In, error)      { return In{}, nil }
func unusedStock(ctx context.Context) (Stock, error) { return Stock{}, nil }
func outIsStock(ctx context.Context, req *mcp.CallToolRequest, in In, s Stock) (Stock, error) {
	return s, nil
}

func Register(s *mcp.Server) {
	resolve.AddTool(s, &mcp.Tool{Name: "e1"}, hS, ctxr, stockAlias) // want `tool "e1": resolvers edge\.ctxr and edge\.stockAlias both provide edge\.Stock; keep one, or give the other a type of its own`
	resolve.AddTool(s, &mcp.Tool{Name: "e2"}, hC, embedElicit)
	resolve.AddTool(s, &mcp.Tool{Name: "e3"}, hEO, askC)
	resolve.AddTool(s, &mcp.Tool{Name: "e4"}, hOC) // want `tool "e4": handler edge\.hOC has parameter 4 of type resolve\.Outcome\[context\.Context\], and no resolver provides context\.Context; pass a resolver that returns it`
	var h H = hS
	var r R = ctxr
	resolve.AddTool(s, &mcp.Tool{Name: "e5"}, h, r)
	resolve.AddTool(s, &mcp.Tool{Name: "e6"}, hAnything) // want `tool "e6": handler edge\.hAnything has input type edge\.Anything, which is not a struct or map: tool arguments are a JSON object; use a struct, or set the tool's InputSchema`
	resolve.AddTool(s, &mcp.Tool{Name: "e7"}, hMapAny)
	resolve.AddTool(s, &mcp.Tool{Name: "e8"}, hTimePtr)
	resolve.AddTool(s, &mcp.Tool{Name: "e9"}, hDash) // want `tool "e9": handler edge\.hDash has input type edge\.DashComma, which has no JSON schema: type chan int is unsupported by jsonschema; use a struct, or set the tool's InputSchema`
	resolve.AddTool(s, &mcp.Tool{Name: "e10"}, hAmb)
	resolve.AddTool(s, &mcp.Tool{Name: "e11"}, hShadow)
	resolve.AddTool(s, &mcp.Tool{Name: "e12"}, hPage)
	resolve.AddTool(s, &mcp.Tool{Name: "e13"}, hPC, askPC)
	resolve.AddTool(s, &mcp.Tool{Name: "e14"}, hPP, askPP)
	resolve.AddTool(s, &mcp.Tool{Name: "e15"}, hFields, askFields)
	resolve.AddTool(s, &mcp.Tool{Name: "e16"}, hFieldsPP, askFieldsPP)
	resolve.AddTool(s, &mcp.Tool{Name: "e17"}, hUintptr, askUintptr)
	resolve.AddTool(s, &mcp.Tool{Name: "e18"}, hHiddenBad, askHiddenBad)
	resolve.AddTool(s, &mcp.Tool{Name: "e19"}, hDashSlice, askDashSlice)
	resolve.AddTool(s, &mcp.Tool{Name: "e20"}, hCtx, askCtx) // want `tool "e20": resolver edge\.askCtx provides context\.Context, which the engine supplies itself; provide a type of your own`
	resolve.AddTool(s, &mcp.Tool{Name: "e21"}, hForm, askForm, askRoots)
	resolve.AddTool(s, &mcp.Tool{Name: "e22"}, (*svc).handle) // want `tool "e22": handler edge\.\(\*svc\)\.handle has signature func\(\*edge\.svc, context\.Context, \*mcp\.CallToolRequest, edge\.In\) \(edge\.Out, error\): its first parameter has type \*edge\.svc, not context\.Context; want func\(context\.Context, \*mcp\.CallToolRequest, In, resolved\.\.\.\) \(Out, error\)`
	resolve.AddTool(s, &mcp.Tool{Name: "e23"}, new(svc).handle)
	resolve.AddTool(s, &mcp.Tool{Name: "e24"}, hX, x1, x2, x3)                         // want `tool "e24": resolvers form a cycle: edge\.x1 -> edge\.x3 -> edge\.x2 -> edge\.x1; break it so that no resolver needs, directly or not, its own value`
	resolve.AddTool(s, &mcp.Tool{Name: "e25"}, hX, x1, x2, x3, unusedStock, provideIn) // want `tool "e25": resolver edge\.provideIn provides edge\.In, which the engine supplies itself; provide a type of your own` `tool "e25": resolvers form a cycle: edge\.x1 -> edge\.x3 -> edge\.x2 -> edge\.x1; break it so that no resolver needs, directly or not, its own value`
	resolve.AddTool(s, &mcp.Tool{Name: "e26"}, outIsStock, ctxr)
	resolve.AddTool(s, &mcp.Tool{Name: "e27"}, hS, ctxr, unusedStock, stockAlias) // want `tool "e27": resolvers edge\.ctxr and edge\.unusedStock both provide edge\.Stock; keep one, or give the other a type of its own` `tool "e27": resolvers edge\.ctxr and edge\.stockAlias both provide edge\.Stock; keep one, or give the other a type of its own`
}
