// Package mcpgo registers resolver tools, prompts and resources through the
// runtime's mcp-go binding, whose messages spell mcp-go's types.
package mcpgo

import (
	"context"
	"encoding/json"

	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"

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

type Stock struct{ Copies int }

type Backorder struct {
	Confirm bool `json:"confirm"`
}

func checkStock(ctx context.Context, in In) (Stock, error) { return Stock{}, nil }

func confirm(ctx context.Context, in In, s Stock) (resolve.Elicit[Backorder], error) {
	return resolve.Ask[Backorder]("order anyway?"), nil
}

func order(ctx context.Context, req mcp.CallToolRequest, in In, s Stock, b resolve.Outcome[Backorder]) (Out, error) {
	return Out{}, nil
}

func withStock(ctx context.Context, req mcp.CallToolRequest, in In, s Stock) (Out, error) {
	return Out{}, nil
}

// The request is mcp-go's value, not go-sdk's pointer.
func goSDKRequest(ctx context.Context, req *gosdk.CallToolRequest, in In) (Out, error) {
	return Out{}, nil
}

func pointerRequest(ctx context.Context, req *mcp.CallToolRequest, in In) (Out, error) {
	return Out{}, nil
}

func provideReq(ctx context.Context) (mcp.CallToolRequest, error) { return mcp.CallToolRequest{}, nil }

// A go-sdk resolve.Outcome is a plain value type to the mcp-go binding.
type goSDKOutcome struct{ Action string }

func promptHandler(ctx context.Context, req mcp.GetPromptRequest, s Stock) (*mcp.GetPromptResult, error) {
	return nil, nil
}
func promptWrongResult(ctx context.Context, req mcp.GetPromptRequest) (*gosdk.GetPromptResult, error) {
	return nil, nil
}
func resourceHandler(ctx context.Context, req mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
	return nil, nil
}
func resourceWrongResult(ctx context.Context, req mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	return nil, nil
}
func stockFromPrompt(ctx context.Context, req mcp.GetPromptRequest) (Stock, error) {
	return Stock{}, nil
}

// Schemas: the binding infers them unless the tool sets them.
type ChanIn struct {
	C chan int `json:"c"`
}

func chanIn(ctx context.Context, req mcp.CallToolRequest, in ChanIn) (Out, error) { return Out{}, nil }
func chanOut(ctx context.Context, req mcp.CallToolRequest, in In) (chan int, error) {
	return nil, nil
}

func register(s *server.MCPServer, rt *resolve.Runtime) {
	resolve.AddTool(s, mcp.NewTool("good"), order, checkStock, confirm)
	resolve.AddTool(s, mcp.NewTool("nil"), nil)                                   // want `^tool "nil": handler is nil; pass a function func\(context\.Context, mcp\.CallToolRequest, In, resolved\.\.\.\) \(Out, error\)$`
	resolve.AddTool(s, mcp.NewTool("gosdkreq"), goSDKRequest)                     // want `^tool "gosdkreq": handler mcpgo\.goSDKRequest has signature func\(context\.Context, \*mcp\.ServerRequest\[\*mcp\.CallToolParamsRaw\], mcpgo\.In\) \(mcpgo\.Out, error\): its second parameter has type \*mcp\.ServerRequest\[\*mcp\.CallToolParamsRaw\], not mcp\.CallToolRequest; want func\(context\.Context, mcp\.CallToolRequest, In, resolved\.\.\.\) \(Out, error\)$`
	resolve.AddTool(s, mcp.NewTool("ptrreq"), pointerRequest)                     // want `its second parameter has type \*mcp\.CallToolRequest, not mcp\.CallToolRequest`
	resolve.AddTool(s, mcp.NewTool("missing"), withStock)                         // want `^tool "missing": handler mcpgo\.withStock has parameter 4 of type mcpgo\.Stock, and no resolver provides mcpgo\.Stock; pass a resolver that returns it$`
	rt.AddTool(s, mcp.NewTool("preq"), withStock, checkStock, provideReq)         // want `^tool "preq": resolver mcpgo\.provideReq provides mcp\.CallToolRequest, which the engine supplies itself; provide a type of your own$`
	resolve.MustAddTool(s, mcp.NewTool("unused"), withStock, checkStock, confirm) // want `^tool "unused": resolver mcpgo\.confirm provides mcpgo\.Backorder, which neither the handler nor another resolver uses; remove it, or take mcpgo\.Backorder as a parameter$`

	resolve.AddPrompt(s, mcp.NewPrompt("prompt"), promptHandler, stockFromPrompt)
	resolve.AddPrompt(s, mcp.NewPrompt("wrongresult"), promptWrongResult) // want `^prompt "wrongresult": handler mcpgo\.promptWrongResult has signature func\(context\.Context, mcp\.GetPromptRequest\) \(\*mcp\.GetPromptResult, error\): its first result has type \*mcp\.GetPromptResult, not \*mcp\.GetPromptResult; want func\(context\.Context, mcp\.GetPromptRequest, resolved\.\.\.\) \(\*mcp\.GetPromptResult, error\)$`
	resolve.AddResource(s, mcp.NewResource("res://x", "x"), resourceHandler)
	resolve.AddResourceTemplate(s, mcp.NewResourceTemplate("res://{x}", "x"), resourceWrongResult) // want `^resource "res://\{x\}": handler mcpgo\.resourceWrongResult has signature func\(context\.Context, mcp\.ReadResourceRequest\) \(\*mcp\.ReadResourceResult, error\): its first result has type \*mcp\.ReadResourceResult, not \[\]mcp\.ResourceContents; want func\(context\.Context, mcp\.ReadResourceRequest, resolved\.\.\.\) \(\[\]mcp\.ResourceContents, error\)$`

	resolve.MustAddPrompt(s, mcp.NewPrompt("mustprompt"), promptHandler)                                            // want `^prompt "mustprompt": handler mcpgo\.promptHandler has parameter 3 of type mcpgo\.Stock, and no resolver provides mcpgo\.Stock; pass a resolver that returns it$`
	resolve.MustAddResource(s, mcp.NewResource("res://must", "m"), resourceWrongResult)                             // want `^resource "res://must": handler mcpgo\.resourceWrongResult has signature`
	resolve.MustAddResourceTemplate(s, mcp.NewResourceTemplate("res://{m}", "m"), resourceHandler, stockFromPrompt) // want `^resource "res://\{m\}": resolver mcpgo\.stockFromPrompt has parameter 2 of type mcp\.GetPromptRequest, and no resolver provides mcp\.GetPromptRequest` `^resource "res://\{m\}": resolver mcpgo\.stockFromPrompt provides mcpgo\.Stock, which neither the handler nor another resolver uses`

	// Schemas are inferred from mcp.NewTool with no schema options ...
	resolve.AddTool(s, mcp.NewTool("chanin", mcp.WithDescription("d")), chanIn) // want `^tool "chanin": handler mcpgo\.chanIn has input type mcpgo\.ChanIn, which has no JSON schema: type chan int is unsupported by jsonschema; use a struct, or set the tool's InputSchema$`
	resolve.AddTool(s, mcp.Tool{Name: "chanout"}, chanOut)                      // want `^tool "chanout": handler mcpgo\.chanOut has result type chan int, which has no JSON schema`
	// ... and not when the tool sets them, or when the options are unknown.
	resolve.AddTool(s, mcp.NewTool("chanin_set", mcp.WithString("c")), chanIn)
	resolve.AddTool(s, mcp.NewTool("chanin_raw", mcp.WithRawInputSchema(json.RawMessage(`{"type":"object"}`))), chanIn)
	resolve.AddTool(s, mcp.NewToolWithRawSchema("chanin_rawtool", "d", json.RawMessage(`{"type":"object"}`)), chanIn)
	resolve.AddTool(s, mcp.NewTool("chanout_set", mcp.WithRawOutputSchema(json.RawMessage(`{"type":"object"}`))), chanOut)
	resolve.AddTool(s, mcp.NewTool("chanin_unknown", option()), chanIn)
}

func option() mcp.ToolOption { return mcp.WithString("c") }

// Skipped, without a report: what is not known statically.
func skipped(s *server.MCPServer, name string, opts []mcp.ToolOption, rs []any, h any) {
	t := mcp.NewTool("from_variable")
	resolve.AddTool(s, t, chanIn)                               // the tool's schemas are not known
	resolve.AddTool(s, mcp.NewTool(name, opts...), chanIn)      // nor here
	resolve.AddTool(s, mcp.NewTool("spread"), withStock, rs...) // the resolvers are not known
	resolve.AddTool(s, mcp.NewTool("iface"), h, checkStock)     // the handler's type is not known
	resolve.AddResourceTemplate(s, mcp.ResourceTemplate{}, resourceHandler)
}
