// Command probed is the platform-operations MCP server.
package main

import (
	"context"
	"flag"
	"log"
	"log/slog"
	"os"
	"os/signal"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/recall/d/internal/accounts"
	"example.com/recall/d/internal/elicitx"
	"example.com/recall/d/internal/infra"
)

func main() {
	promptTimeout := flag.Duration("prompt-timeout", 2*time.Minute, "how long operators have to answer a confirmation")
	flag.Parse()

	logger := slog.New(slog.NewJSONHandler(os.Stderr, nil))
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()

	srv := mcp.NewServer(&mcp.Implementation{Name: "probed", Version: "1.14.2"}, &mcp.ServerOptions{Logger: logger})

	// One Elicitor serves as both approval.Confirmer and approval.Approver.
	elicitor := elicitx.New(
		elicitx.WithTimeout(*promptTimeout),
		elicitx.WithLogger(logger),
		elicitx.WithTitle("Platform Ops"),
	)

	infra.New(infra.NewMemBackend(), elicitor, elicitor, infra.WithLogger(logger)).Register(srv)

	store := accounts.NewMem()
	accounts.NewService(accounts.Deps{
		Ledger:        store,
		Directory:     store,
		Approver:      elicitor,
		Confirmer:     elicitor,
		Logger:        logger,
		PromptTimeout: *promptTimeout,
	}).Register(srv)

	// Key rotation must keep working from the CLI agent, which cannot render
	// elicitation forms yet.
	accounts.NewSigningKeyTools(store,
		accounts.WithConfirmFunc(elicitx.NewConfirmFunc(
			elicitx.OnUnsupported(elicitx.Proceed),
			elicitx.WithConfirmer(elicitor),
		)),
		accounts.WithKeyLogger(logger),
	).Register(srv)
	accounts.NewWebhookSecretTools(store,
		accounts.WithConfirmFunc(elicitx.NewConfirmFunc(elicitx.WithConfirmer(elicitor))),
		accounts.WithKeyLogger(logger),
	).Register(srv)

	// The API-key tools still use the v0 confirmer: the dashboard team's
	// client only renders message-only prompts.
	accounts.NewAPIKeyTools(store, elicitx.LegacyConfirmer{Prefix: "[api-keys] "}).Register(srv)
	accounts.NewServiceAccountTools(store, elicitor).Register(srv)

	if err := srv.Run(ctx, &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}
