// Package rounds holds the tools written in the multi-round-trip style
// (SEP-2322): instead of calling back into the client they return an
// input_required result and finish the work when the client retries with the
// answers. mcp-go bridges them to older clients automatically.
package rounds

import (
	"context"
	"log/slog"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Backend is the part of the platform API these tools drive.
type Backend interface {
	DeployService(ctx context.Context, service, env string) error
	RestartCluster(ctx context.Context, cluster string) error
	DropTable(ctx context.Context, db, table string) error
	TruncateTable(ctx context.Context, db, table string) error
	WireTransfer(ctx context.Context, account, iban string, cents int64) (string, error)
	PayoutVendor(ctx context.Context, vendorID string, cents int64) (string, error)
	SendNewsletter(ctx context.Context, issue string) (int, error)
	SendInvoiceReminders(ctx context.Context, segment string) (int, error)
	RevokeSessions(ctx context.Context, tenant string) (int, error)
	ResetMFA(ctx context.Context, tenant string) (int, error)
	DeleteRepository(ctx context.Context, repo string) error
	DeleteOrganization(ctx context.Context, org string) error
	RotateSigningKey(ctx context.Context, keyID string) (string, error)
	RotateWebhookSecret(ctx context.Context, hookID string) (string, error)
}

// Handlers carries what the multi-round tools need.
type Handlers struct {
	srv *server.MCPServer
	be  Backend
	log *slog.Logger
}

// New returns the multi-round tool set bound to srv.
func New(srv *server.MCPServer, be Backend, log *slog.Logger) *Handlers {
	if log == nil {
		log = slog.Default()
	}
	return &Handlers{srv: srv, be: be, log: log}
}

// Register adds every multi-round tool to the server.
func (h *Handlers) Register() {
	destructive := mcp.WithDestructiveHintAnnotation(true)

	// deploy.go
	h.srv.AddTool(mcp.NewTool("deploy_service",
		mcp.WithDescription("Deploy a service to an environment."),
		mcp.WithString("service", mcp.Required()),
		mcp.WithString("environment", mcp.Required()),
		destructive,
	), h.deployService)
	h.srv.AddTool(mcp.NewTool("restart_cluster",
		mcp.WithDescription("Rolling-restart every node of a cluster."),
		mcp.WithString("cluster", mcp.Required()),
		destructive,
	), h.restartCluster)

	// data.go
	h.srv.AddTool(mcp.NewTool("drop_table",
		mcp.WithDescription("Drop a table."),
		mcp.WithString("database", mcp.Required()),
		mcp.WithString("table", mcp.Required()),
		destructive,
	), dropTable(h.be))
	h.srv.AddTool(mcp.NewTool("truncate_table",
		mcp.WithDescription("Delete every row of a table."),
		mcp.WithString("database", mcp.Required()),
		mcp.WithString("table", mcp.Required()),
		destructive,
	), truncateTable(h.be))

	// money.go
	h.srv.AddTool(mcp.NewTool("wire_transfer",
		mcp.WithDescription("Send an outgoing wire transfer."),
		mcp.WithString("account", mcp.Required()),
		mcp.WithString("iban", mcp.Required()),
		mcp.WithNumber("amount_cents", mcp.Required()),
		destructive,
	), h.wireTransfer)
	h.srv.AddTool(mcp.NewTool("payout_vendor",
		mcp.WithDescription("Pay out a vendor's open balance."),
		mcp.WithString("vendor_id", mcp.Required()),
		mcp.WithNumber("amount_cents", mcp.Required()),
		destructive,
	), h.payoutVendor)

	// messaging.go
	h.srv.AddTool(mcp.NewTool("send_newsletter",
		mcp.WithDescription("Email a newsletter issue to all subscribers."),
		mcp.WithString("issue", mcp.Required()),
		destructive,
	), h.sendNewsletter)
	h.srv.AddTool(mcp.NewTool("send_invoice_reminders",
		mcp.WithDescription("Email payment reminders to every customer in a segment."),
		mcp.WithString("segment", mcp.Required()),
		destructive,
	), h.sendInvoiceReminders)

	// security.go
	h.srv.AddTool(mcp.NewTool("revoke_sessions",
		mcp.WithDescription("Sign every user of a tenant out."),
		destructive,
	), h.revokeSessions)
	h.srv.AddTool(mcp.NewTool("reset_mfa",
		mcp.WithDescription("Reset MFA enrolment for every user of a tenant."),
		destructive,
	), h.resetMFA)
	h.srv.AddTool(mcp.NewTool("rotate_signing_key",
		mcp.WithDescription("Rotate a token signing key; tokens signed by the old key become invalid."),
		mcp.WithString("key_id", mcp.Required()),
		destructive,
	), h.rotateSigningKey)
	h.srv.AddTool(mcp.NewTool("rotate_webhook_secret",
		mcp.WithDescription("Rotate a webhook's signing secret."),
		mcp.WithString("hook_id", mcp.Required()),
		destructive,
	), h.rotateWebhookSecret)

	// repos.go
	h.srv.AddTool(mcp.NewTool("delete_repository",
		mcp.WithDescription("Delete a source repository."),
		mcp.WithString("repo", mcp.Required()),
		destructive,
	), h.deleteRepository)
	h.srv.AddTool(mcp.NewTool("delete_organization",
		mcp.WithDescription("Delete an organization and all its repositories."),
		mcp.WithString("org", mcp.Required()),
		destructive,
	), h.deleteOrganization)
}
