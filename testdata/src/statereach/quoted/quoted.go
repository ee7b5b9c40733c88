// Package quoted compares its plaintext request state with the stages it
// knows and, when none matches, quotes the unrecognised state into the
// error it returns: one cause (the state relied on unverified), reported
// once, at the comparison; the quote rejects the state, and decides
// nothing.
package quoted

import (
	"context"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func deploy(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	switch req.Params.RequestState { // want `^deploy switches on req.Params.RequestState before verifying its integrity`
	case "":
		return &mcp.CallToolResult{RequestState: "plan"}, nil, nil
	case "plan":
		return &mcp.CallToolResult{RequestState: "apply"}, nil, nil
	case "apply":
		return &mcp.CallToolResult{}, nil, nil
	default:
		return nil, nil, fmt.Errorf("unrecognised request state %q", req.Params.RequestState)
	}
}

// rollback tests it with if: the quote is where no comparison matched.
func rollback(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	s := req.Params.RequestState
	if s == "" {
		return &mcp.CallToolResult{RequestState: "asked"}, nil, nil
	}
	if s != "asked" && s != "again" { // want `^rollback compares s \(req.Params.RequestState\) with "asked" before` `^rollback compares s \(req.Params.RequestState\) with "again" before`
		return nil, nil, fmt.Errorf("unrecognised request state %q", s)
	}
	return &mcp.CallToolResult{}, nil, nil
}

// matched quotes the state where a comparison matched, and parses it
// where none did: two uses, each its own cause.
func matched(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	s := req.Params.RequestState
	if s == "v1" { // want `^matched compares s \(req.Params.RequestState\) with "v1" before`
		return nil, nil, fmt.Errorf("state %q is retired", s) // want `^matched passes s \(req.Params.RequestState\) to fmt.Errorf before`
	}
	_, rest, _ := strings.Cut(s, ":") // want `^matched passes s \(req.Params.RequestState\) to strings.Cut before`
	return &mcp.CallToolResult{RequestState: rest}, nil, nil
}
