// Command migrate shows one tool, delete_file, in two shapes: before, it
// confirms with a server-to-client request (ServerSession.Elicit), which
// go-sdk refuses on sessions at protocol 2026-07-28; after, a resolver asks
// the same question, and the runtime asks it the way each session needs.
// docs/migrate.md walks through the change.
//
// Run -demo to call both shapes with go-sdk clients on a 2025-11-25 session
// and on a 2026-07-28 session:
//
//	go run ./examples/migrate -demo
package main

import (
	"context"
	"flag"
	"fmt"
	"log"

	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
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
type files map[string]bool

func (f files) remove(path string) (DeleteOut, error) {
	if !f[path] {
		return DeleteOut{}, fmt.Errorf("no file %q", path)
	}
	delete(f, path)
	return DeleteOut{Deleted: path}, nil
}

// deleteBefore is the shape to migrate from: the handler asks the client in
// the middle of the call. On a 2026-07-28 session Elicit returns go-sdk's
// error and the tool fails.
//
//mcplint:ignore syncask the shape this example migrates from, kept to show that it fails on 2026-07-28 sessions
func (f files) deleteBefore(ctx context.Context, req *mcp.CallToolRequest, in DeleteIn) (*mcp.CallToolResult, DeleteOut, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message: fmt.Sprintf("Delete %s?", in.Path),
		RequestedSchema: map[string]any{
			"type":       "object",
			"properties": map[string]any{"confirm": map[string]any{"type": "boolean"}},
		},
	})
	if err != nil {
		return nil, DeleteOut{}, err
	}
	if res.Action != "accept" || res.Content["confirm"] != true {
		return nil, DeleteOut{}, fmt.Errorf("deleting %s not confirmed", in.Path)
	}
	out, err := f.remove(in.Path)
	return nil, out, err
}

// confirmDelete is the resolver that replaces the Elicit call: it returns
// the question instead of sending it.
func confirmDelete(ctx context.Context, in DeleteIn) (resolve.Elicit[Confirm], error) {
	return resolve.Ask[Confirm](fmt.Sprintf("Delete %s?", in.Path)), nil
}

// deleteAfter is the migrated handler: it runs once the answer is there.
func (f files) deleteAfter(ctx context.Context, req *mcp.CallToolRequest, in DeleteIn, c Confirm) (DeleteOut, error) {
	if !c.Confirm {
		return DeleteOut{}, fmt.Errorf("deleting %s not confirmed", in.Path)
	}
	return f.remove(in.Path)
}

// newServer builds a server with both shapes of the tool over f:
// delete_file_before and delete_file_after.
func newServer(f files) *mcp.Server {
	server := mcp.NewServer(&mcp.Implementation{Name: "migrate", Version: "v1.0.0"}, nil)
	mcp.AddTool(server, &mcp.Tool{Name: "delete_file_before", Description: "Delete a file (confirms with Session.Elicit)."}, f.deleteBefore)
	resolve.MustAddTool(server, &mcp.Tool{Name: "delete_file_after", Description: "Delete a file (confirms through a resolver)."},
		f.deleteAfter, confirmDelete)
	return server
}

// call connects a client that confirms every question, on the given
// protocol version, and calls tool.
func call(ctx context.Context, f files, version, tool, path string) (*mcp.CallToolResult, error) {
	ct, st := mcp.NewInMemoryTransports()
	if _, err := newServer(f).Connect(ctx, st, nil); err != nil {
		return nil, err
	}
	client := mcp.NewClient(&mcp.Implementation{Name: "migrate-client", Version: "v1.0.0"}, &mcp.ClientOptions{
		ElicitationHandler: func(_ context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
			return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"confirm": true}}, nil
		},
	})
	cs, err := client.Connect(ctx, ct, &mcp.ClientSessionOptions{ProtocolVersion: version})
	if err != nil {
		return nil, err
	}
	defer cs.Close()
	return cs.CallTool(ctx, &mcp.CallToolParams{Name: tool, Arguments: DeleteIn{Path: path}})
}

func runDemo(ctx context.Context) error {
	for _, version := range []string{"2025-11-25", "2026-07-28"} {
		for _, tool := range []string{"delete_file_before", "delete_file_after"} {
			res, err := call(ctx, files{"notes.txt": true}, version, tool, "notes.txt")
			if err != nil {
				return err
			}
			status := "ok"
			if res.IsError {
				status = "error"
			}
			fmt.Printf("%s on %s: %s: %s\n", tool, version, status, res.Content[0].(*mcp.TextContent).Text)
		}
	}
	return nil
}

func main() {
	demo := flag.Bool("demo", false, "call both shapes on both protocol versions")
	flag.Parse()
	ctx := context.Background()
	if *demo {
		if err := runDemo(ctx); err != nil {
			log.Fatal(err)
		}
		return
	}
	log.Fatal(newServer(files{"notes.txt": true}).Run(ctx, &mcp.StdioTransport{}))
}
