// Package dbtools exposes database maintenance operations as MCP tools.
package dbtools

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"regexp"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Executor is the subset of *sql.DB the tools need.
type Executor interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// Snapshots restores point-in-time snapshots.
type Snapshots interface {
	Restore(ctx context.Context, snapshotID, targetDB string) error
}

// Tools holds the dependencies of the database tools.
type Tools struct {
	db        Executor
	snapshots Snapshots
	log       *slog.Logger
}

// Register adds all database tools to s.
func Register(s *mcp.Server, db Executor, snaps Snapshots, logger *slog.Logger) {
	t := &Tools{db: db, snapshots: snaps, log: logger}

	mcp.AddTool(s, &mcp.Tool{Name: "drop_table", Description: "Drop a table."}, t.dropTable)
	mcp.AddTool(s, &mcp.Tool{Name: "drop_view", Description: "Drop a view."}, t.dropView)
	mcp.AddTool(s, &mcp.Tool{Name: "delete_database", Description: "Delete a whole database."}, t.deleteDatabase)
	mcp.AddTool(s, &mcp.Tool{Name: "delete_schema", Description: "Delete a schema and everything in it."}, t.deleteSchema)
	mcp.AddTool(s, &mcp.Tool{Name: "truncate_table", Description: "Remove all rows from a table."}, t.truncateTable)
	mcp.AddTool(s, &mcp.Tool{Name: "purge_rows", Description: "Delete rows older than a cutoff."}, t.purgeRows)
	mcp.AddTool(s, &mcp.Tool{Name: "restore_snapshot", Description: "Restore a snapshot into a database."}, t.restoreSnapshot)
	mcp.AddTool(s, &mcp.Tool{Name: "restore_backup", Description: "Restore a nightly backup into a database."}, t.restoreBackup)
}

var identRE = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]{0,62}$`)

func ident(name string) (string, error) {
	if !identRE.MatchString(name) {
		return "", fmt.Errorf("invalid identifier %q", name)
	}
	return `"` + name + `"`, nil
}

func text(msg string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: msg}}}
}

func failed(err error) *mcp.CallToolResult {
	return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: err.Error()}}}
}
