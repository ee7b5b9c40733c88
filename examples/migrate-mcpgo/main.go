// Command migrate-mcpgo is examples/migrate on mcp-go: one tool,
// delete_file, in two shapes. Before, it confirms with a server-to-client
// request (MCPServer.RequestElicitation), which mcp-go refuses on requests
// at protocol 2026-07-28; after, a resolver (runtime/mcpgo/resolve) asks the
// same question, and the runtime asks it the way each session needs.
// docs/migrate.md walks through the change.
//
// Run -demo to call both shapes with mcp-go clients over streamable HTTP
// on a 2025-11-25 session and on a 2026-07-28 session:
//
//	go run ./examples/migrate-mcpgo -demo
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"net/http/httptest"
	"sync"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/mcplint/mcplint/runtime/mcpgo/resolve"
)

// DeleteIn is the tool's input.
type DeleteIn struct {
	Path string `json:"path" jsonschema:"the file to delete"`
}

// DeleteOut is the tool's structured result.
type DeleteOut struct {
	Deleted string `json:"deleted"`
}

// Confirm is the user's answer to "delete it?".
type Confirm struct {
	Confirm bool `json:"confirm" jsonschema:"delete the file"`
}

// files is the store the tool deletes from.
type files struct {
	mu    sync.Mutex
	paths map[string]bool
}

func (f *files) remove(path string) (DeleteOut, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if !f.paths[path] {
		return DeleteOut{}, fmt.Errorf("no file %q", path)
	}
	delete(f.paths, path)
	return DeleteOut{Deleted: path}, nil
}

func (f *files) has(path string) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.paths[path]
}

// deleteBefore is the shape to migrate from: the handler asks the client in
// the middle of the call. On a 2026-07-28 request RequestElicitation
// returns server.ErrServerInitiatedRequestUnsupported and the tool fails.
//
//mcplint:ignore syncask the shape this example migrates from, kept to show that it fails on 2026-07-28 sessions
func (f *files) deleteBefore(ctx context.Context, req mcp.CallToolRequest, in DeleteIn) (*mcp.CallToolResult, error) {
	res, err := server.ServerFromContext(ctx).RequestElicitation(ctx, mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{
			Message: fmt.Sprintf("Delete %s?", in.Path),
			RequestedSchema: map[string]any{
				"type":       "object",
				"properties": map[string]any{"confirm": map[string]any{"type": "boolean"}},
			},
		},
	})
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	content, _ := res.Content.(map[string]any)
	if res.Action != mcp.ElicitationResponseActionAccept || content["confirm"] != true {
		return mcp.NewToolResultError(fmt.Sprintf("deleting %s not confirmed", in.Path)), nil
	}
	out, err := f.remove(in.Path)
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	return mcp.NewToolResultStructuredOnly(out), nil
}

// confirmDelete is the resolver that replaces the RequestElicitation call:
// it returns the question instead of sending it.
func confirmDelete(ctx context.Context, in DeleteIn) (resolve.Elicit[Confirm], error) {
	return resolve.Ask[Confirm](fmt.Sprintf("Delete %s?", in.Path)), nil
}

// deleteAfter is the migrated handler: it runs once the answer is there.
func (f *files) deleteAfter(ctx context.Context, req mcp.CallToolRequest, in DeleteIn, c Confirm) (DeleteOut, error) {
	if !c.Confirm {
		return DeleteOut{}, fmt.Errorf("deleting %s not confirmed", in.Path)
	}
	return f.remove(in.Path)
}

// newServer builds a server with both shapes of the tool over f:
// delete_file_before and delete_file_after.
func newServer(f *files) *server.MCPServer {
	s := server.NewMCPServer("migrate-mcpgo", "v1.0.0")
	s.AddTool(mcp.NewTool("delete_file_before", mcp.WithDescription("Delete a file (confirms with RequestElicitation)."),
		mcp.WithString("path", mcp.Required())), mcp.NewTypedToolHandler(f.deleteBefore))
	resolve.MustAddTool(s, mcp.NewTool("delete_file_after", mcp.WithDescription("Delete a file (confirms through a resolver).")),
		f.deleteAfter, confirmDelete)
	return s
}

// call serves f over streamable HTTP, connects mcp-go's client, which
// confirms every question, on the given protocol version, and calls tool.
func call(ctx context.Context, f *files, version, tool, path string) (*mcp.CallToolResult, error) {
	srv := httptest.NewServer(server.NewStreamableHTTPServer(newServer(f)))
	defer srv.Close()
	tr, err := transport.NewStreamableHTTP(srv.URL)
	if err != nil {
		return nil, err
	}
	c := client.NewClient(tr, client.WithProtocolVersion(version),
		client.WithElicitationHandler(confirmAll{}))
	if err := c.Start(ctx); err != nil {
		return nil, err
	}
	defer c.Close()
	if _, err := c.Initialize(ctx, mcp.InitializeRequest{}); err != nil {
		return nil, err
	}
	return c.CallTool(ctx, mcp.CallToolRequest{Params: mcp.CallToolParams{Name: tool, Arguments: map[string]any{"path": path}}})
}

// confirmAll is a user who confirms every question.
type confirmAll struct{}

func (confirmAll) Elicit(context.Context, mcp.ElicitationRequest) (*mcp.ElicitationResult, error) {
	return &mcp.ElicitationResult{ElicitationResponse: mcp.ElicitationResponse{
		Action: mcp.ElicitationResponseActionAccept, Content: map[string]any{"confirm": true}}}, nil
}

func runDemo(ctx context.Context) error {
	for _, version := range []string{"2025-11-25", "2026-07-28"} {
		for _, tool := range []string{"delete_file_before", "delete_file_after"} {
			res, err := call(ctx, &files{paths: map[string]bool{"notes.txt": true}}, version, tool, "notes.txt")
			if err != nil {
				return err
			}
			status := "ok"
			if res.IsError {
				status = "error"
			}
			fmt.Printf("%s on %s: %s: %s\n", tool, version, status, res.Content[0].(mcp.TextContent).Text)
		}
	}
	return nil
}

func main() {
	demo := flag.Bool("demo", false, "call both shapes on both protocol versions")
	flag.Parse()
	if *demo {
		if err := runDemo(context.Background()); err != nil {
			log.Fatal(err)
		}
		return
	}
	if err := server.ServeStdio(newServer(&files{paths: map[string]bool{"notes.txt": true}})); err != nil {
		log.Fatal(err)
	}
}
