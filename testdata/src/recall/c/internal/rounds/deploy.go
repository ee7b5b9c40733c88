package rounds

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/recall/c/internal/confirm"
)

const (
	deployKey  = "deploy-confirm"
	restartKey = "restart-confirm"

	// stateAwaitingConfirm marks a retry of a call we already asked about.
	stateAwaitingConfirm = "awaiting-confirm"
)

func (h *Handlers) deployService(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	service, err := req.RequireString("service")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	env, err := req.RequireString("environment")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	message := fmt.Sprintf("Deploy %s to %s?", service, env)

	if req.Params.RequestState != stateAwaitingConfirm {
		return confirm.AskResult(stateAwaitingConfirm, deployKey, message), nil
	}

	answer := server.ElicitationResponse(req.Params.InputResponses, deployKey) // probe:bug missing-answer-proceeds: on a retry without (or with an undecodable) answer, answer is nil and the guard is skipped, so the deploy runs instead of asking again
	if answer != nil && !(confirm.Accepted(answer) && confirm.Checked(answer)) {
		h.log.Info("deploy not confirmed", "service", service, "env", env, "action", answer.Action)
		return mcp.NewToolResultText("Deploy cancelled."), nil
	}

	if err := h.be.DeployService(ctx, service, env); err != nil {
		return mcp.NewToolResultErrorFromErr("deploy failed", err), nil
	}
	return mcp.NewToolResultText(fmt.Sprintf("%s is deploying to %s.", service, env)), nil
}

func (h *Handlers) restartCluster(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	cluster, err := req.RequireString("cluster")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	message := fmt.Sprintf("Rolling-restart every node of %s?", cluster)

	if req.Params.RequestState != stateAwaitingConfirm {
		return confirm.AskResult(stateAwaitingConfirm, restartKey, message), nil
	}

	answer := server.ElicitationResponse(req.Params.InputResponses, restartKey) // probe:ok
	if answer == nil {
		// Retried without an answer we can read: ask again rather than guess.
		return confirm.AskResult(stateAwaitingConfirm, restartKey, message), nil
	}
	if !(confirm.Accepted(answer) && confirm.Checked(answer)) {
		h.log.Info("restart not confirmed", "cluster", cluster, "action", answer.Action)
		return mcp.NewToolResultText("Restart cancelled."), nil
	}

	if err := h.be.RestartCluster(ctx, cluster); err != nil {
		return mcp.NewToolResultErrorFromErr("restart failed", err), nil
	}
	return mcp.NewToolResultText(fmt.Sprintf("%s is restarting.", cluster)), nil
}
