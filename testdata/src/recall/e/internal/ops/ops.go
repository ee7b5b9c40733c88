// Package ops is the operator toolbox of a hosting control plane: tools
// that remove buckets, queues, tenants and keys, each confirmed with the
// user first.
package ops

import (
	"context"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Store carries out the destructive operations.
type Store interface {
	Remove(ctx context.Context, kind, name string) error
}

// target is the argument of every tool: the resource to act on.
type target struct {
	Name string `json:"name" jsonschema:"the name of the resource"`
}

// Ops holds the tools' dependencies.
type Ops struct {
	store  Store
	logger *log.Logger

	// confirmer and strictConfirmer are the two confirmation policies the
	// tools are wired with (see confirmers.go).
	confirmer       Confirmer
	strictConfirmer Confirmer

	// askDestroy and askErase are the prompt functions used by the
	// tenant tools, kept as fields so they can be swapped in tests.
	askDestroy func(ctx context.Context, ss *mcp.ServerSession, name string) bool
	askErase   func(ctx context.Context, ss *mcp.ServerSession, name string) bool

	// answered and answeredStrict read the hand-written rounds' answers.
	answered       answerReader
	answeredStrict answerReader
}

// New returns the toolbox over store.
func New(store Store, logger *log.Logger) *Ops {
	o := &Ops{
		store:           store,
		logger:          logger,
		confirmer:       lenientConfirmer{},
		strictConfirmer: elicitConfirmer{},
		answered:        lenientReader{},
		answeredStrict:  strictReader{},
	}
	o.askDestroy = func(ctx context.Context, ss *mcp.ServerSession, name string) bool {
		res, err := ss.Elicit(ctx, confirmParams("Destroy tenant "+name+"?")) // probe:cause failopen-cancel: a cancel is not a decline, so it destroys
		if err != nil {
			return false
		}
		return res.Action != "decline"
	}
	o.askErase = func(ctx context.Context, ss *mcp.ServerSession, name string) bool {
		res, err := ss.Elicit(ctx, confirmParams("Erase tenant "+name+"?")) // probe:ok
		if err != nil {
			return false
		}
		return ticked(res)
	}
	return o
}

// done is the result of a tool that acted.
func done(what string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: what}}}
}

// refused is the result of a tool that did not act.
func refused(what string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: what + ": not confirmed, nothing changed"}}}
}

// Register adds every tool to server.
func (o *Ops) Register(server *mcp.Server) {
	for _, t := range o.legacyTools() {
		mcp.AddTool(server, &mcp.Tool{Name: t.name, Description: t.desc}, t.handler)
	}
	for _, t := range o.roundTools() {
		mcp.AddTool(server, &mcp.Tool{Name: t.name, Description: t.desc}, t.handler)
	}
}

type tool struct {
	name, desc string
	handler    mcp.ToolHandlerFor[target, any]
}
