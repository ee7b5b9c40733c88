// Command probec serves the platform admin tools over stdio.
package main

import (
	"log/slog"
	"os"

	"github.com/mark3labs/mcp-go/server"

	"example.com/recall/c/internal/legacy"
	"example.com/recall/c/internal/rounds"
)

func newServer(log *slog.Logger) *server.MCPServer {
	s := server.NewMCPServer("platform-admin", "0.9.0",
		server.WithToolCapabilities(true),
		server.WithElicitation(),
		// The legacy tools still call back into the client; keep that working
		// for clients on the 2026-07-28 protocol until they are migrated.
		server.WithLegacyServerInitiatedRequests(),
	)

	be := newFakeBackend(log)
	legacy.New(s, be, log).Register()
	rounds.New(s, be, log).Register()
	return s
}

func main() {
	log := slog.New(slog.NewTextHandler(os.Stderr, nil))
	if err := server.ServeStdio(newServer(log)); err != nil {
		log.Error("server stopped", "err", err)
		os.Exit(1)
	}
}
