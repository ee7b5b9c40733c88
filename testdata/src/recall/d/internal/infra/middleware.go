package infra

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/recall/d/internal/approval"
)

// withConfirm is the infra team's confirmation middleware. It predates
// approval.Guard and additionally logs confirmation-infrastructure problems.
func withConfirm[In, Out any](c approval.Confirmer, logger *slog.Logger, msg approval.MessageFunc[In], next mcp.ToolHandlerFor[In, Out]) mcp.ToolHandlerFor[In, Out] {
	return func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
		var zero Out
		ok, err := c.Confirm(ctx, req.Session, msg(in)) // probe:bug error-path-proceeds: (middleware closure) on a Confirm error ok is false but the refusal is gated on err == nil, so next runs after only logging
		if err != nil {
			logger.WarnContext(ctx, "confirmation unavailable", "err", err)
		}
		if !ok && err == nil {
			return approval.Refused("operator did not confirm"), zero, nil
		}
		return next(ctx, req, in)
	}
}

// DeploymentInput names a deployment.
type DeploymentInput struct {
	Deployment string `json:"deployment" jsonschema:"namespace/name of the deployment"`
}

// SnapshotInput names a snapshot.
type SnapshotInput struct {
	SnapshotID string `json:"snapshot_id" jsonschema:"snapshot id"`
}

// SimpleOutput is a generic status output.
type SimpleOutput struct {
	Status string `json:"status"`
}

func scaleMessage(in DeploymentInput) string {
	return fmt.Sprintf("Scale %s to zero replicas? It will stop serving traffic.", in.Deployment)
}

func snapshotMessage(in SnapshotInput) string {
	return fmt.Sprintf("Permanently delete snapshot %s?", in.SnapshotID)
}

// scaleToZero is wrapped by withConfirm in Register.
func (t *Tools) scaleToZero(ctx context.Context, _ *mcp.CallToolRequest, in DeploymentInput) (*mcp.CallToolResult, SimpleOutput, error) {
	if err := t.backend.ScaleToZero(ctx, in.Deployment); err != nil {
		return nil, SimpleOutput{}, fmt.Errorf("scale_to_zero: %w", err)
	}
	return approval.Done("%s scaled to zero", in.Deployment), SimpleOutput{Status: "scaled"}, nil
}

// deleteSnapshot is wrapped by approval.Guard in Register.
func (t *Tools) deleteSnapshot(ctx context.Context, _ *mcp.CallToolRequest, in SnapshotInput) (*mcp.CallToolResult, SimpleOutput, error) {
	if err := t.backend.DeleteSnapshot(ctx, in.SnapshotID); err != nil {
		return nil, SimpleOutput{}, fmt.Errorf("delete_snapshot: %w", err)
	}
	return approval.Done("snapshot %s deleted", in.SnapshotID), SimpleOutput{Status: "deleted"}, nil
}
