// Package unsupported goes ahead without asking when the client declares
// no elicitation capability: a finding only with -failopen.unsupported.
package unsupported

import (
	"context"
	"errors"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var errDeclined = errors.New("declined")

// confirm proceeds for a client that cannot elicit.
func confirm(ctx context.Context, ss *mcp.ServerSession) error { // want confirm:"confirmer error=0 bool=-1"
	if p := ss.InitializeParams(); p == nil || p.Capabilities.Elicitation == nil { // want `^when the client declares no elicitation, unsupported.confirm returns nil without asking, as when the user accepts`
		return nil
	}
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "sure?"})
	if err != nil {
		return err
	}
	if res.Action != "accept" {
		return errDeclined
	}
	return nil
}

func canElicit(ss *mcp.ServerSession) bool {
	return ss.InitializeParams().Capabilities.Elicitation != nil
}

// confirmVia checks through a helper of the package.
func confirmVia(ctx context.Context, ss *mcp.ServerSession) (bool, error) { // want confirmVia:"confirmer error=1 bool=0"
	if !canElicit(ss) { // want `^when the client declares no elicitation, unsupported.confirmVia returns true without asking`
		return true, nil
	}
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "sure?"})
	if err != nil {
		return false, err
	}
	return res.Action == "accept", nil
}

// confirmDenies declines for a client that cannot elicit.
func confirmDenies(ctx context.Context, ss *mcp.ServerSession) error { // want confirmDenies:"confirmer error=0 bool=-1"
	if !canElicit(ss) {
		return errDeclined
	}
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "sure?"})
	if err != nil {
		return err
	}
	if res.Action != "accept" {
		return errDeclined
	}
	return nil
}

// askOrProceed goes ahead when mcp-go says the question could not be sent
// at all (no session, or one that cannot carry elicitation), and stops on
// every other failure.
func askOrProceed(ctx context.Context, s *server.MCPServer, msg string) (bool, error) {
	res, err := s.RequestElicitation(ctx, mcpgo.ElicitationRequest{Params: mcpgo.ElicitationParams{Message: msg}}) // want `^when MCPServer\.RequestElicitation fails with an error it does not stop on, unsupported\.askOrProceed returns true, as when the user accepts`
	if err != nil {
		if err == server.ErrElicitationNotSupported || errors.Is(err, server.ErrNoActiveSession) {
			return true, nil
		}
		return false, err
	}
	return res.Action == mcpgo.ElicitationResponseActionAccept, nil
}

func archive(name string) error { return errors.New("archived " + name) }

// archiveUnasked is a handler that archives without asking for a client
// that cannot elicit: the action acceptance reaches.
func archiveUnasked(ctx context.Context, req *mcp.CallToolRequest, name string) (*mcp.CallToolResult, any, error) {
	if p := req.Session.InitializeParams(); p == nil || p.Capabilities == nil || p.Capabilities.Elicitation == nil { // want `^when the client declares no elicitation, unsupported.archiveUnasked goes on without asking into what acceptance reaches, from its call of unsupported.archive`
		return nil, nil, archive(name)
	}
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Archive " + name + "?"})
	if err != nil || res.Action != "accept" {
		return nil, nil, errDeclined
	}
	return nil, nil, archive(name)
}

// archiveRefused refuses a client that cannot elicit.
func archiveRefused(ctx context.Context, req *mcp.CallToolRequest, name string) (*mcp.CallToolResult, any, error) {
	if p := req.Session.InitializeParams(); p == nil || p.Capabilities == nil || p.Capabilities.Elicitation == nil {
		return nil, nil, errors.New("archive needs a client that can ask")
	}
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Archive " + name + "?"})
	if err != nil || res.Action != "accept" {
		return nil, nil, errDeclined
	}
	return nil, nil, archive(name)
}

// archiveOnFailure asks first, and archives when the request failed for a
// client that declares no elicitation: the same policy, decided after the
// failure.
func archiveOnFailure(ctx context.Context, req *mcp.CallToolRequest, name string) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Archive " + name + "?"})
	if err != nil {
		if p := req.Session.InitializeParams(); p != nil && p.Capabilities != nil && p.Capabilities.Elicitation == nil { // want `^when the client declares no elicitation, unsupported.archiveOnFailure goes on without asking into what acceptance reaches, from its call of unsupported.archive`
			return nil, nil, archive(name)
		}
		return nil, nil, err
	}
	if res.Action != "accept" {
		return nil, nil, errDeclined
	}
	return nil, nil, archive(name)
}

// explainOnFailure tells a client that cannot elicit why it failed, and
// archives nothing.
func explainOnFailure(ctx context.Context, req *mcp.CallToolRequest, name string) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Archive " + name + "?"})
	if err != nil {
		if p := req.Session.InitializeParams(); p != nil && p.Capabilities != nil && p.Capabilities.Elicitation == nil {
			return nil, nil, errors.New("archive needs a client that can ask")
		}
		return nil, nil, err
	}
	if res.Action != "accept" {
		return nil, nil, errDeclined
	}
	return nil, nil, archive(name)
}
