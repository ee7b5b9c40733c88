// Command probef serves the admin toolbox over stdio.
package main

import (
	"context"
	"log/slog"
	"os"

	"example.com/recall/f/internal/tools"
	"github.com/mark3labs/mcp-go/server"
)

// logStore logs the operations instead of carrying them out.
type logStore struct{ logger *slog.Logger }

func (s logStore) Delete(_ context.Context, kind, name string) error {
	s.logger.Info("delete", "kind", kind, "name", name)
	return nil
}

func main() {
	logger := slog.New(slog.NewTextHandler(os.Stderr, nil))
	srv := server.NewMCPServer("probef", "0.1.0", server.WithToolCapabilities(false))
	tools.New(srv, logStore{logger}, logger)
	if err := server.ServeStdio(srv); err != nil {
		logger.Error("serve", "err", err)
		os.Exit(1)
	}
}
