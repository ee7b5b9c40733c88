package main

import (
	"context"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcplint/mcplint/mcptest"
)

// TestShapes calls both shapes of the tool with go-sdk clients on a
// 2025-11-25 session and on a 2026-07-28 session.
func TestShapes(t *testing.T) {
	const refused = `"elicitation/create" cannot be sent while serving a request on protocol version 2026-07-28`
	for _, tc := range []struct {
		version, tool string
		wantErr       string // "" if the call completes
	}{
		{"2025-11-25", "delete_file_before", ""},
		{"2025-11-25", "delete_file_after", ""},
		{"2026-07-28", "delete_file_before", refused},
		{"2026-07-28", "delete_file_after", ""},
	} {
		t.Run(tc.tool+"@"+tc.version, func(t *testing.T) {
			f := files{"notes.txt": true}
			res, err := call(context.Background(), f, tc.version, tc.tool, "notes.txt")
			if err != nil {
				t.Fatal(err)
			}
			text := res.Content[0].(*mcp.TextContent).Text
			if tc.wantErr != "" {
				if !res.IsError || !strings.Contains(text, tc.wantErr) {
					t.Errorf("result %q (error %v), want the SDK's error %q", text, res.IsError, tc.wantErr)
				}
				if !f["notes.txt"] {
					t.Error("the file was deleted without confirmation")
				}
				return
			}
			if res.IsError || text != `{"deleted":"notes.txt"}` {
				t.Errorf("result %q (error %v), want the file deleted", text, res.IsError)
			}
			if f["notes.txt"] {
				t.Error("the file is still there")
			}
		})
	}
}

func TestDemo(t *testing.T) {
	if err := runDemo(context.Background()); err != nil {
		t.Fatal(err)
	}
}

// TestMCPTest runs mcplint's test kit over both shapes of the tool: the
// migrated one passes every scenario; the one it migrates from fails on
// 2026-07-28 sessions, which the kit reports as syncask.
func TestMCPTest(t *testing.T) {
	f := files{"a.txt": true}
	deleted := 0
	// The probe counts deletions and puts the file back, so that every
	// call of the kit finds it.
	probe := func() int {
		if !f["a.txt"] {
			deleted++
			f["a.txt"] = true
		}
		return deleted
	}
	tool := mcptest.Tool{Args: map[string]any{"path": "a.txt"}, Effect: probe}
	mcptest.Check(t, newServer(f), mcptest.Options{Tools: []string{"delete_file_after"},
		Tool: map[string]mcptest.Tool{"delete_file_after": tool}})
	r, err := mcptest.Run(newServer(f), mcptest.Options{Tools: []string{"delete_file_before"},
		Tool: map[string]mcptest.Tool{"delete_file_before": tool}})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Findings) != 1 || r.Findings[0].Rule != "syncask" {
		t.Errorf("delete_file_before: want one syncask finding, got %v", r.Findings)
	}
}
