// Package ownserver connects its own server to its own client, which asks
// for no version: the session is at the newest version, where the request
// fails, as in go-sdk's examples/server/elicitation.
package ownserver

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func run(ctx context.Context) error {
	st, ct := mcp.NewInMemoryTransports()
	server := mcp.NewServer(&mcp.Implementation{Name: "s"}, nil)
	ss, err := server.Connect(ctx, st, nil)
	if err != nil {
		return err
	}
	c := mcp.NewClient(&mcp.Implementation{Name: "c"}, nil)
	if _, err := c.Connect(ctx, ct, nil); err != nil {
		return err
	}
	_, err = ss.Elicit(ctx, &mcp.ElicitParams{Message: "settings?"}) // want `^ServerSession.Elicit fails`
	return err
}

var _ = run
