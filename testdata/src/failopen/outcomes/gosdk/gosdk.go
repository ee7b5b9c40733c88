// Package gosdk holds one-checkbox confirmations on go-sdk, hand-written
// 2026-07-28 rounds and older sessions, for the outcome table in
// analyzers/failopen/outcomes_test.go: each function's name is a row.
// The only confirming outcome is an accepted answer with the box ticked.
package gosdk

import (
	"context"
	"log"
	"os"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type In struct {
	Table string `json:"table"`
}

func drop(table string) error { return os.Remove(table) }

func checkbox() map[string]any {
	return map[string]any{
		"type":       "object",
		"properties": map[string]any{"confirm": map[string]any{"type": "boolean"}},
		"required":   []string{"confirm"},
	}
}

// boxSchema is a one-checkbox schema kept in a package variable.
var boxSchema = map[string]any{
	"type":       "object",
	"properties": map[string]any{"confirm": map[string]any{"type": "boolean"}},
}

func ask(table string) *mcp.CallToolResult {
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		"box": &mcp.ElicitParams{Message: "Drop " + table + "?", RequestedSchema: checkbox()},
	}}
}

func askVar(table string) *mcp.CallToolResult {
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		"box": &mcp.ElicitParams{Message: "Drop " + table + "?", RequestedSchema: boxSchema},
	}}
}

func kept() *mcp.CallToolResult { return &mcp.CallToolResult{} }

// --- Correct: only an accepted answer with the box ticked drops.

func Ticked(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	resp, ok := req.Params.InputResponses["box"].(*mcp.ElicitResult)
	if !ok {
		return ask(in.Table), nil, nil
	}
	if resp.Action != "accept" || resp.Content["confirm"] != true {
		return kept(), nil, nil
	}
	return kept(), nil, drop(in.Table)
}

func TickedApart(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	resp, ok := req.Params.InputResponses["box"].(*mcp.ElicitResult)
	if !ok {
		return ask(in.Table), nil, nil
	}
	if resp.Action != "accept" {
		return kept(), nil, nil
	}
	if v, _ := resp.Content["confirm"].(bool); !v {
		return kept(), nil, nil
	}
	return kept(), nil, drop(in.Table)
}

// TickedInsideAccept checks the box inside the accept branch, and stops
// on every other action.
func TickedInsideAccept(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	resp, ok := req.Params.InputResponses["box"].(*mcp.ElicitResult)
	if !ok {
		return ask(in.Table), nil, nil
	}
	if resp.Action == "accept" {
		if resp.Content["confirm"] != true {
			return kept(), nil, nil
		}
		return kept(), nil, drop(in.Table)
	}
	return kept(), nil, nil
}

// LocalStruct keeps the outcome in a field of a local struct that starts
// out false.
func LocalStruct(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	var st struct{ confirmed bool }
	resp, ok := req.Params.InputResponses["box"].(*mcp.ElicitResult)
	if !ok {
		return ask(in.Table), nil, nil
	}
	if resp.Action == "accept" && resp.Content["confirm"] == true {
		st.confirmed = true
	}
	if !st.confirmed {
		return kept(), nil, nil
	}
	return kept(), nil, drop(in.Table)
}

func VarSchemaTicked(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	resp, ok := req.Params.InputResponses["box"].(*mcp.ElicitResult)
	if !ok {
		return askVar(in.Table), nil, nil
	}
	if resp.Action != "accept" || resp.Content["confirm"] != true {
		return kept(), nil, nil
	}
	return kept(), nil, drop(in.Table)
}

func LegacyTicked(ctx context.Context, ss *mcp.ServerSession, table string) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Drop " + table + "?", RequestedSchema: checkbox()})
	if err != nil {
		return err
	}
	if v, ok := res.Content["confirm"].(bool); res.Action != "accept" || !ok || !v {
		return nil
	}
	return drop(table)
}

// TickedReask asks again, under the same key, when the box is unticked.
func TickedReask(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	resp, ok := req.Params.InputResponses["box"].(*mcp.ElicitResult)
	if !ok {
		return ask(in.Table), nil, nil
	}
	if resp.Action != "accept" {
		return kept(), nil, nil
	}
	if resp.Content["confirm"] != true {
		return ask(in.Table), nil, nil
	}
	return kept(), nil, drop(in.Table)
}

func LegacyTickedApart(ctx context.Context, ss *mcp.ServerSession, table string) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Drop " + table + "?", RequestedSchema: checkbox()})
	if err != nil {
		return err
	}
	if res.Action != "accept" {
		return nil
	}
	if yes, _ := res.Content["confirm"].(bool); !yes {
		return nil
	}
	return drop(table)
}

// TickedCommaOk stops unless the box is there and true.
func TickedCommaOk(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	resp, ok := req.Params.InputResponses["box"].(*mcp.ElicitResult)
	if !ok {
		return ask(in.Table), nil, nil
	}
	v, present := resp.Content["confirm"].(bool)
	if resp.Action != "accept" || !present || !v {
		return kept(), nil, nil
	}
	return kept(), nil, drop(in.Table)
}

// TickedEqualTrue drops only on a box equal to true.
func TickedEqualTrue(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	resp, ok := req.Params.InputResponses["box"].(*mcp.ElicitResult)
	if !ok {
		return ask(in.Table), nil, nil
	}
	if resp.Action == "accept" && resp.Content["confirm"] == true {
		return kept(), nil, drop(in.Table)
	}
	return kept(), nil, nil
}

// CountedThenRead tells the first round by the count of answers, then
// reads the answer under its key.
func CountedThenRead(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	if len(req.Params.InputResponses) == 0 {
		return ask(in.Table), nil, nil
	}
	resp, ok := req.Params.InputResponses["box"].(*mcp.ElicitResult)
	if !ok || resp.Action != "accept" || resp.Content["confirm"] != true {
		return kept(), nil, nil
	}
	return kept(), nil, drop(in.Table)
}

// CountLogged logs the count of answers and decides by the answer.
func CountLogged(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	if n := len(req.Params.InputResponses); n > 0 {
		log.Printf("round with %d answers", n)
	}
	resp, ok := req.Params.InputResponses["box"].(*mcp.ElicitResult)
	if !ok {
		return ask(in.Table), nil, nil
	}
	if resp.Action != "accept" || resp.Content["confirm"] != true {
		return kept(), nil, nil
	}
	return kept(), nil, drop(in.Table)
}

// OtherKeyChecked ranges over the answers and takes only the one under
// its key.
func OtherKeyChecked(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	for key, r := range req.Params.InputResponses {
		if e, ok := r.(*mcp.ElicitResult); ok && key == "box" && e.Action == "accept" && e.Content["confirm"] == true {
			return kept(), nil, drop(in.Table)
		}
	}
	return ask(in.Table), nil, nil
}

// --- Fail open: another outcome drops too.

// AcceptOnly reads the action and not the box.
func AcceptOnly(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	resp, ok := req.Params.InputResponses["box"].(*mcp.ElicitResult)
	if !ok {
		return ask(in.Table), nil, nil
	}
	if resp.Action != "accept" {
		return kept(), nil, nil
	}
	return kept(), nil, drop(in.Table)
}

// BoxInsideAccept checks the box only on an acceptance: a decline or a
// cancel skips the check and drops.
func BoxInsideAccept(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	resp, ok := req.Params.InputResponses["box"].(*mcp.ElicitResult)
	if !ok {
		return ask(in.Table), nil, nil
	}
	if resp.Action == "accept" {
		if resp.Content["confirm"] != true {
			return kept(), nil, nil
		}
	}
	return kept(), nil, drop(in.Table)
}

// AnyAnswer takes any answer at all as consent.
func AnyAnswer(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	if len(req.Params.InputResponses) == 0 {
		return ask(in.Table), nil, nil
	}
	return kept(), nil, drop(in.Table)
}

// Presence takes an answer under the key as consent.
func Presence(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	if _, ok := req.Params.InputResponses["box"]; !ok {
		return ask(in.Table), nil, nil
	}
	return kept(), nil, drop(in.Table)
}

// OtherKey takes a ticked answer under any key as consent.
func OtherKey(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	for _, r := range req.Params.InputResponses {
		if e, ok := r.(*mcp.ElicitResult); ok && e.Action == "accept" && e.Content["confirm"] == true {
			return kept(), nil, drop(in.Table)
		}
	}
	return ask(in.Table), nil, nil
}

// NotUnticked stops only on a box explicitly false: a box left out drops.
func NotUnticked(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	resp, ok := req.Params.InputResponses["box"].(*mcp.ElicitResult)
	if !ok {
		return ask(in.Table), nil, nil
	}
	if resp.Action != "accept" || resp.Content["confirm"] == false {
		return kept(), nil, nil
	}
	return kept(), nil, drop(in.Table)
}

// VarSchemaAcceptOnly asks with the package variable's checkbox and reads
// the action alone.
func VarSchemaAcceptOnly(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	resp, ok := req.Params.InputResponses["box"].(*mcp.ElicitResult)
	if !ok {
		return askVar(in.Table), nil, nil
	}
	if resp.Action != "accept" {
		return kept(), nil, nil
	}
	return kept(), nil, drop(in.Table)
}

func LegacyAcceptOnly(ctx context.Context, ss *mcp.ServerSession, table string) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Drop " + table + "?", RequestedSchema: checkbox()})
	if err != nil || res.Action != "accept" {
		return err
	}
	return drop(table)
}

// LegacyFailed drops when the request fails.
func LegacyFailed(ctx context.Context, ss *mcp.ServerSession, table string) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Drop " + table + "?", RequestedSchema: checkbox()})
	if err == nil {
		if v, _ := res.Content["confirm"].(bool); res.Action != "accept" || !v {
			return nil
		}
	}
	return drop(table)
}

// DeclineOnly stops on a decline alone.
func DeclineOnly(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	resp, ok := req.Params.InputResponses["box"].(*mcp.ElicitResult)
	if !ok {
		return ask(in.Table), nil, nil
	}
	if resp.Action == "decline" || resp.Content["confirm"] == false {
		return kept(), nil, nil
	}
	return kept(), nil, drop(in.Table)
}

// NotUntickedCommaOk stops only on a box there and false: a box left out
// drops.
func NotUntickedCommaOk(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	resp, ok := req.Params.InputResponses["box"].(*mcp.ElicitResult)
	if !ok {
		return ask(in.Table), nil, nil
	}
	if resp.Action != "accept" {
		return kept(), nil, nil
	}
	if v, present := resp.Content["confirm"].(bool); present && !v {
		return kept(), nil, nil
	}
	return kept(), nil, drop(in.Table)
}

// LegacyNotUnticked stops only on a box explicitly false. Its schema
// requires the box, and ServerSession.Elicit rejects an accepted form
// without it, but returns an accepted answer with no content at all
// unchecked: that one drops.
func LegacyNotUnticked(ctx context.Context, ss *mcp.ServerSession, table string) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Drop " + table + "?", RequestedSchema: checkbox()})
	if err != nil {
		return err
	}
	if res.Action != "accept" || res.Content["confirm"] == false {
		return nil
	}
	return drop(table)
}

// AnyAnswerNil takes any answer at all as consent: only the first round
// has no map.
func AnyAnswerNil(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	if req.Params.InputResponses == nil {
		return ask(in.Table), nil, nil
	}
	return kept(), nil, drop(in.Table)
}

// OtherKeyLogged logs the key of the answer it takes, and tests it not.
func OtherKeyLogged(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	for key, r := range req.Params.InputResponses {
		e, ok := r.(*mcp.ElicitResult)
		if !ok || e.Action != "accept" || e.Content["confirm"] != true {
			continue
		}
		log.Printf("confirmed by %s", key)
		return kept(), nil, drop(in.Table)
	}
	return ask(in.Table), nil, nil
}

// --- A helper that returns two bools, confirmed and declined, read by
// the handler: a decline stops, anything short of a confirmation asks
// again.

// boxAnswer tells a confirmation and a decline from the answer under
// "box": an accepted answer counts by its box, a boolean or its spelling
// as a string, and one with no box asks again.
func boxAnswer(req *mcp.CallToolRequest) (confirmed, declined bool) {
	if req == nil || req.Params == nil || len(req.Params.InputResponses) == 0 {
		return false, false
	}
	raw, ok := req.Params.InputResponses["box"]
	if !ok || raw == nil {
		return false, false
	}
	resp, ok := raw.(*mcp.ElicitResult)
	if !ok {
		return false, false
	}
	switch strings.ToLower(resp.Action) {
	case "decline", "cancel":
		return false, true
	case "accept":
		if v, ok := resp.Content["confirm"]; ok {
			switch t := v.(type) {
			case bool:
				if !t {
					return false, true
				}
				return true, false
			case string:
				if t == "false" || t == "0" || t == "" {
					return false, true
				}
			}
		}
		return false, false
	default:
		return false, false
	}
}

// BoolPairReask asks again when an accepted answer leaves the box out.
func BoolPairReask(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	confirmed, declined := boxAnswer(req)
	if declined {
		return kept(), nil, nil
	}
	if !confirmed {
		return ask(in.Table), nil, nil
	}
	return kept(), nil, drop(in.Table)
}

// BoolPairConfirmedFirst asks again on anything but a confirmation,
// before it looks at a decline.
func BoolPairConfirmedFirst(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	confirmed, declined := boxAnswer(req)
	if !confirmed {
		return ask(in.Table), nil, nil
	}
	if declined {
		return kept(), nil, nil
	}
	return kept(), nil, drop(in.Table)
}

// refusingBoxAnswer is boxAnswer taking an accepted answer with no box
// as a decline.
func refusingBoxAnswer(req *mcp.CallToolRequest) (confirmed, declined bool) {
	if req == nil || req.Params == nil {
		return false, false
	}
	resp, ok := req.Params.InputResponses["box"].(*mcp.ElicitResult)
	if !ok {
		return false, false
	}
	switch strings.ToLower(resp.Action) {
	case "decline", "cancel":
		return false, true
	case "accept":
		if v, ok := resp.Content["confirm"]; ok {
			switch t := v.(type) {
			case bool:
				if !t {
					return false, true
				}
				return true, false
			case string:
				if t == "false" || t == "0" || t == "" {
					return false, true
				}
			}
		}
		return false, true
	}
	return false, false
}

// BoolPairRefuse stops when an accepted answer leaves the box out.
func BoolPairRefuse(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	confirmed, declined := refusingBoxAnswer(req)
	if declined {
		return kept(), nil, nil
	}
	if !confirmed {
		return ask(in.Table), nil, nil
	}
	return kept(), nil, drop(in.Table)
}

// spelledBoxAnswer confirms on a box that is true or spelled "true", and
// on nothing else.
func spelledBoxAnswer(req *mcp.CallToolRequest) (confirmed, declined bool) {
	if req == nil || req.Params == nil {
		return false, false
	}
	resp, ok := req.Params.InputResponses["box"].(*mcp.ElicitResult)
	if !ok {
		return false, false
	}
	switch strings.ToLower(resp.Action) {
	case "decline", "cancel":
		return false, true
	case "accept":
		switch t := resp.Content["confirm"].(type) {
		case bool:
			if t {
				return true, false
			}
		case string:
			if t == "true" {
				return true, false
			}
		}
		return false, true
	}
	return false, false
}

// BoolPairSpelled confirms only on a box that says true.
func BoolPairSpelled(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	confirmed, declined := spelledBoxAnswer(req)
	if declined {
		return kept(), nil, nil
	}
	if !confirmed {
		return ask(in.Table), nil, nil
	}
	return kept(), nil, drop(in.Table)
}

// lenientBoxAnswer is boxAnswer taking an accepted answer with no box as
// a confirmation.
func lenientBoxAnswer(req *mcp.CallToolRequest) (confirmed, declined bool) {
	if req == nil || req.Params == nil || len(req.Params.InputResponses) == 0 {
		return false, false
	}
	raw, ok := req.Params.InputResponses["box"]
	if !ok || raw == nil {
		return false, false
	}
	resp, ok := raw.(*mcp.ElicitResult)
	if !ok {
		return false, false
	}
	switch strings.ToLower(resp.Action) {
	case "decline", "cancel":
		return false, true
	case "accept":
		if resp.Content != nil {
			if v, ok := resp.Content["confirm"]; ok {
				switch t := v.(type) {
				case bool:
					if !t {
						return false, true
					}
					return true, false
				case string:
					if t == "false" || t == "0" || t == "" {
						return false, true
					}
				}
			}
		}
		return true, false
	default:
		return false, false
	}
}

// BoolPairMissing drops when an accepted answer leaves the box out.
func BoolPairMissing(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	confirmed, declined := lenientBoxAnswer(req)
	if declined {
		return kept(), nil, nil
	}
	if !confirmed {
		return ask(in.Table), nil, nil
	}
	return kept(), nil, drop(in.Table)
}
