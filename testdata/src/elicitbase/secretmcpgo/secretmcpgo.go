// Package secretmcpgo asks form questions on mcp-go and through the
// runtime's mcp-go binding, some of them for a secret.
package secretmcpgo

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/mcplint/mcplint/runtime/mcpgo/resolve"
)

// Negatives.

type Pick struct {
	Key      string `json:"key" jsonschema:"the key of the entry to delete"`
	Username string `json:"username"`
}

func askPick(ctx context.Context) (resolve.Elicit[Pick], error) {
	return resolve.Ask[Pick]("Which entry?"), nil
}

// urlMode asks for the API key in URL mode, the right way.
func urlMode(ctx context.Context, s *server.MCPServer) error {
	_, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Mode: "url", Message: "Enter your API key on our page", URL: "https://example.com/connect", ElicitationID: "e1",
	}})
	return err
}

// Positives.

type Connect struct {
	Endpoint string `json:"endpoint"`
	APIKey   string `json:"apiKey"`
}

func askConnect(ctx context.Context) (resolve.Elicit[Connect], error) {
	return resolve.Ask[Connect]("Connect"), nil // want `^resolve\.Ask\[secretmcpgo\.Connect\] asks in a form for property "apiKey", a secret by its name;`
}

// legacy asks, with a request, for a password in a form.
func legacy(ctx context.Context, s *server.MCPServer) error {
	_, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message: "Database",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"host":     map[string]any{"type": "string"},
				"password": map[string]any{"type": "string"}, // want `^property "password" of the elicitation's requested schema asks for a secret by its name;`
			},
		},
	}})
	return err
}

// builder asks, with the input request builder, for a token in a form.
func builder(_ context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return server.NewInputRequestBuilder("").
		Elicit("auth", mcp.ElicitationParams{Message: "Token?", RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"access_token": map[string]any{"type": "string"}, // want `^property "access_token" of the elicitation's requested schema asks for a secret by its name;`
			},
		}}).
		ToolResult(), nil
}
