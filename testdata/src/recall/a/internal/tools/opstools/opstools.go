// Package opstools exposes deployment and infrastructure operations as MCP tools.
package opstools

import (
	"context"
	"log"
	"log/slog"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Backend is everything the ops tools talk to.
type Backend interface {
	Deploy(ctx context.Context, service, version, env string) error
	RotateKey(ctx context.Context, keyID string) (newVersion string, err error)
	RevokeTokens(ctx context.Context, subject string) (int, error)
	PushRef(ctx context.Context, repo, ref, sha string, force bool) error
	DeleteRef(ctx context.Context, repo, ref string) error
	Drain(ctx context.Context, cluster string) error
	Cordon(ctx context.Context, cluster string, nodes []string) error
	Terminate(ctx context.Context, ids []string) error
	DeleteVolumes(ctx context.Context, ids []string) error
}

// Auditor records privileged operations.
type Auditor interface {
	Record(ctx context.Context, op string, fields map[string]any, err error)
}

// Config tunes the ops tools.
type Config struct {
	ConfirmTimeout time.Duration
	Retries        int
}

type Tools struct {
	be    Backend
	audit Auditor
	cfg   Config
	log   *slog.Logger
	std   *log.Logger
}

// Register adds all ops tools to s.
func Register(s *mcp.Server, be Backend, audit Auditor, cfg Config, logger *slog.Logger) {
	if cfg.ConfirmTimeout == 0 {
		cfg.ConfirmTimeout = 2 * time.Minute
	}
	if cfg.Retries == 0 {
		cfg.Retries = 3
	}
	t := &Tools{be: be, audit: audit, cfg: cfg, log: logger, std: log.Default()}

	mcp.AddTool(s, &mcp.Tool{Name: "deploy_production", Description: "Deploy a version to production."}, t.deployProduction)
	mcp.AddTool(s, &mcp.Tool{Name: "promote_release", Description: "Promote a canary release to all regions."}, t.promoteRelease)
	mcp.AddTool(s, &mcp.Tool{Name: "rotate_keys", Description: "Rotate a KMS signing key."}, t.rotateKeys)
	mcp.AddTool(s, &mcp.Tool{Name: "revoke_tokens", Description: "Revoke every token of a subject."}, t.revokeTokens)
	mcp.AddTool(s, &mcp.Tool{Name: "force_push", Description: "Force-push a commit to a branch."}, t.forcePush)
	mcp.AddTool(s, &mcp.Tool{Name: "delete_branch", Description: "Delete a remote branch."}, t.deleteBranch)
	mcp.AddTool(s, &mcp.Tool{Name: "drain_cluster", Description: "Drain all workloads from a cluster."}, t.drainCluster)
	mcp.AddTool(s, &mcp.Tool{Name: "cordon_nodes", Description: "Cordon nodes and evict their pods."}, t.cordonNodes)
	mcp.AddTool(s, &mcp.Tool{Name: "terminate_instances", Description: "Terminate cloud instances."}, t.terminateInstances)
	mcp.AddTool(s, &mcp.Tool{Name: "delete_volumes", Description: "Delete block storage volumes."}, t.deleteVolumes)
}

func text(msg string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: msg}}}
}

func failed(err error) *mcp.CallToolResult {
	return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: err.Error()}}}
}
