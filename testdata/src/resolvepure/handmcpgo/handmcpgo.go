// Package handmcpgo writes mcp-go's multi-round flow by hand with
// server.NewInputRequestBuilder.
package handmcpgo

import (
	"context"
	"os"
	"os/exec"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func ask() *server.InputRequestBuilder {
	return server.NewInputRequestBuilder("").Elicit("confirm", mcp.ElicitationParams{Message: "Deploy?"})
}

// deploy runs the deployment once the answer is in.
func deploy(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	answer := server.ElicitationResponse(request.Params.InputResponses, "confirm")
	if answer == nil {
		return ask().ToolResult(), nil
	}
	if answer.Action != mcp.ElicitationResponseActionAccept {
		return mcp.NewToolResultText("cancelled"), nil
	}
	if err := exec.CommandContext(ctx, "deploy").Run(); err != nil {
		return nil, err
	}
	return mcp.NewToolResultText("deployed"), nil
}

// eager starts the deployment before asking.
func eager(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	cmd := exec.CommandContext(ctx, "deploy")
	if err := cmd.Start(); err != nil { // want `^handler handmcpgo.eager runs a process \(exec.\(\*Cmd\).Start\)`
		return nil, err
	}
	if server.ElicitationResponse(request.Params.InputResponses, "confirm") == nil {
		return ask().ToolResult(), nil
	}
	return mcp.NewToolResultText("deployed"), nil
}

// readResource writes before asking, in a resources/read handler of a
// server that builds its responses directly (AddResource's handlers return
// contents, not a result).
func readResource(ctx context.Context, request mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	os.WriteFile("/tmp/x", nil, 0o600) // want `^handler handmcpgo.readResource writes to the file system`
	if server.ElicitationResponse(request.Params.InputResponses, "confirm") == nil {
		return ask().ResourceResult(), nil
	}
	return &mcp.ReadResourceResult{}, nil
}

// prompt writes before asking, and returns the builder's result.
func prompt(ctx context.Context, request mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	os.WriteFile("/tmp/p", nil, 0o600) // want `^handler handmcpgo.prompt writes to the file system`
	if server.ElicitationResponse(request.Params.InputResponses, "confirm") == nil {
		return ask().PromptResult(), nil
	}
	return &mcp.GetPromptResult{}, nil
}

var _ = readResource

func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("deploy"), deploy)
	s.AddTool(mcp.NewTool("eager"), eager)
	s.AddPrompt(mcp.NewPrompt("p"), prompt)
}
