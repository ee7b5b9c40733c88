// Package legacy holds the admin tools that confirm through the synchronous,
// server-initiated elicitation API. They predate our move to multi-round
// handlers (see package rounds) and are being migrated one by one.
package legacy

import (
	"context"
	"log/slog"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Backend is the part of the platform API these tools drive.
type Backend interface {
	DropDatabase(ctx context.Context, name string) error
	DropSchema(ctx context.Context, db, schema string) error
	DeployRelease(ctx context.Context, service, version string) error
	RollbackRelease(ctx context.Context, service, version string) error
	Transfer(ctx context.Context, from, to string, cents int64) (string, error)
	Refund(ctx context.Context, paymentID string, cents int64) (string, error)
	SendCampaign(ctx context.Context, list, templateID string) (int, error)
	SendSMSBlast(ctx context.Context, list, text string) (int, error)
	RotateAPIKeys(ctx context.Context, project string) error
	RevokeAPIKey(ctx context.Context, project, keyID string) error
	PurgeBucket(ctx context.Context, bucket string) (int, error)
	DeleteVolume(ctx context.Context, volume string) error
	DeleteUserAccount(ctx context.Context, userID string) error
	DeleteTeam(ctx context.Context, teamID string) error
	FlushQueue(ctx context.Context, queue string) (int, error)
	PurgeDeadLetters(ctx context.Context, queue string) (int, error)
}

// Tools bundles the MCP server (needed to reach the client for elicitation)
// with the backend the tools operate on.
type Tools struct {
	srv *server.MCPServer
	be  Backend
	log *slog.Logger
}

// New returns the legacy tool set bound to srv.
func New(srv *server.MCPServer, be Backend, log *slog.Logger) *Tools {
	if log == nil {
		log = slog.Default()
	}
	return &Tools{srv: srv, be: be, log: log}
}

// Register adds every legacy tool to the server.
func (t *Tools) Register() {
	destructive := mcp.WithDestructiveHintAnnotation(true)

	// database.go
	t.srv.AddTool(mcp.NewTool("drop_database",
		mcp.WithDescription("Drop a database and all of its data."),
		mcp.WithString("database", mcp.Required()),
		destructive,
	), t.dropDatabase)
	t.srv.AddTool(mcp.NewTool("drop_schema",
		mcp.WithDescription("Drop a schema inside a database."),
		mcp.WithString("database", mcp.Required()),
		mcp.WithString("schema", mcp.Required()),
		destructive,
	), t.dropSchema)

	// release.go
	t.srv.AddTool(mcp.NewTool("deploy_release",
		mcp.WithDescription("Deploy a release of a service to production."),
		mcp.WithString("service", mcp.Required()),
		mcp.WithString("version", mcp.Required()),
		destructive,
	), t.deployRelease)
	t.srv.AddTool(mcp.NewTool("rollback_release",
		mcp.WithDescription("Roll a production service back to an earlier release."),
		mcp.WithString("service", mcp.Required()),
		mcp.WithString("version", mcp.Required()),
		destructive,
	), t.rollbackRelease)

	// payments.go
	t.srv.AddTool(mcp.NewTool("transfer_funds",
		mcp.WithDescription("Move money between two internal accounts."),
		mcp.WithString("from", mcp.Required()),
		mcp.WithString("to", mcp.Required()),
		mcp.WithNumber("amount_cents", mcp.Required()),
		destructive,
	), transferFunds(t.srv, t.be))
	t.srv.AddTool(mcp.NewTool("refund_payment",
		mcp.WithDescription("Refund a customer payment, fully or partially."),
		mcp.WithString("payment_id", mcp.Required()),
		mcp.WithNumber("amount_cents", mcp.Required()),
		destructive,
	), refundPayment(t.srv, t.be))

	// messaging.go
	t.srv.AddTool(mcp.NewTool("send_bulk_email",
		mcp.WithDescription("Send an email campaign to a mailing list."),
		mcp.WithString("list", mcp.Required()),
		mcp.WithString("template", mcp.Required()),
		destructive,
	), t.sendBulkEmail)
	t.srv.AddTool(mcp.NewTool("send_sms_blast",
		mcp.WithDescription("Send a text message to every number on a list."),
		mcp.WithString("list", mcp.Required()),
		mcp.WithString("text", mcp.Required()),
		destructive,
	), t.sendSMSBlast)

	// keys.go
	t.srv.AddTool(mcp.NewTool("rotate_api_keys",
		mcp.WithDescription("Rotate every API key of a project; old keys stop working."),
		mcp.WithString("project", mcp.Required()),
		destructive,
	), t.rotateAPIKeys)
	t.srv.AddTool(mcp.NewTool("revoke_api_key",
		mcp.WithDescription("Revoke a single API key."),
		mcp.WithString("project", mcp.Required()),
		mcp.WithString("key_id", mcp.Required()),
		destructive,
	), t.revokeAPIKey)

	// storage.go
	t.srv.AddTool(mcp.NewTool("purge_bucket",
		mcp.WithDescription("Delete every object in a storage bucket."),
		mcp.WithString("bucket", mcp.Required()),
		destructive,
	), purgeBucket(t.srv, t.be))
	t.srv.AddTool(mcp.NewTool("delete_volume",
		mcp.WithDescription("Delete a block storage volume."),
		mcp.WithString("volume", mcp.Required()),
		destructive,
	), deleteVolume(t.srv, t.be))

	// accounts.go
	t.srv.AddTool(mcp.NewTool("delete_user_account",
		mcp.WithDescription("Permanently delete a user account."),
		mcp.WithString("user_id", mcp.Required()),
		destructive,
	), t.deleteUserAccount)
	t.srv.AddTool(mcp.NewTool("delete_team",
		mcp.WithDescription("Permanently delete a team and its memberships."),
		mcp.WithString("team_id", mcp.Required()),
		destructive,
	), t.deleteTeam)

	// queue.go
	t.srv.AddTool(mcp.NewTool("flush_queue",
		mcp.WithDescription("Drop every pending message in a queue."),
		mcp.WithString("queue", mcp.Required()),
		destructive,
	), t.flushQueue)
	t.srv.AddTool(mcp.NewTool("purge_dead_letters",
		mcp.WithDescription("Drop every message in a queue's dead-letter queue."),
		mcp.WithString("queue", mcp.Required()),
		destructive,
	), t.purgeDeadLetters)
}
