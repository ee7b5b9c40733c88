// Package handwritten drives the 2026-07-28 input-required flow by hand on
// go-sdk: the handler returns its question as an input request, and reads
// the answer from InputResponses on the next round. Each fail-open shape
// has its correct twin.
package handwritten

import (
	"context"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type DropIn struct {
	Table string `json:"table"`
}

func drop(table string) error { return os.Remove(table) }

// ask returns the question, as an input request.
func ask(table string) *mcp.CallToolResult {
	return &mcp.CallToolResult{
		InputRequests: mcp.InputRequestMap{"confirm": &mcp.ElicitParams{Message: "Drop " + table + "?"}},
	}
}

func kept(table string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "kept " + table}}}
}

// dropClosed asks again when the answer is missing, and drops only on an
// acceptance.
func dropClosed(ctx context.Context, req *mcp.CallToolRequest, in DropIn) (*mcp.CallToolResult, any, error) {
	resp, ok := req.Params.InputResponses["confirm"].(*mcp.ElicitResult)
	if !ok {
		return ask(in.Table), nil, nil
	}
	if resp.Action != "accept" {
		return kept(in.Table), nil, nil
	}
	return &mcp.CallToolResult{}, nil, drop(in.Table)
}

// acceptedContent is the conformance server's reader: the content of an
// accepted answer, or nil.
func acceptedContent(responses mcp.InputResponseMap, key string) map[string]any {
	resp, ok := responses[key]
	if !ok {
		return nil
	}
	elicit, ok := resp.(*mcp.ElicitResult)
	if !ok || elicit == nil || elicit.Action != "accept" {
		return nil
	}
	return elicit.Content
}

// dropViaReader asks unless the reader found an acceptance.
func dropViaReader(ctx context.Context, req *mcp.CallToolRequest, in DropIn) (*mcp.CallToolResult, any, error) {
	if content := acceptedContent(req.Params.InputResponses, "confirm"); content != nil {
		return &mcp.CallToolResult{}, nil, drop(in.Table)
	}
	return ask(in.Table), nil, nil
}

// dropOnlyDecline stops on "decline" alone: a cancel drops.
func dropOnlyDecline(ctx context.Context, req *mcp.CallToolRequest, in DropIn) (*mcp.CallToolResult, any, error) {
	resp, ok := req.Params.InputResponses["confirm"].(*mcp.ElicitResult) // want `^when the user cancels the question "confirm", handwritten\.dropOnlyDecline goes on into the code that only acceptance reaches, from its call of handwritten\.drop: only an accepted answer confirms`
	if !ok {
		return ask(in.Table), nil, nil
	}
	if resp.Action == "decline" {
		return kept(in.Table), nil, nil
	}
	return &mcp.CallToolResult{}, nil, drop(in.Table)
}

// dropUnlessRefused takes a missing answer as consent: it never asks.
func dropUnlessRefused(ctx context.Context, req *mcp.CallToolRequest, in DropIn) (*mcp.CallToolResult, any, error) {
	resp, _ := req.Params.InputResponses["confirm"].(*mcp.ElicitResult) // want `^when the answer "confirm" is missing, handwritten\.dropUnlessRefused goes on into the code that only acceptance reaches`
	if resp != nil && resp.Action != "accept" {
		return kept(in.Table), nil, nil
	}
	return &mcp.CallToolResult{}, nil, drop(in.Table)
}

// tables holds the handlers registered as method values.
type tables struct{ prefix string }

// drop is a method value's handler: a cancel drops.
func (t *tables) drop(ctx context.Context, req *mcp.CallToolRequest, in DropIn) (*mcp.CallToolResult, any, error) {
	resp, ok := req.Params.InputResponses["confirm"].(*mcp.ElicitResult) // want `^when the user cancels the question "confirm", handwritten\.\(\*tables\)\.drop goes on into the code that only acceptance reaches`
	if !ok {
		return ask(in.Table), nil, nil
	}
	if resp.Action == "decline" {
		return kept(in.Table), nil, nil
	}
	return &mcp.CallToolResult{}, nil, drop(t.prefix + in.Table)
}

// Register registers a method value and a prompt written in place, whose
// missing answer goes ahead.
func Register(s *mcp.Server) {
	t := &tables{prefix: "tmp_"}
	mcp.AddTool(s, &mcp.Tool{Name: "drop"}, t.drop)
	s.AddPrompt(&mcp.Prompt{Name: "drop"}, func(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
		resp, _ := req.Params.InputResponses["confirm"].(*mcp.ElicitResult) // want `^when the answer "confirm" is missing, func literal in handwritten\.Register goes on into the code that only acceptance reaches`
		if resp != nil && resp.Action != "accept" {
			return &mcp.GetPromptResult{}, nil
		}
		return &mcp.GetPromptResult{}, drop("prompts")
	})
}

// Data that the paths carry to the action, apart from the decision: the
// table an accepted form renamed, the one asked about otherwise.

// dropRenamed drops the table the accepted form names, and stops on any
// other answer.
func dropRenamed(ctx context.Context, req *mcp.CallToolRequest, in DropIn) (*mcp.CallToolResult, any, error) {
	resp, ok := req.Params.InputResponses["confirm"].(*mcp.ElicitResult)
	if !ok {
		return ask(in.Table), nil, nil
	}
	table := in.Table
	switch resp.Action {
	case "accept":
		if name, _ := resp.Content["table"].(string); name != "" {
			table = name
		}
	default:
		return kept(in.Table), nil, nil
	}
	return &mcp.CallToolResult{}, nil, drop(table)
}

// dropKeepingName takes a cancel (the dialog closed without edits) as
// "keep the name", and drops.
func dropKeepingName(ctx context.Context, req *mcp.CallToolRequest, in DropIn) (*mcp.CallToolResult, any, error) {
	resp, ok := req.Params.InputResponses["confirm"].(*mcp.ElicitResult) // want `^when the user cancels the question "confirm", handwritten\.dropKeepingName goes on into the code that only acceptance reaches`
	if !ok {
		return ask(in.Table), nil, nil
	}
	table := in.Table
	switch resp.Action {
	case "accept":
		if name, _ := resp.Content["table"].(string); name != "" {
			table = name
		}
	case "cancel":
	default:
		return kept(in.Table), nil, nil
	}
	return &mcp.CallToolResult{}, nil, drop(table)
}

// DropOut is what a drop reports.
type DropOut struct {
	Table string `json:"table"`
}

// dropKeepingNameOut is dropKeepingName reporting the table it dropped:
// the name is data in the result, and tells no path apart.
func dropKeepingNameOut(ctx context.Context, req *mcp.CallToolRequest, in DropIn) (*mcp.CallToolResult, DropOut, error) {
	resp, ok := req.Params.InputResponses["confirm"].(*mcp.ElicitResult) // want `^when the user cancels the question "confirm", handwritten\.dropKeepingNameOut goes on into the code that only acceptance reaches`
	if !ok {
		return ask(in.Table), DropOut{}, nil
	}
	table := in.Table
	switch resp.Action {
	case "accept":
		if name, _ := resp.Content["table"].(string); name != "" {
			table = name
		}
	case "cancel":
	default:
		return kept(in.Table), DropOut{}, nil
	}
	if err := drop(table); err != nil {
		return nil, DropOut{}, err
	}
	return &mcp.CallToolResult{}, DropOut{Table: table}, nil
}

// dropFlagged takes a cancel as "no table", which the helper it calls
// tests: the constant on one edge tells the paths apart, and nothing is
// reported.
func dropFlagged(ctx context.Context, req *mcp.CallToolRequest, in DropIn) (*mcp.CallToolResult, any, error) {
	resp, ok := req.Params.InputResponses["confirm"].(*mcp.ElicitResult)
	if !ok {
		return ask(in.Table), nil, nil
	}
	table := in.Table
	switch resp.Action {
	case "accept":
		if name, _ := resp.Content["table"].(string); name != "" {
			table = name
		}
	case "cancel":
		table = ""
	default:
		return kept(in.Table), nil, nil
	}
	return &mcp.CallToolResult{}, nil, dropUnlessEmpty(table)
}

func dropUnlessEmpty(table string) error {
	if table == "" {
		return nil
	}
	return drop(table)
}

// dropRefusingStrayAnswers asks nothing: it refuses a call that carries
// answers (to questions it never asked) and drops on a plain call. The
// count is no question: the first round does not ask.
func dropRefusingStrayAnswers(ctx context.Context, req *mcp.CallToolRequest, in DropIn) (*mcp.CallToolResult, any, error) {
	if len(req.Params.InputResponses) > 0 {
		return kept(in.Table), nil, nil
	}
	return &mcp.CallToolResult{}, nil, drop(in.Table)
}
