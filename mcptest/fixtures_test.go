package mcptest_test

// Hand-written handlers the kit's tests run, copied from the analyzers'
// testdata (each names the file it came from) with their action replaced
// by a counter the kit reads as the tool's effect.

import (
	"context"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type DropIn struct {
	Table string `json:"table"`
}

// store counts the drops a tool took.
type store struct{ drops atomic.Int64 }

func (s *store) count() int { return int(s.drops.Load()) }

func (s *store) drop(string) error { s.drops.Add(1); return nil }

func ask(table string) *mcp.CallToolResult {
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"confirm": &mcp.ElicitParams{Message: "Drop " + table + "?"}}}
}

func kept(table string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "kept " + table}}}
}

func dropped(table string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "dropped " + table}}}
}

type handler = mcp.ToolHandlerFor[DropIn, any]

// From testdata/src/failopen/handwritten/handwritten.go: dropClosed
// (negative).
func dropClosed(s *store) handler {
	return func(ctx context.Context, req *mcp.CallToolRequest, in DropIn) (*mcp.CallToolResult, any, error) {
		resp, ok := req.Params.InputResponses["confirm"].(*mcp.ElicitResult)
		if !ok {
			return ask(in.Table), nil, nil
		}
		if resp.Action != "accept" {
			return kept(in.Table), nil, nil
		}
		return dropped(in.Table), nil, s.drop(in.Table)
	}
}

// From testdata/src/failopen/handwritten/handwritten.go: dropOnlyDecline
// (positive: a cancel drops).
func dropOnlyDecline(s *store) handler {
	return func(ctx context.Context, req *mcp.CallToolRequest, in DropIn) (*mcp.CallToolResult, any, error) {
		resp, ok := req.Params.InputResponses["confirm"].(*mcp.ElicitResult)
		if !ok {
			return ask(in.Table), nil, nil
		}
		if resp.Action == "decline" {
			return kept(in.Table), nil, nil
		}
		return dropped(in.Table), nil, s.drop(in.Table)
	}
}

// From testdata/src/failopen/handwritten/handwritten.go: dropUnlessRefused
// (positive: a missing answer drops, and it never asks).
func dropUnlessRefused(s *store) handler {
	return func(ctx context.Context, req *mcp.CallToolRequest, in DropIn) (*mcp.CallToolResult, any, error) {
		resp, _ := req.Params.InputResponses["confirm"].(*mcp.ElicitResult)
		if resp != nil && resp.Action != "accept" {
			return kept(in.Table), nil, nil
		}
		return dropped(in.Table), nil, s.drop(in.Table)
	}
}

func askBox(table string) *mcp.CallToolResult {
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		"box": &mcp.ElicitParams{Message: "Drop " + table + "?", RequestedSchema: map[string]any{
			"type":       "object",
			"properties": map[string]any{"confirm": map[string]any{"type": "boolean", "title": "Drop the table"}},
			"required":   []string{"confirm"},
		}},
	}}
}

// From testdata/src/failopen/handwritten/checkbox.go: dropOnTicked
// (negative).
func dropOnTicked(s *store) handler {
	return func(ctx context.Context, req *mcp.CallToolRequest, in DropIn) (*mcp.CallToolResult, any, error) {
		resp, ok := req.Params.InputResponses["box"].(*mcp.ElicitResult)
		if !ok {
			return askBox(in.Table), nil, nil
		}
		if ticked, _ := resp.Content["confirm"].(bool); resp.Action != "accept" || !ticked {
			return kept(in.Table), nil, nil
		}
		return dropped(in.Table), nil, s.drop(in.Table)
	}
}

// From testdata/src/failopen/handwritten/checkbox.go: dropOnAccept
// (positive: the box unticked drops).
func dropOnAccept(s *store) handler {
	return func(ctx context.Context, req *mcp.CallToolRequest, in DropIn) (*mcp.CallToolResult, any, error) {
		resp, ok := req.Params.InputResponses["box"].(*mcp.ElicitResult)
		if !ok {
			return askBox(in.Table), nil, nil
		}
		if resp.Action != "accept" {
			return kept(in.Table), nil, nil
		}
		return dropped(in.Table), nil, s.drop(in.Table)
	}
}

// From testdata/src/statereach/standsin/standsin.go: cancelOrder
// (positive: the state it hands out stands in for the answer).
//
//mcplint:ignore statereach a positive the kit must catch, copied from the analyzers' testdata
func cancelOrder(s *store) handler {
	return func(ctx context.Context, req *mcp.CallToolRequest, in DropIn) (*mcp.CallToolResult, any, error) {
		if req.Params.RequestState == "confirmed" {
			return dropped(in.Table), nil, s.drop(in.Table)
		}
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"confirm": &mcp.ElicitParams{Message: "Cancel the order?"}},
			RequestState:  "confirmed",
		}, nil, nil
	}
}

// From testdata/src/askstable/handgo/handgo.go: timeKey (positive: the
// question's key changes every round, so its answer is never found).
//
//mcplint:ignore askstable a positive the kit must catch, copied from the analyzers' testdata
func timeKey(s *store) handler {
	return func(ctx context.Context, req *mcp.CallToolRequest, in DropIn) (*mcp.CallToolResult, any, error) {
		key := fmt.Sprintf("confirm-%d", time.Now().UnixNano())
		if resp, ok := req.Params.InputResponses[key].(*mcp.ElicitResult); ok && resp.Action == "accept" {
			return dropped(in.Table), nil, s.drop(in.Table)
		}
		res := &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{}}
		res.InputRequests[key] = &mcp.ElicitParams{Message: "sure?"}
		return res, nil, nil
	}
}

// From testdata/src/syncask/direct/direct.go: a server-to-client
// elicitation with no version check (positive: 2026-07-28 refuses it).
func elicitDirect(s *store) handler {
	return func(ctx context.Context, req *mcp.CallToolRequest, in DropIn) (*mcp.CallToolResult, any, error) {
		res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Drop " + in.Table + "?"})
		if err != nil {
			return nil, nil, err
		}
		if res.Action != "accept" {
			return kept(in.Table), nil, nil
		}
		return dropped(in.Table), nil, s.drop(in.Table)
	}
}

// From testdata/src/askcaps/gated/gated.go: confirm (negative for askcaps:
// it asks only a client that declared elicitation). It goes on whatever
// the answer, which failopen's scenarios report; only askcaps is judged.
func confirmGated(s *store) handler {
	return func(ctx context.Context, req *mcp.CallToolRequest, in DropIn) (*mcp.CallToolResult, any, error) {
		if req.Session.InitializeParams().Capabilities.Elicitation == nil {
			return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "no elicitation"}}}, nil, nil
		}
		if _, ok := req.Params.InputResponses["confirm"]; ok {
			return dropped(in.Table), nil, s.drop(in.Table)
		}
		return ask(in.Table), nil, nil
	}
}

// From testdata/src/syncask/initparams/initparams.go: tool and askApproval
// (negative: the legacy request only when the session's parameters say a
// protocol before 2026-07-28).
func approvalByParams(s *store) handler {
	return func(ctx context.Context, req *mcp.CallToolRequest, in DropIn) (*mcp.CallToolResult, any, error) {
		if resp, ok := req.Params.InputResponses["approval"]; ok {
			if res, ok := resp.(*mcp.ElicitResult); !ok || res.Action != "accept" {
				return kept(in.Table), nil, nil
			}
			return dropped(in.Table), nil, s.drop(in.Table)
		}
		prompt := &mcp.ElicitParams{Message: "Drop " + in.Table + "?"}
		if ip := req.Session.InitializeParams(); ip != nil && ip.ProtocolVersion >= "2026-07-28" {
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"approval": prompt}}, nil, nil
		}
		res, err := req.Session.Elicit(ctx, prompt)
		if err != nil {
			return nil, nil, err
		}
		if res.Action != "accept" {
			return kept(in.Table), nil, nil
		}
		return dropped(in.Table), nil, s.drop(in.Table)
	}
}

// From testdata/src/syncask/initparams/initparams.go: paramsOnly
// (positive: a modern session has initialize parameters too).
func paramsOnly(s *store) handler {
	return func(ctx context.Context, req *mcp.CallToolRequest, in DropIn) (*mcp.CallToolResult, any, error) {
		if req.Session.InitializeParams() != nil {
			res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Drop " + in.Table + "?"})
			if err != nil {
				return nil, nil, err
			}
			if res.Action != "accept" {
				return kept(in.Table), nil, nil
			}
			return dropped(in.Table), nil, s.drop(in.Table)
		}
		return kept(in.Table), nil, nil
	}
}

// From testdata/src/statereach/marker/marker.go: prune (negative: one
// constant state for every client, so a forged one grants nothing; the
// answer still decides). The fixture's marker is a package constant;
// here it is local to the handler, which statereach judges as state used
// before its integrity is verified, so the copy is ignored.
//
//mcplint:ignore statereach a copy of a negative whose marker constant is local here
func pruneMarker(s *store) handler {
	return func(ctx context.Context, req *mcp.CallToolRequest, in DropIn) (*mcp.CallToolResult, any, error) {
		const awaiting = "awaiting_confirmation"
		if len(req.Params.InputResponses) == 0 {
			r := ask(in.Table)
			r.RequestState = awaiting
			return r, nil, nil
		}
		if req.Params.RequestState != awaiting {
			return nil, nil, fmt.Errorf("not a reply to the confirmation")
		}
		if res, ok := req.Params.InputResponses["confirm"].(*mcp.ElicitResult); !ok || res.Action != "accept" {
			return nil, nil, fmt.Errorf("declined")
		}
		return dropped(in.Table), nil, s.drop(in.Table)
	}
}
