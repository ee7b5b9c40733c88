// Package paths decides by paths: where the session comes from and which
// version branch dominates the request, not whether the package mentions
// a version somewhere.
package paths

import (
	"context"
	"errors"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// seed rehydrates a session with the version it had: assigning a version
// is no check, so it guards nothing in this package.
func seed(v string) *mcp.ServerSessionState {
	return &mcp.ServerSessionState{InitializeParams: &mcp.InitializeParams{ProtocolVersion: v}}
}

// upstream connects this package's client to another server, at a pinned
// version: a client of another server, not a session of this one.
func upstream(ctx context.Context, t mcp.Transport) error {
	c := mcp.NewClient(&mcp.Implementation{Name: "proxy"}, nil)
	_, err := c.Connect(ctx, t, &mcp.ClientSessionOptions{ProtocolVersion: "2025-11-25"})
	return err
}

// logged checks the version only to log it: the request after the check
// runs on every version.
func logged(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if req.ProtocolVersion() < "2026-07-28" {
		log.Print("legacy client")
	}
	_, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "sure?"}) // want `^ServerSession.Elicit fails on sessions at protocol 2026-07-28 or later: go-sdk refuses`
	return nil, err
}

// twice asks on the legacy branch, then again on every version.
func twice(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if req.ProtocolVersion() < "2026-07-28" {
		if _, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "first?"}); err != nil {
			return nil, err
		}
	}
	_, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "second?"}) // want `^ServerSession.Elicit fails`
	return nil, err
}

// backwards asks on the modern branch only, where it always fails.
func backwards(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if req.ProtocolVersion() >= "2026-07-28" {
		_, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "sure?"}) // want `^ServerSession.Elicit is called only on sessions at protocol 2026-07-28 or later, where it always fails: go-sdk refuses`
		return nil, err
	}
	return &mcp.CallToolResult{}, nil
}

// early returns on modern sessions first: what follows is legacy only.
func early(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if req.ProtocolVersion() >= "2026-07-28" {
		return &mcp.CallToolResult{}, nil // would return InputRequests
	}
	_, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "sure?"})
	return nil, err
}

type sessionKey struct{}

// elicitor is the package's own interface, which *mcp.ServerSession
// implements.
type elicitor interface {
	Elicit(context.Context, *mcp.ElicitParams) (*mcp.ElicitResult, error)
}

func elicitorFrom(ctx context.Context) (elicitor, error) {
	e, ok := ctx.Value(sessionKey{}).(elicitor)
	if !ok {
		return nil, errors.New("no session")
	}
	return e, nil
}

// Validator checks what a tool is about to do, as a validation hook that
// other packages call with the request's context.
type Validator struct{}

// Validate asks for the licence through the interface, on the session a
// middleware put in the context: the callers are unknown, so it is
// reported where it asks, naming the entry.
func (Validator) Validate(ctx context.Context) error {
	return promptLicence(ctx)
}

func promptLicence(ctx context.Context) error {
	e, err := elicitorFrom(ctx)
	if err != nil {
		return err
	}
	res, err := e.Elicit(ctx, &mcp.ElicitParams{Message: "accept the licence?"}) // want `^ServerSession.Elicit fails on sessions at protocol 2026-07-28 or later \(reached from paths.Validator.Validate\): go-sdk refuses`
	if err != nil {
		return err
	}
	if res.Action != "accept" {
		return errors.New("licence not accepted")
	}
	return nil
}

// confirmHook is a function value that tools call.
var confirmHook = confirmOn

func confirmOn(ctx context.Context, ss *mcp.ServerSession) error {
	_, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "sure?"}) // want `^ServerSession.Elicit fails`
	return err
}

// viaHook passes its request's session to the function value.
func viaHook(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, confirmHook(ctx, req.Session)
}

// listRoots is reached only from the notification handler below, which
// only sessions before 2026-07-28 send: no finding.
func listRoots(ctx context.Context, ss *mcp.ServerSession) {
	if _, err := ss.ListRoots(ctx, nil); err != nil {
		log.Print(err)
	}
}

func newServer() *mcp.Server {
	return mcp.NewServer(&mcp.Implementation{Name: "paths"}, &mcp.ServerOptions{
		RootsListChangedHandler: func(ctx context.Context, req *mcp.RootsListChangedRequest) {
			listRoots(ctx, req.Session)
		},
		InitializedHandler: func(ctx context.Context, req *mcp.InitializedRequest) {
			go listRoots(context.WithoutCancel(ctx), req.Session)
		},
	})
}

var _ = []any{seed, upstream, logged, twice, backwards, early, viaHook, newServer}
