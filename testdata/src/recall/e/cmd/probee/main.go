// Command probee serves the operator toolbox over stdio.
package main

import (
	"context"
	"log"
	"os"

	"example.com/recall/e/internal/ops"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// logStore logs the operations instead of carrying them out.
type logStore struct{ logger *log.Logger }

func (s logStore) Remove(_ context.Context, kind, name string) error {
	s.logger.Printf("remove %s %s", kind, name)
	return nil
}

func main() {
	logger := log.New(os.Stderr, "probee: ", log.LstdFlags)
	server := mcp.NewServer(&mcp.Implementation{Name: "probee", Version: "v0.1.0"}, nil)
	ops.New(logStore{logger}, logger).Register(server)
	if err := server.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		logger.Fatal(err)
	}
}
