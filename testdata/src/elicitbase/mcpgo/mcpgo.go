// Package mcpgo declares and registers resolvers of the runtime's mcp-go
// binding.
package mcpgo

import (
	"context"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/mcplint/mcplint/runtime/mcpgo/resolve"
)

type In struct {
	Title string `json:"title"`
}

type Out struct {
	OK bool `json:"ok"`
}

type Confirm struct {
	OK bool `json:"ok"`
}

type Nested struct {
	Address struct{ Street string } `json:"address"`
}

// Not reported: answer types with a static form schema, and the answers
// of questions that carry their own.
func askConfirm(ctx context.Context) (resolve.Elicit[Confirm], error) {
	return resolve.Ask[Confirm]("ok?"), nil
}

func askForm(ctx context.Context) (resolve.Elicit[resolve.Form], error) {
	return resolve.AskForm("?", &jsonschema.Schema{Type: "object"}), nil
}

func askSampling(ctx context.Context) (resolve.Elicit[*mcp.CreateMessageResult], error) {
	return resolve.AskSampling(mcp.CreateMessageParams{MaxTokens: 10}), nil
}

func askRoots(ctx context.Context) (resolve.Elicit[*mcp.ListRootsResult], error) {
	return resolve.AskRoots(), nil
}

// Reported at the declaration.
func askAny(ctx context.Context) (resolve.Elicit[any], error) { // want `^resolver mcpgo\.askAny returns resolve\.Elicit\[any\], but any has no static form schema \(it is an interface\); return resolve\.Elicit\[resolve\.Form\] and ask with resolve\.AskForm and an explicit schema$`
	return resolve.Given[any](nil), nil
}

func askNested(ctx context.Context) (resolve.Elicit[Nested], error) { // want `^resolver mcpgo\.askNested returns resolve\.Elicit\[mcpgo\.Nested\], but mcpgo\.Nested has no static form schema \(field Address has type struct\{Street string\}, not a string, boolean or number\)`
	return resolve.Given(Nested{}), nil
}

// go-sdk's sampling result is no explicit answer of the mcp-go binding:
// its schema would be inferred, and it has none.
type goSDKSampling struct {
	Content []string `json:"content"`
}

func asks() {
	_ = resolve.Ask[map[string]string]("?")        // want `^resolve.Ask\[map\[string\]string\] asks a form question, but map\[string\]string has no static form schema \(it is a map\); ask with an explicit schema through resolve.Elicit\[resolve.Form\] and resolve.AskForm$`
	_ = resolve.Ask[resolve.Form]("?")             // want `^resolve.Ask\[resolve.Form\] asks a form question whose schema is inferred from resolve.Form, which has none; use resolve.AskForm$`
	_ = resolve.Ask[*mcp.CreateMessageResult]("?") // want `^resolve.Ask\[\*mcp.CreateMessageResult\] asks a form question whose schema is inferred from \*mcp.CreateMessageResult, which has none; use resolve.AskSampling$`
	_ = resolve.Ask[*mcp.ListRootsResult]("?")     // want `use resolve.AskRoots`
	_ = resolve.Ask[goSDKSampling]("?")            // want `field Content has type \[\]string`
}

func generic[T any](ctx context.Context) (resolve.Elicit[T], error) {
	return resolve.Given(*new(T)), nil
}

func handler(ctx context.Context, req mcp.CallToolRequest, in In, a any) (Out, error) {
	return Out{}, nil
}

func handleConfirm(ctx context.Context, req mcp.CallToolRequest, in In, c Confirm) (Out, error) {
	return Out{}, nil
}

func register(s *server.MCPServer) {
	resolve.AddTool(s, mcp.NewTool("instantiated"), handler, generic[any]) // want `^tool "instantiated": resolver mcpgo\.generic\[\.\.\.\] returns resolve\.Elicit\[any\], but any has no static form schema \(it is an interface\); return resolve\.Elicit\[resolve\.Form\] and ask with resolve\.AskForm and an explicit schema$`
	resolve.AddTool(s, mcp.NewTool("declared"), handler, askAny)
	resolve.AddTool(s, mcp.NewTool("good"), handleConfirm, askConfirm)
}
