package a

import (
	"context"
	"encoding/json"
	"fmt"

	"example.com/elicitbase/other"
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

// Good answer types.
type Confirm struct {
	OK      bool     `json:"ok"`
	Note    *string  `json:"note,omitempty"`
	Count   int      `json:"count"`
	Price   float64  `json:"price"`
	Skipped []string `json:"-"`
	hidden  []int
}

type Name string

type Named struct {
	Name Name `json:"name"`
}

// Bad answer types.
type Nested struct {
	Address struct{ Street string } `json:"address"`
}

type Base struct{ ID string }

type Embedding struct {
	Base
	Extra string
}

type Listy struct {
	Tags []string `json:"tags"`
}

type Iface interface{ M() }

type Doc map[string]any

type BadTag struct {
	Name string `jsonschema:"WORD=x"`
}

type ConfirmAlias = Confirm

type AnyAlias = any

func askConfirm(ctx context.Context) (resolve.Elicit[Confirm], error) {
	return resolve.Ask[Confirm]("ok?"), nil
}

func askPtr(ctx context.Context) (resolve.Elicit[*Confirm], error) {
	return resolve.Ask[*Confirm]("ok?"), nil
}

func askNamed(ctx context.Context) (resolve.Elicit[Named], error) {
	return resolve.Ask[Named]("?"), nil
}

func askAlias(ctx context.Context) (resolve.Elicit[ConfirmAlias], error) {
	return resolve.Ask[ConfirmAlias]("ok?"), nil
}

func askForm(ctx context.Context) (resolve.Elicit[resolve.Form], error) {
	return resolve.AskForm("pick", &jsonschema.Schema{Type: "object"}), nil
}

func askSampling(ctx context.Context) (resolve.Elicit[*mcp.CreateMessageWithToolsResult], error) {
	return resolve.AskSampling(&mcp.CreateMessageWithToolsParams{}), nil
}

func askRoots(ctx context.Context) (resolve.Elicit[*mcp.ListRootsResult], error) {
	return resolve.AskRoots(), nil
}

func askAny(ctx context.Context) (resolve.Elicit[any], error) { // want `^resolver a\.askAny returns resolve\.Elicit\[any\], but any has no static form schema \(it is an interface\); return resolve\.Elicit\[resolve\.Form\] and ask with resolve\.AskForm and an explicit schema$`
	return resolve.Ask[any]("?"), nil
}

func askAnyAlias(ctx context.Context) (resolve.Elicit[AnyAlias], error) { // want `resolver a\.askAnyAlias returns resolve\.Elicit\[any\], but any has no static form schema \(it is an interface\); return resolve\.Elicit\[resolve\.Form\] and ask with resolve\.AskForm and an explicit schema`
	return resolve.Given[AnyAlias](nil), nil
}

func askMap(ctx context.Context) (resolve.Elicit[map[string]any], error) { // want `resolver a\.askMap returns resolve\.Elicit\[map\[string\]any\], but map\[string\]any has no static form schema \(it is a map\); return resolve\.Elicit\[resolve\.Form\] and ask with resolve\.AskForm and an explicit schema`
	return resolve.Given(map[string]any{}), nil
}

func askDoc(ctx context.Context) (resolve.Elicit[Doc], error) { // want `resolver a\.askDoc returns resolve\.Elicit\[a\.Doc\], but a\.Doc has no static form schema \(it is a map\); return resolve\.Elicit\[resolve\.Form\] and ask with resolve\.AskForm and an explicit schema`
	return resolve.Given(Doc{}), nil
}

func askRaw(ctx context.Context) (resolve.Elicit[json.RawMessage], error) { // want `\(it is raw JSON\)`
	return resolve.Given(json.RawMessage(nil)), nil
}

func askString(ctx context.Context) (resolve.Elicit[string], error) { // want `resolver a\.askString returns resolve\.Elicit\[string\], but string has no static form schema \(it is not a struct\); return resolve\.Elicit\[resolve\.Form\] and ask with resolve\.AskForm and an explicit schema`
	return resolve.Given(""), nil
}

func askIface(ctx context.Context) (resolve.Elicit[Iface], error) { // want `\(it is an interface\)`
	return resolve.Given[Iface](nil), nil
}

func askNested(ctx context.Context) (resolve.Elicit[Nested], error) { // want `Nested has no static form schema \(field Address has type struct\{Street string\}, not a string, boolean or number\)`
	return resolve.Ask[Nested]("?"), nil
}

func askEmbedding(ctx context.Context) (resolve.Elicit[Embedding], error) { // want `Embedding has no static form schema \(field Base is embedded\)`
	return resolve.Ask[Embedding]("?"), nil
}

func askListy(ctx context.Context) (resolve.Elicit[*Listy], error) { // want `resolver a\.askListy returns resolve\.Elicit\[\*a\.Listy\], but \*a\.Listy has no static form schema \(field Tags has type \[\]string, not a string, boolean or number\); return resolve\.Elicit\[resolve\.Form\] and ask with resolve\.AskForm and an explicit schema`
	return resolve.Ask[*Listy]("?"), nil
}

func askBadTag(ctx context.Context) (resolve.Elicit[BadTag], error) { // want `BadTag has no static form schema \(its schema cannot be inferred: tag must not begin with 'WORD='`
	return resolve.Ask[BadTag]("?"), nil
}

// A type defined from Form is not Form.
type MyForm resolve.Form

func askDefinedForm(ctx context.Context) (resolve.Elicit[MyForm], error) { // want `MyForm has no static form schema \(it is a map\)`
	return resolve.Given(MyForm{}), nil
}

// A method and a function literal.
type svc struct{}

func (svc) askAny(ctx context.Context) (resolve.Elicit[any], error) { // want `^resolver a\.svc\.askAny returns resolve\.Elicit\[any\], but any has no static form schema \(it is an interface\); return resolve\.Elicit\[resolve\.Form\] and ask with resolve\.AskForm and an explicit schema`
	return resolve.Given[any](nil), nil
}

var lit = func(ctx context.Context) (resolve.Elicit[any], error) { // want `^resolver func literal returns resolve\.Elicit\[any\], but any has no static form schema \(it is an interface\); return resolve\.Elicit\[resolve\.Form\] and ask with resolve\.AskForm and an explicit schema`
	return resolve.Given[any](nil), nil
}

// Ask calls outside a declared Elicit.
func questions() {
	_ = resolve.Ask[Confirm]("fine")
	_ = resolve.Ask[map[string]string]("?")                 // want `^resolve.Ask\[map\[string\]string\] asks a form question, but map\[string\]string has no static form schema \(it is a map\); ask with an explicit schema through resolve.Elicit\[resolve.Form\] and resolve.AskForm$`
	_ = resolve.Ask[resolve.Form]("?")                      // want `^resolve.Ask\[resolve.Form\] asks a form question whose schema is inferred from resolve.Form, which has none; use resolve.AskForm$`
	_ = resolve.Ask[*mcp.ListRootsResult]("?")              // want `use resolve.AskRoots`
	_ = resolve.Ask[*mcp.CreateMessageWithToolsResult]("?") // want `use resolve.AskSampling`
	_ = resolve.Given[any](nil)                             // Given asks nothing
	_ = fmt.Sprint(resolve.Ask[Confirm]("fine"))
}

// An Ask whose type differs from the declared Elicit is reported too.
func mismatch(ctx context.Context) (resolve.Elicit[any], error) { // want `mismatch returns resolve.Elicit\[any\]`
	_ = resolve.Ask[[]string]("?") // want `resolve.Ask\[\[\]string\] asks a form question, but \[\]string has no static form schema \(it is not a struct\)`
	return resolve.Given[any](nil), nil
}

// Generic functions are judged at instantiation.
func generic[T any](ctx context.Context) (resolve.Elicit[T], error) {
	return resolve.Ask[T]("?"), nil
}

func handler(ctx context.Context, req *mcp.CallToolRequest, in In, c Confirm) (Out, error) {
	return Out{}, nil
}

func handlerAny(ctx context.Context, req *mcp.CallToolRequest, in In, v any) (Out, error) {
	return Out{}, nil
}

func handlerMap(ctx context.Context, req *mcp.CallToolRequest, in In, v map[string]any) (Out, error) {
	return Out{}, nil
}

func handlerForm(ctx context.Context, req *mcp.CallToolRequest, in In, f resolve.Form, r *mcp.ListRootsResult) (Out, error) {
	return Out{}, nil
}

func register(s *mcp.Server) {
	resolve.AddTool(s, &mcp.Tool{Name: "good"}, handler, askConfirm)
	resolve.AddTool(s, &mcp.Tool{Name: "form"}, handlerForm, askForm, askRoots)
	resolve.AddTool(s, &mcp.Tool{Name: "generic"}, handler, generic[Confirm])
	// Reported at the declaration already.
	resolve.AddTool(s, &mcp.Tool{Name: "declared"}, handlerAny, askAny)
	resolve.AddTool(s, &mcp.Tool{Name: "lit"}, handlerAny, func(ctx context.Context) (resolve.Elicit[any], error) { // want `func literal returns resolve.Elicit\[any\]`
		return resolve.Given[any](nil), nil
	})
	// Reported here: the declaration is generic, or in another package, or a variable.
	resolve.AddTool(s, &mcp.Tool{Name: "instantiated"}, handlerAny, generic[any])            // want `^tool "instantiated": resolver a\.generic\[\.\.\.\] returns resolve\.Elicit\[any\], but any has no static form schema \(it is an interface\); return resolve\.Elicit\[resolve\.Form\] and ask with resolve\.AskForm and an explicit schema`
	resolve.AddTool(s, &mcp.Tool{Name: "instmap"}, handlerMap, other.AskFor[map[string]any]) // want `tool "instmap": resolver other\.AskFor\[\.\.\.\] returns resolve\.Elicit\[map\[string\]any\], but map\[string\]any has no static form schema \(it is a map\); return resolve\.Elicit\[resolve\.Form\] and ask with resolve\.AskForm and an explicit schema`
	resolve.AddTool(s, &mcp.Tool{Name: "otherpkg"}, handlerAny, other.AskAnything)           // want `resolver other.AskAnything returns resolve.Elicit\[any\]`
	resolve.AddTool(s, &mcp.Tool{Name: "var"}, handlerAny, lit)                              // reported at the literal
}

// Suppressed at the declaration.
//
//mcplint:ignore elicitbase the schema is checked by hand
func askSuppressed(ctx context.Context) (resolve.Elicit[any], error) {
	return resolve.Ask[any]("?"), nil
}
