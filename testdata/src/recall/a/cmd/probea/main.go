// Command probea is the MCP server for the platform team's admin tools.
package main

import (
	"context"
	"log"
	"log/slog"
	"os"

	"example.com/recall/a/internal/tools/dbtools"
	"example.com/recall/a/internal/tools/opstools"
	"example.com/recall/a/internal/tools/paytools"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func main() {
	logger := slog.New(slog.NewTextHandler(os.Stderr, nil))
	slog.SetDefault(logger)

	server := mcp.NewServer(&mcp.Implementation{Name: "probea-admin", Version: "0.4.2"}, nil)

	fake := &fakeBackend{log: logger}
	dbtools.Register(server, fake, fake, logger)
	opstools.Register(server, fake, fake, opstools.Config{}, logger)
	paytools.Register(server, fake, fake, logger)
	registerStorage(server, fake, logger)

	if err := server.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}
