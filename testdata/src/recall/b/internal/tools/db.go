package tools

import (
	"context"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/recall/b/internal/confirm"
)

// Input request keys. The client echoes these back in InputResponses.
const (
	keyDropTable     = "confirm_drop_table"
	keyTruncateTable = "confirm_truncate_table"
	keyDropDatabase  = "confirm_drop_database"
	keyPurgeBackups  = "confirm_purge_backups"
	keyDeleteUser    = "confirm_delete_user"
	keyDeleteRole    = "confirm_delete_role"
)

// answer returns the elicitation response for key, if the client sent one.
func answer(req *mcp.CallToolRequest, key string) (*mcp.ElicitResult, bool) {
	resp, ok := req.Params.InputResponses[key]
	if !ok {
		return nil, false
	}
	er, ok := resp.(*mcp.ElicitResult)
	return er, ok && er != nil
}

// acceptedContent returns the submitted form of an accepted elicitation, or
// nil if the answer is missing, of the wrong type, or not accepted.
func acceptedContent(req *mcp.CallToolRequest, key string) map[string]any {
	er, ok := answer(req, key)
	if !ok || er.Action != confirm.ActionAccept {
		return nil
	}
	return er.Content
}

type TableIn struct {
	Database string `json:"database" jsonschema:"database name"`
	Table    string `json:"table" jsonschema:"table to operate on"`
}

type TableOut struct {
	Table       string `json:"table"`
	RowsRemoved int    `json:"rowsRemoved,omitempty"`
	Dropped     bool   `json:"dropped,omitempty"`
}

func dropTableHandler(db *Catalog) mcp.ToolHandlerFor[TableIn, TableOut] {
	return func(ctx context.Context, req *mcp.CallToolRequest, in TableIn) (*mcp.CallToolResult, TableOut, error) {
		if in.Table == "" {
			return nil, TableOut{}, errors.New("table is required")
		}
		if len(req.Params.InputResponses) == 0 {
			return confirm.Ask(keyDropTable,
				fmt.Sprintf("Drop table %s.%s? This cannot be undone.", in.Database, in.Table),
				nil, ""), TableOut{}, nil
		}
		if er, ok := answer(req, keyDropTable); ok && er.Action != confirm.ActionAccept { // probe:bug missing-answer: retry whose InputResponses lacks this key (or holds a non-elicit value) skips the guard and drops the table
			return confirm.Stopped("Dropping " + in.Table), TableOut{Table: in.Table}, nil
		}
		if err := db.DropTable(ctx, in.Database+"."+in.Table); err != nil {
			return nil, TableOut{}, err
		}
		return nil, TableOut{Table: in.Table, Dropped: true}, nil
	}
}

func truncateTableHandler(db *Catalog) mcp.ToolHandlerFor[TableIn, TableOut] {
	return func(ctx context.Context, req *mcp.CallToolRequest, in TableIn) (*mcp.CallToolResult, TableOut, error) {
		if in.Table == "" {
			return nil, TableOut{}, errors.New("table is required")
		}
		er, ok := answer(req, keyTruncateTable) // probe:ok
		if !ok {
			return confirm.Ask(keyTruncateTable,
				fmt.Sprintf("Delete every row of %s.%s?", in.Database, in.Table),
				nil, ""), TableOut{}, nil
		}
		if er.Action != confirm.ActionAccept {
			return confirm.Stopped("Truncating " + in.Table), TableOut{Table: in.Table}, nil
		}
		n, err := db.TruncateTable(ctx, in.Database+"."+in.Table)
		if err != nil {
			return nil, TableOut{}, err
		}
		return nil, TableOut{Table: in.Table, RowsRemoved: n}, nil
	}
}

type DatabaseIn struct {
	Name          string `json:"name"`
	OlderThanDays int    `json:"olderThanDays,omitempty"`
}

type DatabaseOut struct {
	Name    string `json:"name"`
	Removed int    `json:"removed,omitempty"`
	Status  string `json:"status"`
}

type UserIn struct {
	Login   string `json:"login"`
	Cascade bool   `json:"cascade,omitempty" jsonschema:"also delete objects owned by the user"`
}

type RoleIn struct {
	Role string `json:"role"`
}

// RegisterDatabase adds the database administration tools to s.
func RegisterDatabase(s *mcp.Server, db *Catalog) {
	mcp.AddTool(s, &mcp.Tool{
		Name:        "drop_table",
		Description: "Drop a table. Asks the user to confirm first.",
		Annotations: &mcp.ToolAnnotations{DestructiveHint: ptr(true)},
	}, dropTableHandler(db))

	mcp.AddTool(s, &mcp.Tool{
		Name:        "truncate_table",
		Description: "Delete all rows from a table. Asks the user to confirm first.",
		Annotations: &mcp.ToolAnnotations{DestructiveHint: ptr(true)},
	}, truncateTableHandler(db))

	mcp.AddTool(s, &mcp.Tool{
		Name:        "drop_database",
		Description: "Drop an entire database.",
		Annotations: &mcp.ToolAnnotations{DestructiveHint: ptr(true)},
	}, func(ctx context.Context, req *mcp.CallToolRequest, in DatabaseIn) (*mcp.CallToolResult, DatabaseOut, error) {
		er, ok := confirm.Lookup(req, keyDropDatabase) // probe:bug cancel-proceeds: only "decline" stops; a cancelled (dismissed) prompt falls through to DropDatabase
		if !ok {
			return confirm.Ask(keyDropDatabase, "Drop database "+in.Name+" and all its data?", nil, ""), DatabaseOut{}, nil
		}
		if er.Action == confirm.ActionDecline {
			return confirm.Stopped("Dropping database " + in.Name), DatabaseOut{Name: in.Name, Status: "kept"}, nil
		}
		if err := db.DropDatabase(ctx, in.Name); err != nil {
			return nil, DatabaseOut{}, err
		}
		return nil, DatabaseOut{Name: in.Name, Status: "dropped"}, nil
	})

	mcp.AddTool(s, &mcp.Tool{
		Name:        "purge_backups",
		Description: "Permanently delete old backups of a database.",
		Annotations: &mcp.ToolAnnotations{DestructiveHint: ptr(true)},
	}, func(ctx context.Context, req *mcp.CallToolRequest, in DatabaseIn) (*mcp.CallToolResult, DatabaseOut, error) {
		if in.OlderThanDays <= 0 {
			in.OlderThanDays = 30
		}
		er, ok := confirm.Lookup(req, keyPurgeBackups) // probe:ok
		if !ok {
			return confirm.Ask(keyPurgeBackups,
				fmt.Sprintf("Permanently delete backups of %s older than %d days?", in.Name, in.OlderThanDays),
				nil, ""), DatabaseOut{}, nil
		}
		if er.Action != confirm.ActionAccept {
			return confirm.Stopped("Purging backups of " + in.Name), DatabaseOut{Name: in.Name, Status: "kept"}, nil
		}
		n, err := db.PurgeBackups(ctx, in.Name, in.OlderThanDays)
		if err != nil {
			return nil, DatabaseOut{}, err
		}
		return nil, DatabaseOut{Name: in.Name, Removed: n, Status: "purged"}, nil
	})

	mcp.AddTool(s, &mcp.Tool{
		Name:        "delete_user",
		Description: "Delete a database login.",
		Annotations: &mcp.ToolAnnotations{DestructiveHint: ptr(true)},
	}, func(ctx context.Context, req *mcp.CallToolRequest, in UserIn) (*mcp.CallToolResult, any, error) {
		if len(req.Params.InputResponses) == 0 {
			return confirm.Ask(keyDeleteUser, "Delete login "+in.Login+"?", confirm.Schema(), ""), nil, nil
		}
		form := acceptedContent(req, keyDeleteUser) // probe:bug nil-map-compare: form is nil when declined/cancelled/missing, and nil != false, so the delete runs
		if form["confirm"] == false {
			return confirm.Stopped("Deleting " + in.Login), nil, nil
		}
		if err := db.DeleteUser(ctx, in.Login, in.Cascade); err != nil {
			return nil, nil, err
		}
		return confirm.Text("Deleted login %s.", in.Login), nil, nil
	})

	mcp.AddTool(s, &mcp.Tool{
		Name:        "delete_role",
		Description: "Delete a database role.",
		Annotations: &mcp.ToolAnnotations{DestructiveHint: ptr(true)},
	}, func(ctx context.Context, req *mcp.CallToolRequest, in RoleIn) (*mcp.CallToolResult, any, error) {
		if _, answered := req.Params.InputResponses[keyDeleteRole]; !answered {
			return confirm.Ask(keyDeleteRole, "Delete role "+in.Role+"?", confirm.Schema(), ""), nil, nil
		}
		form := acceptedContent(req, keyDeleteRole) // probe:ok
		if ticked, _ := form["confirm"].(bool); !ticked {
			return confirm.Stopped("Deleting role " + in.Role), nil, nil
		}
		if err := db.DeleteRole(ctx, in.Role); err != nil {
			return nil, nil, err
		}
		return confirm.Text("Deleted role %s.", in.Role), nil, nil
	})
}

func ptr[T any](v T) *T { return &v }
