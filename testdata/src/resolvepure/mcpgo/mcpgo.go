// Package mcpgo registers resolvers with side effects through the
// runtime's mcp-go binding.
package mcpgo

import (
	"context"
	"os"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/mcplint/mcplint/runtime/mcpgo/resolve"
)

type In struct {
	Path string `json:"path"`
}

type Out struct {
	OK bool `json:"ok"`
}

type Backup struct{ Done bool }

type Confirm struct {
	OK bool `json:"ok"`
}

func removeBackup(ctx context.Context, in In) (Backup, error) {
	err := os.Remove(in.Path + ".bak") // want `^resolver mcpgo.removeBackup writes to the file system \(os.Remove\), and a resolver runs before the user answers and again in every round: move it into the tool handler, which runs once, after every answer, or return the value it would compute$`
	return Backup{Done: err == nil}, nil
}

func confirmDelete(ctx context.Context, in In, b Backup) (resolve.Elicit[Confirm], error) {
	os.WriteFile(in.Path+".log", []byte("asked"), 0o644) // want `^resolver mcpgo.confirmDelete writes to the file system \(os.WriteFile\)`
	return resolve.Ask[Confirm]("Delete " + in.Path + "?"), nil
}

// Not reported: the handler runs once, after every answer.
func deleteFile(ctx context.Context, req mcp.CallToolRequest, in In, c Confirm) (Out, error) {
	if c.OK {
		os.Remove(in.Path)
	}
	return Out{OK: c.OK}, nil
}

func promptBackup(ctx context.Context, req mcp.GetPromptRequest) (Backup, error) {
	os.Remove(req.Params.Name) // want `^resolver mcpgo.promptBackup writes to the file system \(os.Remove\)`
	return Backup{}, nil
}

func render(ctx context.Context, req mcp.GetPromptRequest, b Backup) (*mcp.GetPromptResult, error) {
	return &mcp.GetPromptResult{}, nil
}

func register(s *server.MCPServer) {
	resolve.MustAddTool(s, mcp.NewTool("delete_file"), deleteFile, removeBackup, confirmDelete)
	resolve.AddPrompt(s, mcp.NewPrompt("backup"), render, promptBackup)
}
