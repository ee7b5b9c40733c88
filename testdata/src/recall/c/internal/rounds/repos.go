package rounds

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/recall/c/internal/confirm"
)

func (h *Handlers) deleteRepository(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	repo, err := req.RequireString("repo")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	key := "delete-repo:" + repo

	answer := server.ElicitationResponse(req.Params.InputResponses, key) // probe:bug content-missing-proceeds: the checkbox is only inspected when content is an object, so an accept with no content deletes the repository
	if answer == nil {
		return confirm.AskResult("", key, fmt.Sprintf("Delete repository %s with all history, issues and releases?", repo)), nil
	}
	if !confirm.Accepted(answer) {
		return mcp.NewToolResultText("Repository kept."), nil
	}
	if content, ok := answer.Content.(map[string]any); ok {
		if ticked, _ := content[confirm.Field].(bool); !ticked {
			return mcp.NewToolResultText("Repository kept (box not ticked)."), nil
		}
	}

	if err := h.be.DeleteRepository(ctx, repo); err != nil {
		return mcp.NewToolResultErrorFromErr("delete failed", err), nil
	}
	return mcp.NewToolResultText(fmt.Sprintf("Repository %s deleted.", repo)), nil
}

func (h *Handlers) deleteOrganization(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	org, err := req.RequireString("org")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	key := "delete-org:" + org

	answer := server.ElicitationResponse(req.Params.InputResponses, key) // probe:ok
	if answer == nil {
		return confirm.AskResult("", key, fmt.Sprintf("Delete organization %s and every repository in it?", org)), nil
	}
	if !confirm.Accepted(answer) {
		return mcp.NewToolResultText("Organization kept."), nil
	}
	if content, ok := answer.Content.(map[string]any); !ok {
		return mcp.NewToolResultError(fmt.Sprintf("unexpected confirmation content %T", answer.Content)), nil
	} else if ticked, _ := content[confirm.Field].(bool); !ticked {
		return mcp.NewToolResultText("Organization kept (box not ticked)."), nil
	}

	if err := h.be.DeleteOrganization(ctx, org); err != nil {
		return mcp.NewToolResultErrorFromErr("delete failed", err), nil
	}
	return mcp.NewToolResultText(fmt.Sprintf("Organization %s deleted.", org)), nil
}
