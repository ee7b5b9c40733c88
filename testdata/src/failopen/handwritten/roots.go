package handwritten

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A roots round confirms nothing: its answer has no action, and going on
// without it (no roots, so no project-local lookup) is no consent
// (gum's rootsForRequest shape). None of these is a confirmation.

func rootsRequest() *mcp.CallToolResult {
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"roots": &mcp.ListRootsParams{}}}
}

// rootsAnswer is no reader of a confirmation: it returns a roots answer.
func rootsAnswer(req *mcp.CallToolRequest) *mcp.ListRootsResult {
	res, ok := req.Params.InputResponses["roots"].(*mcp.ListRootsResult)
	if !ok {
		return nil
	}
	return res
}

// rootsFor returns the roots, and whether the caller must ask for them.
func rootsFor(req *mcp.CallToolRequest) ([]string, bool) {
	if res := rootsAnswer(req); res != nil {
		var uris []string
		for _, r := range res.Roots {
			uris = append(uris, r.URI)
		}
		return uris, false
	}
	if caps := req.ClientCapabilities(); caps == nil || caps.RootsV2 == nil {
		return nil, false
	}
	return nil, true
}

// listFiles reads the roots answer in place, by its presence alone.
func listFiles(ctx context.Context, req *mcp.CallToolRequest, in DropIn) (*mcp.CallToolResult, any, error) {
	if req.Params.InputResponses["roots"] == nil {
		return rootsRequest(), nil, nil
	}
	return &mcp.CallToolResult{}, nil, drop(in.Table)
}

// needsRoots reads the roots answer in place, untyped: the key is asked
// as a roots request only.
func needsRoots(req *mcp.CallToolRequest) ([]string, bool) {
	if v := req.Params.InputResponses["roots"]; v != nil {
		return nil, false
	}
	if caps := req.ClientCapabilities(); caps == nil || caps.RootsV2 == nil {
		return nil, false
	}
	return nil, true
}

// workspaceRoots reads a roots answer asked elsewhere (no request of this
// package has its key): the type it is asserted to says what it is.
func workspaceRoots(req *mcp.CallToolRequest) ([]string, bool) {
	if res, ok := req.Params.InputResponses["workspace"].(*mcp.ListRootsResult); ok && res != nil {
		return nil, false
	}
	if caps := req.ClientCapabilities(); caps == nil || caps.RootsV2 == nil {
		return nil, false
	}
	return nil, true
}
