package infra

import (
	"log/slog"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/recall/d/internal/approval"
)

// Tools groups the infra tool handlers.
type Tools struct {
	backend   Backend
	approver  approval.Approver
	confirmer approval.Confirmer
	logger    *slog.Logger
}

// Option configures Tools.
type Option func(*Tools)

// WithLogger sets the logger.
func WithLogger(l *slog.Logger) Option { return func(t *Tools) { t.logger = l } }

// New builds the infra tools. The approver/confirmer are usually the same
// *elicitx.Elicitor.
func New(b Backend, a approval.Approver, c approval.Confirmer, opts ...Option) *Tools {
	t := &Tools{backend: b, approver: a, confirmer: c, logger: slog.Default()}
	for _, o := range opts {
		o(t)
	}
	return t
}

// Register adds all infra tools to s.
func (t *Tools) Register(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "deploy_release", Description: "Deploy a service version to an environment"}, t.DeployRelease)
	mcp.AddTool(s, &mcp.Tool{Name: "promote_release", Description: "Promote the running version from one environment to another"}, t.PromoteRelease)

	mcp.AddTool(s, &mcp.Tool{Name: "purge_cdn", Description: "Purge CDN cache for a zone"}, t.PurgeCDN)
	mcp.AddTool(s, &mcp.Tool{Name: "purge_edge_cache", Description: "Purge cache on one edge POP"}, t.PurgeEdgeCache)

	mcp.AddTool(s, &mcp.Tool{Name: "delete_cluster", Description: "Delete a Kubernetes cluster"}, t.DeleteCluster)
	mcp.AddTool(s, &mcp.Tool{Name: "drain_cluster", Description: "Drain all nodes of a cluster"}, t.DrainCluster)

	mcp.AddTool(s, &mcp.Tool{Name: "delete_bucket", Description: "Delete a bucket and all objects"}, t.DeleteBucket)
	mcp.AddTool(s, &mcp.Tool{Name: "delete_volume", Description: "Detach and delete a block volume"}, t.DeleteVolume)

	mcp.AddTool(s, &mcp.Tool{Name: "scale_to_zero", Description: "Scale a deployment to zero replicas"},
		withConfirm(t.confirmer, t.logger, scaleMessage, t.scaleToZero))
	mcp.AddTool(s, &mcp.Tool{Name: "delete_snapshot", Description: "Delete a volume snapshot"},
		approval.Guard(t.confirmer, snapshotMessage, t.deleteSnapshot))

	mcp.AddTool(s, &mcp.Tool{Name: "rollout_regions", Description: "Roll a version out region by region"}, t.RolloutRegions)
	mcp.AddTool(s, &mcp.Tool{Name: "decommission_regions", Description: "Remove a service from regions one by one"}, t.DecommissionRegions)
}
