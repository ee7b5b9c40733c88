package helpers

import (
	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Ask builds a go-sdk input-required result.
func Ask(key string) *mcp.CallToolResult { // want Ask:`buildsInputRequired\(sets mcp.CallToolResult.InputRequests in helpers.Ask\)`
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{key: &mcp.ElicitParams{Message: "?"}}}
}

// Later asks for a retry.
func Later(res *mcp.CallToolResult) { // want Later:`buildsInputRequired\(assigns mcp.CallToolResult.RequestState in helpers.Later\)`
	res.RequestState = "later"
}

// Wrap reaches Ask through a call.
func Wrap() any { // want Wrap:`buildsInputRequired\(sets mcp.CallToolResult.InputRequests in helpers.Ask\)`
	return Ask("k")
}

// Builder builds an mcp-go input-required result.
type Builder struct{}

func (Builder) Result() *mcpgo.CallToolResult { // want Result:`buildsInputRequired\(calls server.InputRequestBuilder.ToolResult in helpers.Builder.Result\)`
	return server.NewInputRequestBuilder("s").Roots("roots").ToolResult()
}

// MCPGo builds one with the constructor.
func MCPGo() *mcpgo.InputRequiredResult { // want MCPGo:`buildsInputRequired\(calls mcp.NewInputRequiredResult in helpers.MCPGo\)`
	return mcpgo.NewInputRequiredResult(nil, "s")
}

// Plain builds an ordinary result.
func Plain() *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "ok"}}}
}

// Read only reads request state: not a construction.
func Read(req *mcp.CallToolRequest) string {
	return req.Params.RequestState
}
