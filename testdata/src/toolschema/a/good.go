// Registrations that start: nothing is reported here.
package a

import (
	"context"
	"encoding/json"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/toolschema/lib"
)

type Args struct {
	Name  string `json:"name" jsonschema:"the name, as in key=value"`
	Count int    `json:"count,omitempty"`
}

type Hidden struct {
	Name  string
	ch    chan int
	fn    func()
	Done  chan struct{}   `json:"-"`
	Other func() string   `json:"-"`
	Raw   json.RawMessage `json:"raw,omitempty"`
	When  *time.Time
	V     any
	Err   error
}

type Base struct {
	ID string `json:"id"`
}

type Embeds struct {
	Base
	*Args
	Note string
}

type Marshals struct{ inner chan int }

func (Marshals) MarshalJSON() ([]byte, error) { return []byte(`"x"`), nil }

type WithMarshals struct{ M Marshals }

type Box[T any] struct{ V T }

type Pair struct{ A, B Args }

func handle[In, Out any](context.Context, *mcp.CallToolRequest, In) (*mcp.CallToolResult, Out, error) {
	var out Out
	return nil, out, nil
}

// register is generic: its In is a type parameter, judged nowhere.
func register[In any](s *mcp.Server, name string) {
	mcp.AddTool(s, &mcp.Tool{Name: name}, handle[In, any])
}

func good(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "args"}, handle[Args, Args])
	mcp.AddTool(s, &mcp.Tool{Name: "ptr"}, handle[*Args, *Args])
	mcp.AddTool(s, &mcp.Tool{Name: "map"}, handle[map[string]any, []string])
	mcp.AddTool(s, &mcp.Tool{Name: "any"}, handle[any, any])
	mcp.AddTool(s, &mcp.Tool{Name: "hidden"}, handle[Hidden, Hidden])
	mcp.AddTool(s, &mcp.Tool{Name: "embeds"}, handle[Embeds, Embeds])
	mcp.AddTool(s, &mcp.Tool{Name: "marshals"}, handle[WithMarshals, time.Time])
	mcp.AddTool(s, &mcp.Tool{Name: "box"}, handle[Box[int], Box[string]])
	mcp.AddTool(s, &mcp.Tool{Name: "pair"}, handle[Pair, string])
	mcp.AddTool(s, &mcp.Tool{Name: "query"}, handle[lib.Query, lib.Query])
	register[chan int](s, "generic")
	// A given input schema replaces inference: In is not judged.
	mcp.AddTool(s, &mcp.Tool{Name: "given", InputSchema: &jsonschema.Schema{Type: "object"}}, handle[string, any])
	mcp.AddTool(s, &mcp.Tool{Name: "givenOut", OutputSchema: &jsonschema.Schema{Type: "string"}}, handle[Args, chan int])
	s.AddTool(&mcp.Tool{Name: "raw", InputSchema: &jsonschema.Schema{Type: "object"}}, nil)
	s.AddTool(&mcp.Tool{Name: "rawmap", InputSchema: map[string]any{"type": "object"}}, nil)
	s.AddTool(&mcp.Tool{Name: "json", InputSchema: json.RawMessage(`{"type":"object"}`)}, nil)
	tool := &mcp.Tool{Name: "var"}
	s.AddTool(tool, nil)
}

//mcplint:ignore toolschema the tool is replaced before the server starts
func ignored(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "ignored"}, handle[lib.Callback, any])
}
