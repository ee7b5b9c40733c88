// Command probeb runs the ops MCP server over stdio.
package main

import (
	"context"
	"log"
	"log/slog"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/recall/b/internal/billing"
	"example.com/recall/b/internal/deploy"
	"example.com/recall/b/internal/tools"
)

type nopLedger struct{}

func (nopLedger) Refund(context.Context, string, int64) error { return nil }
func (nopLedger) Void(context.Context, string) error          { return nil }
func (nopLedger) Pay(_ context.Context, to string, _ int64, _ string) (string, error) {
	return "pay-" + to, nil
}
func (nopLedger) Schedule(_ context.Context, to string, _ int64, _ string) (string, error) {
	return "xfer-" + to, nil
}
func (nopLedger) Payout(context.Context, string, int64, string) error { return nil }
func (nopLedger) Close(context.Context, string) error                 { return nil }

type nopSender struct{}

func (nopSender) Send(context.Context, string, string, string) (int, error) { return 0, nil }

// NewServer builds the server with every tool registered.
func NewServer(logger *slog.Logger, secret []byte) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "probeb-ops", Version: "v0.3.1"}, nil)
	tools.RegisterDatabase(s, tools.NewCatalog())
	tools.RegisterKeys(s, &tools.KeyService{Log: logger})
	deploy.New(deploy.NopPipeline{}, secret).Register(s)
	(&billing.Payments{Ledger: nopLedger{}, Log: logger}).Register(s)
	(&billing.Mailer{Sender: nopSender{}}).Register(s)
	return s
}

func main() {
	logger := slog.New(slog.NewTextHandler(os.Stderr, nil))
	secret := []byte(os.Getenv("PROBEB_STATE_SECRET"))
	if len(secret) == 0 {
		log.Fatal("PROBEB_STATE_SECRET must be set")
	}
	s := NewServer(logger, secret)
	if err := s.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}
