package handwritten

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The answer read through the team's own helper, as garmin-mcp's
// lookupConfirmation does: a call of it is judged as the read itself.

// lookup returns the answer to the question key, and whether there is one.
func lookup(req *mcp.CallToolRequest, key string) (*mcp.ElicitResult, bool) { // want lookup:"reader result=0 ok=1"
	if req.Params == nil || req.Params.InputResponses == nil {
		return nil, false
	}
	resp, present := req.Params.InputResponses[key]
	if !present {
		return nil, false
	}
	res, ok := resp.(*mcp.ElicitResult)
	if !ok {
		return nil, false
	}
	return res, true
}

// answerOf returns the answer, nil when it is missing.
func answerOf(req *mcp.CallToolRequest) *mcp.ElicitResult { // want answerOf:"reader result=0 ok=-1"
	res, _ := req.Params.InputResponses["confirm"].(*mcp.ElicitResult)
	return res
}

// contentOf is no reader: it returns the content, not the answer.
func contentOf(req *mcp.CallToolRequest) map[string]any {
	if res, ok := req.Params.InputResponses["confirm"].(*mcp.ElicitResult); ok {
		return res.Content
	}
	return nil
}

// dropViaLookup asks when the answer is missing, and drops only on an
// acceptance.
func dropViaLookup(ctx context.Context, req *mcp.CallToolRequest, in DropIn) (*mcp.CallToolResult, any, error) {
	res, ok := lookup(req, "confirm")
	if !ok {
		return ask(in.Table), nil, nil
	}
	if res.Action != "accept" {
		return kept(in.Table), nil, nil
	}
	return &mcp.CallToolResult{}, nil, drop(in.Table)
}

// dropLegacyOrAsk asks on an older session's path when the answer is
// missing (the request is judged on its own), as garmin-mcp does.
func dropLegacyOrAsk(ctx context.Context, req *mcp.CallToolRequest, in DropIn) (*mcp.CallToolResult, any, error) {
	res, ok := lookup(req, "confirm")
	if !ok {
		if req.ProtocolVersion() >= "2026-07-28" {
			return ask(in.Table), nil, nil
		}
		var err error
		if res, err = req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Drop " + in.Table + "?"}); err != nil {
			return nil, nil, err
		}
	}
	if res.Action != "accept" {
		return kept(in.Table), nil, nil
	}
	return &mcp.CallToolResult{}, nil, drop(in.Table)
}

// dropViaAnswerOf asks when the answer is missing.
func dropViaAnswerOf(ctx context.Context, req *mcp.CallToolRequest, in DropIn) (*mcp.CallToolResult, any, error) {
	res := answerOf(req)
	if res == nil {
		return ask(in.Table), nil, nil
	}
	if res.Action != "accept" {
		return kept(in.Table), nil, nil
	}
	return &mcp.CallToolResult{}, nil, drop(in.Table)
}

// dropViaLookupDeclineOnly stops on "decline" alone: a cancel drops.
func dropViaLookupDeclineOnly(ctx context.Context, req *mcp.CallToolRequest, in DropIn) (*mcp.CallToolResult, any, error) {
	res, ok := lookup(req, "confirm") // want `^when the user cancels the question read by handwritten\.lookup, handwritten\.dropViaLookupDeclineOnly goes on into the code that only acceptance reaches`
	if !ok {
		return ask(in.Table), nil, nil
	}
	if res.Action == "decline" {
		return kept(in.Table), nil, nil
	}
	return &mcp.CallToolResult{}, nil, drop(in.Table)
}

// dropUnlessAnswerRefuses takes a missing answer as consent.
func dropUnlessAnswerRefuses(ctx context.Context, req *mcp.CallToolRequest, in DropIn) (*mcp.CallToolResult, any, error) {
	res := answerOf(req) // want `^when the answer read by handwritten\.answerOf is missing, handwritten\.dropUnlessAnswerRefuses goes on into the code that only acceptance reaches`
	if res != nil && res.Action != "accept" {
		return kept(in.Table), nil, nil
	}
	return &mcp.CallToolResult{}, nil, drop(in.Table)
}

// dropViaClosure reads through a function literal: a cancel drops.
func dropViaClosure(ctx context.Context, req *mcp.CallToolRequest, in DropIn) (*mcp.CallToolResult, any, error) {
	read := func() *mcp.ElicitResult {
		res, _ := req.Params.InputResponses["confirm"].(*mcp.ElicitResult)
		return res
	}
	res := read() // want `^when the user cancels the question read by func literal in handwritten\.dropViaClosure, handwritten\.dropViaClosure goes on into the code that only acceptance reaches`
	if res == nil {
		return ask(in.Table), nil, nil
	}
	if res.Action == "decline" {
		return kept(in.Table), nil, nil
	}
	return &mcp.CallToolResult{}, nil, drop(in.Table)
}

// actionOf returns the answer's action, "" when it is missing.
func actionOf(req *mcp.CallToolRequest, key string) string { // want actionOf:"reader action=0" actionOf:"confirmer value=0 accept=2:\"accept\" decline=2:\"decline\" cancel=2:\"cancel\" fail=2:\"\""
	if r, ok := req.Params.InputResponses[key].(*mcp.ElicitResult); ok {
		return r.Action
	}
	return ""
}

// dropOnAcceptedAction asks while the action is "", drops only on
// "accept".
func dropOnAcceptedAction(ctx context.Context, req *mcp.CallToolRequest, in DropIn) (*mcp.CallToolResult, any, error) {
	switch actionOf(req, "confirm") {
	case "":
		return ask(in.Table), nil, nil
	case "accept":
		return &mcp.CallToolResult{}, nil, drop(in.Table)
	}
	return kept(in.Table), nil, nil
}

// dropUnlessDeclinedAction stops on "decline" alone: a cancel drops.
func dropUnlessDeclinedAction(ctx context.Context, req *mcp.CallToolRequest, in DropIn) (*mcp.CallToolResult, any, error) {
	switch actionOf(req, "confirm") { // want `^when the user cancels the question read by handwritten\.actionOf, handwritten\.dropUnlessDeclinedAction goes on into the code that only acceptance reaches`
	case "":
		return ask(in.Table), nil, nil
	case "decline":
		return kept(in.Table), nil, nil
	}
	return &mcp.CallToolResult{}, nil, drop(in.Table)
}

// Readers that wrap readers, as teams write them: a gate that holds its
// question's key, and a lookup whose presence is a condition of its own.

// gate is one question of a handler: its key and its message.
type gate struct {
	key, message string
}

// answer returns the gate's answer: what lookup returns, handed back.
func (g *gate) answer(req *mcp.CallToolRequest) (*mcp.ElicitResult, bool) { // want answer:"reader result=0 ok=1"
	return lookup(req, g.key)
}

func (g *gate) prompt() *mcp.CallToolResult {
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{g.key: &mcp.ElicitParams{Message: g.message}}}
}

// found returns the answer to key, present when it is there and is an
// elicitation's answer.
func found(req *mcp.CallToolRequest, key string) (*mcp.ElicitResult, bool) { // want found:"reader result=0 ok=1"
	resp, ok := req.Params.InputResponses[key]
	if !ok {
		return nil, false
	}
	res, ok := resp.(*mcp.ElicitResult)
	return res, ok && res != nil
}

var dropGate = &gate{key: "confirm", message: "Drop the table?"}

// dropThroughGate asks while the gate has no answer, and drops only on an
// acceptance.
func dropThroughGate(ctx context.Context, req *mcp.CallToolRequest, in DropIn) (*mcp.CallToolResult, any, error) {
	res, ok := dropGate.answer(req)
	if !ok {
		return dropGate.prompt(), nil, nil
	}
	switch res.Action {
	case "accept":
	case "decline":
		return kept(in.Table), nil, nil
	default:
		return kept(in.Table), nil, nil
	}
	return &mcp.CallToolResult{}, nil, drop(in.Table)
}

// dropOnFound stops on anything but an acceptance, a missing answer
// included.
func dropOnFound(ctx context.Context, req *mcp.CallToolRequest, in DropIn) (*mcp.CallToolResult, any, error) {
	if len(req.Params.InputResponses) == 0 {
		return ask(in.Table), nil, nil
	}
	if res, ok := found(req, "confirm"); !ok || res.Action != "accept" {
		return kept(in.Table), nil, nil
	}
	return &mcp.CallToolResult{}, nil, drop(in.Table)
}

// dropThroughGateNoCancel's switch has no case for a cancel, and no
// default: a cancel falls out of it into the drop.
func dropThroughGateNoCancel(ctx context.Context, req *mcp.CallToolRequest, in DropIn) (*mcp.CallToolResult, any, error) {
	res, ok := dropGate.answer(req) // want `^when the user cancels the question read by handwritten\.\(\*gate\)\.answer, handwritten\.dropThroughGateNoCancel goes on into the code that only acceptance reaches`
	if !ok {
		return dropGate.prompt(), nil, nil
	}
	switch res.Action {
	case "accept":
	case "decline":
		return kept(in.Table), nil, nil
	}
	return &mcp.CallToolResult{}, nil, drop(in.Table)
}

// dropUnlessFoundRefuses stops only on an answer that is there and is not
// an acceptance: a round that carries other answers but not this one
// drops.
func dropUnlessFoundRefuses(ctx context.Context, req *mcp.CallToolRequest, in DropIn) (*mcp.CallToolResult, any, error) {
	if len(req.Params.InputResponses) == 0 {
		return ask(in.Table), nil, nil
	}
	if res, ok := found(req, "confirm"); ok && res.Action != "accept" { // want `^when the answer read by handwritten\.found is missing, handwritten\.dropUnlessFoundRefuses goes on into the code that only acceptance reaches`
		return kept(in.Table), nil, nil
	}
	return &mcp.CallToolResult{}, nil, drop(in.Table)
}
