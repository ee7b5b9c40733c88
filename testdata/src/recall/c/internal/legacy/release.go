package legacy

import (
	"context"
	"errors"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"

	"example.com/recall/c/internal/confirm"
)

func (t *Tools) deployRelease(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	service, err := req.RequireString("service")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	version, err := req.RequireString("version")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}

	err = confirm.Require(ctx, t.srv, fmt.Sprintf("Deploy %s %s to production?", service, version)) // probe:bug elicit-error-ignored: only ErrDeclined/ErrCancelled stop the deploy; a failed or unsupported elicitation (or unexpected action) falls through
	if errors.Is(err, confirm.ErrDeclined) || errors.Is(err, confirm.ErrCancelled) {
		return mcp.NewToolResultText("Deploy aborted by user."), nil
	}

	if err := t.be.DeployRelease(ctx, service, version); err != nil {
		return mcp.NewToolResultErrorFromErr("deploy failed", err), nil
	}
	return mcp.NewToolResultText(fmt.Sprintf("%s %s is rolling out.", service, version)), nil
}

func (t *Tools) rollbackRelease(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	service, err := req.RequireString("service")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	version, err := req.RequireString("version")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}

	err = confirm.Require(ctx, t.srv, fmt.Sprintf("Roll %s in production back to %s?", service, version)) // probe:ok
	if errors.Is(err, confirm.ErrDeclined) || errors.Is(err, confirm.ErrCancelled) {
		return mcp.NewToolResultText("Rollback aborted by user."), nil
	}
	if err != nil {
		return nil, fmt.Errorf("rollback %s: %w", service, err)
	}

	if err := t.be.RollbackRelease(ctx, service, version); err != nil {
		return mcp.NewToolResultErrorFromErr("rollback failed", err), nil
	}
	return mcp.NewToolResultText(fmt.Sprintf("%s is rolling back to %s.", service, version)), nil
}
