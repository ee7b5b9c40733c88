// Package initparams asks the way polymatx/opsgate does: it returns the
// input-required result when the session's initialize parameters are set
// at protocol 2026-07-28 or later, and sends the legacy request otherwise.
// That is exactly the condition under which go-sdk refuses (a modern
// request fills the initialize parameters from its _meta; a session with
// none is not refused), so the legacy request is not reported. A handler
// that checks the parameters without the version, or the version without
// the branch, still is.
package initparams

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

const modern = "2026-07-28"

const approvalKey = "approval"

// askApproval is opsgate's shape.
func askApproval(ctx context.Context, req *mcp.CallToolRequest) (bool, *mcp.CallToolResult, error) {
	if resp, ok := req.Params.InputResponses[approvalKey]; ok {
		res, ok := resp.(*mcp.ElicitResult)
		return ok && res.Action == "accept", nil, nil
	}
	prompt := &mcp.ElicitParams{Message: "allow?"}
	if ip := req.Session.InitializeParams(); ip != nil && ip.ProtocolVersion >= modern {
		return false, &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{approvalKey: prompt}}, nil
	}
	res, err := req.Session.Elicit(ctx, prompt)
	if err != nil {
		return false, nil, err
	}
	return res.Action == "accept", nil, nil
}

// nilFirst returns early when the session has no initialize parameters,
// then on modern sessions.
func nilFirst(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	ip := req.Session.InitializeParams()
	if ip == nil {
		_, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "sure?"})
		return nil, err
	}
	if ip.ProtocolVersion >= modern {
		return &mcp.CallToolResult{}, nil
	}
	_, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "sure?"})
	return nil, err
}

// paramsOnly checks that the parameters are set, not the version: a
// modern session has them too.
func paramsOnly(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if req.Session.InitializeParams() != nil {
		_, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "sure?"}) // want `^ServerSession.Elicit fails`
		return nil, err
	}
	return &mcp.CallToolResult{}, nil
}

// orNil asks when the parameters are missing or the version modern: the
// second half is a modern session.
func orNil(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if ip := req.Session.InitializeParams(); ip == nil || ip.ProtocolVersion >= modern {
		_, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "sure?"}) // want `^ServerSession.Elicit fails`
		return nil, err
	}
	return &mcp.CallToolResult{}, nil
}

func tool(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	ok, pending, err := askApproval(ctx, req)
	if pending != nil || err != nil || !ok {
		return pending, err
	}
	return &mcp.CallToolResult{}, nil
}

func Register(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "t"}, tool)
	s.AddTool(&mcp.Tool{Name: "n"}, nilFirst)
	s.AddTool(&mcp.Tool{Name: "p"}, paramsOnly)
	s.AddTool(&mcp.Tool{Name: "o"}, orNil)
}
