package legacy

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/recall/c/internal/confirm"
)

// typeToConfirm asks the user to type the resource name back, GitHub style.
func typeToConfirm(kind, name string) mcp.ElicitationRequest {
	return mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{
			Message: fmt.Sprintf("This permanently deletes %s %q. Type its name to confirm.", kind, name),
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"name": map[string]any{
						"type":        "string",
						"description": fmt.Sprintf("Type %q", name),
					},
				},
				"required": []string{"name"},
			},
		},
	}
}

func purgeBucket(srv *server.MCPServer, be Backend) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		bucket, err := req.RequireString("bucket")
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}

		res, err := srv.RequestElicitation(ctx, typeToConfirm("bucket", bucket)) // probe:bug typed-name-missing-proceeds: a mismatch is rejected only when a name was typed; an accept with no/empty/non-string "name" purges
		if err != nil {
			return nil, fmt.Errorf("confirm purge: %w", err)
		}
		if !confirm.Accepted(res) {
			return mcp.NewToolResultText("Purge cancelled."), nil
		}
		if typed, _ := confirm.StringField(res, "name"); typed != "" && typed != bucket {
			return mcp.NewToolResultError(fmt.Sprintf("typed name %q does not match %q", typed, bucket)), nil
		}

		n, err := be.PurgeBucket(ctx, bucket)
		if err != nil {
			return mcp.NewToolResultErrorFromErr("purge failed", err), nil
		}
		return mcp.NewToolResultText(fmt.Sprintf("Deleted %d objects from %s.", n, bucket)), nil
	}
}

func deleteVolume(srv *server.MCPServer, be Backend) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		volume, err := req.RequireString("volume")
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}

		res, err := srv.RequestElicitation(ctx, typeToConfirm("volume", volume)) // probe:ok
		if err != nil {
			return nil, fmt.Errorf("confirm delete: %w", err)
		}
		if !confirm.Accepted(res) {
			return mcp.NewToolResultText("Delete cancelled."), nil
		}
		if typed, _ := confirm.StringField(res, "name"); typed != volume {
			return mcp.NewToolResultError(fmt.Sprintf("typed name %q does not match %q", typed, volume)), nil
		}

		if err := be.DeleteVolume(ctx, volume); err != nil {
			return mcp.NewToolResultErrorFromErr("delete failed", err), nil
		}
		return mcp.NewToolResultText(fmt.Sprintf("Volume %s deleted.", volume)), nil
	}
}
