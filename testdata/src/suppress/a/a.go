// Package a has directives that suppress a finding and some that do not;
// the test runs it with -suppress.unused.
package a

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func Used(ctx context.Context, req *mcp.CallToolRequest) {
	//mcplint:ignore syncask the clients of this server are all older than 2026-07-28
	req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "ok?"})
}

// UsedInDecl asks in its body.
//
//mcplint:ignore syncask the clients of this server are all older than 2026-07-28
func UsedInDecl(ctx context.Context, req *mcp.CallToolRequest) {
	req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "ok?"})
}

func Stale(ctx context.Context, req *mcp.CallToolRequest) {
	// want +1 `mcplint:ignore directive for syncask suppresses nothing: the analyzer has no finding here; remove it, or the name`
	//mcplint:ignore syncask the call below was removed
	_ = ctx
}

func Half(ctx context.Context, req *mcp.CallToolRequest) {
	// want +1 `mcplint:ignore directive for resolvegraph,statereach suppresses nothing: the analyzers have no finding here; remove it, or the names`
	//mcplint:ignore syncask,resolvegraph,statereach one name of three is needed
	req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "ok?"})
}

func Kept(ctx context.Context, req *mcp.CallToolRequest) {
	//mcplint:ignore suppress kept while the call below is rewritten
	//mcplint:ignore syncask the call below was removed
	_ = ctx
}
