// Package fallback stands a result of its own in for a request that
// failed: a literal whose Action says what the failure means. A decline
// that stops is correct; an acceptance goes ahead.
package fallback

import (
	"context"
	"errors"
	"log"
	"os"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// wipeDeclined takes a failure for a decline.
func wipeDeclined(ctx context.Context, ss *mcp.ServerSession, path string) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Wipe?"})
	if err != nil {
		log.Printf("elicit: %v", err)
		res = &mcp.ElicitResult{Action: "decline"}
	}
	if res.Action != "accept" {
		return errors.New("kept")
	}
	return os.RemoveAll(path)
}

// declined is the stand-in, built by a helper.
func declined() *mcp.ElicitResult { return &mcp.ElicitResult{Action: "decline"} }

func wipeViaHelper(ctx context.Context, ss *mcp.ServerSession, path string) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Wipe?"})
	if err != nil {
		res = declined()
	}
	if res.Action != "accept" {
		return errors.New("kept")
	}
	return os.RemoveAll(path)
}

// destroyDeclined is wipeDeclined on mcp-go, whose Action is promoted
// from an embedded struct.
func destroyDeclined(ctx context.Context, s *server.MCPServer, path string) error {
	res, err := s.RequestElicitation(ctx, mcpgo.ElicitationRequest{Params: mcpgo.ElicitationParams{Message: "Destroy?"}})
	if err != nil {
		res = &mcpgo.ElicitationResult{ElicitationResponse: mcpgo.ElicitationResponse{Action: mcpgo.ElicitationResponseActionDecline}}
	}
	if res.Action != mcpgo.ElicitationResponseActionAccept {
		return errors.New("kept")
	}
	return os.RemoveAll(path)
}

// wipeAccepted takes a failure for an acceptance.
func wipeAccepted(ctx context.Context, ss *mcp.ServerSession, path string) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Wipe?"}) // want `^when ServerSession.Elicit fails, fallback.wipeAccepted goes on into the code that only acceptance reaches`
	if err != nil {
		res = &mcp.ElicitResult{Action: "accept"}
	}
	if res.Action != "accept" {
		return errors.New("kept")
	}
	return os.RemoveAll(path)
}

// destroyAccepted is wipeAccepted on mcp-go.
func destroyAccepted(ctx context.Context, s *server.MCPServer, path string) error {
	res, err := s.RequestElicitation(ctx, mcpgo.ElicitationRequest{Params: mcpgo.ElicitationParams{Message: "Destroy?"}}) // want `^when MCPServer.RequestElicitation fails, fallback.destroyAccepted goes on into the code that only acceptance reaches`
	if err != nil {
		res = &mcpgo.ElicitationResult{ElicitationResponse: mcpgo.ElicitationResponse{Action: mcpgo.ElicitationResponseActionAccept}}
	}
	if res.Action != mcpgo.ElicitationResponseActionAccept {
		return errors.New("kept")
	}
	return os.RemoveAll(path)
}
