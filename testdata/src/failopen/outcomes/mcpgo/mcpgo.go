// Package mcpgo holds one-checkbox confirmations on mcp-go, hand-written
// 2026-07-28 rounds and older sessions, for the outcome table in
// analyzers/failopen/outcomes_test.go: each function's name is a row.
// The only confirming outcome is an accepted answer with the box ticked.
package mcpgo

import (
	"context"
	"log"
	"os"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func purge(bucket string) error { return os.RemoveAll(bucket) }

func checkbox() map[string]any {
	return map[string]any{
		"type":       "object",
		"properties": map[string]any{"confirm": map[string]any{"type": "boolean"}},
	}
}

// boxSchema is a one-checkbox schema kept in a package variable.
var boxSchema = map[string]any{
	"type":       "object",
	"properties": map[string]any{"confirm": map[string]any{"type": "boolean"}},
}

func ask(bucket string) *mcp.CallToolResult {
	return server.NewInputRequestBuilder("").
		Elicit("box", mcp.ElicitationParams{Message: "Purge " + bucket + "?", RequestedSchema: checkbox()}).
		ToolResult()
}

func askVar(bucket string) *mcp.CallToolResult {
	return server.NewInputRequestBuilder("").
		Elicit("box", mcp.ElicitationParams{Message: "Purge " + bucket + "?", RequestedSchema: boxSchema}).
		ToolResult()
}

func kept() *mcp.CallToolResult { return mcp.NewToolResultText("kept") }

// --- Correct: only an accepted answer with the box ticked purges.

func Ticked(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	bucket := req.GetString("bucket", "")
	answer := server.ElicitationResponse(req.Params.InputResponses, "box")
	if answer == nil {
		return ask(bucket), nil
	}
	content, _ := answer.Content.(map[string]any)
	if answer.Action != mcp.ElicitationResponseActionAccept || content["confirm"] != true {
		return kept(), nil
	}
	return kept(), purge(bucket)
}

func TickedApart(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	bucket := req.GetString("bucket", "")
	answer := server.ElicitationResponse(req.Params.InputResponses, "box")
	if answer == nil {
		return ask(bucket), nil
	}
	if answer.Action != mcp.ElicitationResponseActionAccept {
		return kept(), nil
	}
	if content, _ := answer.Content.(map[string]any); content["confirm"] != true {
		return kept(), nil
	}
	return kept(), purge(bucket)
}

// ReaskChain asks again with the builder chain written inline.
func ReaskChain(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	bucket := req.GetString("bucket", "")
	answer := server.ElicitationResponse(req.Params.InputResponses, "box")
	if answer == nil {
		return server.NewInputRequestBuilder("").
			Elicit("box", mcp.ElicitationParams{Message: "Purge " + bucket + "?", RequestedSchema: checkbox()}).
			ToolResult(), nil
	}
	if answer.Action != mcp.ElicitationResponseActionAccept {
		return kept(), nil
	}
	if content, _ := answer.Content.(map[string]any); content["confirm"] != true {
		return server.NewInputRequestBuilder("").
			Elicit("box", mcp.ElicitationParams{Message: "Tick the box to purge " + bucket, RequestedSchema: checkbox()}).
			ToolResult(), nil
	}
	return kept(), purge(bucket)
}

func TickedInsideAccept(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	bucket := req.GetString("bucket", "")
	answer := server.ElicitationResponse(req.Params.InputResponses, "box")
	if answer == nil {
		return ask(bucket), nil
	}
	if answer.Action == mcp.ElicitationResponseActionAccept {
		if content, _ := answer.Content.(map[string]any); content["confirm"] == true {
			return kept(), purge(bucket)
		}
	}
	return kept(), nil
}

// LocalStruct keeps the outcome in a field of a local struct that starts
// out false.
func LocalStruct(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var st struct{ confirmed bool }
	bucket := req.GetString("bucket", "")
	answer := server.ElicitationResponse(req.Params.InputResponses, "box")
	if answer == nil {
		return ask(bucket), nil
	}
	content, _ := answer.Content.(map[string]any)
	if answer.Action == mcp.ElicitationResponseActionAccept && content["confirm"] == true {
		st.confirmed = true
	}
	if !st.confirmed {
		return kept(), nil
	}
	return kept(), purge(bucket)
}

func VarSchemaTicked(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	bucket := req.GetString("bucket", "")
	answer := server.ElicitationResponse(req.Params.InputResponses, "box")
	if answer == nil {
		return askVar(bucket), nil
	}
	content, _ := answer.Content.(map[string]any)
	if answer.Action != mcp.ElicitationResponseActionAccept || content["confirm"] != true {
		return kept(), nil
	}
	return kept(), purge(bucket)
}

func LegacyTicked(ctx context.Context, s *server.MCPServer, bucket string) error {
	res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message: "Purge " + bucket + "?", RequestedSchema: checkbox(),
	}})
	if err != nil {
		return err
	}
	content, _ := res.Content.(map[string]any)
	if res.Action != mcp.ElicitationResponseActionAccept || content["confirm"] != true {
		return nil
	}
	return purge(bucket)
}

func LegacyTickedApart(ctx context.Context, s *server.MCPServer, bucket string) error {
	res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message: "Purge " + bucket + "?", RequestedSchema: checkbox(),
	}})
	if err != nil {
		return err
	}
	if res.Action != mcp.ElicitationResponseActionAccept {
		return nil
	}
	if content, _ := res.Content.(map[string]any); content["confirm"] != true {
		return nil
	}
	return purge(bucket)
}

// TickedCommaOk stops unless the box is there and true.
func TickedCommaOk(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	bucket := req.GetString("bucket", "")
	answer := server.ElicitationResponse(req.Params.InputResponses, "box")
	if answer == nil {
		return ask(bucket), nil
	}
	content, _ := answer.Content.(map[string]any)
	v, present := content["confirm"].(bool)
	if answer.Action != mcp.ElicitationResponseActionAccept || !present || !v {
		return kept(), nil
	}
	return kept(), purge(bucket)
}

// TickedEqualTrue purges only on a box equal to true.
func TickedEqualTrue(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	bucket := req.GetString("bucket", "")
	answer := server.ElicitationResponse(req.Params.InputResponses, "box")
	if answer == nil {
		return ask(bucket), nil
	}
	content, _ := answer.Content.(map[string]any)
	if answer.Action == mcp.ElicitationResponseActionAccept && content["confirm"] == true {
		return kept(), purge(bucket)
	}
	return kept(), nil
}

// CountedThenRead tells the first round by the count of answers, then
// reads the answer under its key.
func CountedThenRead(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	bucket := req.GetString("bucket", "")
	if len(req.Params.InputResponses) == 0 {
		return ask(bucket), nil
	}
	answer := server.ElicitationResponse(req.Params.InputResponses, "box")
	if answer == nil {
		return ask(bucket), nil
	}
	content, _ := answer.Content.(map[string]any)
	if answer.Action != mcp.ElicitationResponseActionAccept || content["confirm"] != true {
		return kept(), nil
	}
	return kept(), purge(bucket)
}

// CountLogged logs the count of answers and decides by the answer.
func CountLogged(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	bucket := req.GetString("bucket", "")
	if n := len(req.Params.InputResponses); n > 0 {
		log.Printf("round with %d answers", n)
	}
	answer := server.ElicitationResponse(req.Params.InputResponses, "box")
	if answer == nil {
		return ask(bucket), nil
	}
	content, _ := answer.Content.(map[string]any)
	if answer.Action != mcp.ElicitationResponseActionAccept || content["confirm"] != true {
		return kept(), nil
	}
	return kept(), purge(bucket)
}

// RangeChecked ranges over the answers and reads only the one under its
// key.
func RangeChecked(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	bucket := req.GetString("bucket", "")
	for key := range req.Params.InputResponses {
		if key != "box" {
			continue
		}
		answer := server.ElicitationResponse(req.Params.InputResponses, key)
		if answer == nil {
			break
		}
		content, _ := answer.Content.(map[string]any)
		if answer.Action != mcp.ElicitationResponseActionAccept || content["confirm"] != true {
			return kept(), nil
		}
		return kept(), purge(bucket)
	}
	return ask(bucket), nil
}

// --- Fail open: another outcome purges too.

func AcceptOnly(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	bucket := req.GetString("bucket", "")
	answer := server.ElicitationResponse(req.Params.InputResponses, "box")
	if answer == nil {
		return ask(bucket), nil
	}
	if answer.Action != mcp.ElicitationResponseActionAccept {
		return kept(), nil
	}
	return kept(), purge(bucket)
}

// BoxInsideAccept checks the box only on an acceptance.
func BoxInsideAccept(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	bucket := req.GetString("bucket", "")
	answer := server.ElicitationResponse(req.Params.InputResponses, "box")
	if answer == nil {
		return ask(bucket), nil
	}
	if answer.Action == mcp.ElicitationResponseActionAccept {
		if content, _ := answer.Content.(map[string]any); content["confirm"] != true {
			return kept(), nil
		}
	}
	return kept(), purge(bucket)
}

// AnyAnswer takes any answer at all as consent.
func AnyAnswer(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	bucket := req.GetString("bucket", "")
	if len(req.Params.InputResponses) == 0 {
		return ask(bucket), nil
	}
	return kept(), purge(bucket)
}

// Presence takes an answer under the key as consent.
func Presence(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	bucket := req.GetString("bucket", "")
	if server.ElicitationResponse(req.Params.InputResponses, "box") == nil {
		return ask(bucket), nil
	}
	return kept(), purge(bucket)
}

// NotUnticked stops only on a box explicitly false.
func NotUnticked(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	bucket := req.GetString("bucket", "")
	answer := server.ElicitationResponse(req.Params.InputResponses, "box")
	if answer == nil {
		return ask(bucket), nil
	}
	content, _ := answer.Content.(map[string]any)
	if answer.Action != mcp.ElicitationResponseActionAccept || content["confirm"] == false {
		return kept(), nil
	}
	return kept(), purge(bucket)
}

func VarSchemaAcceptOnly(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	bucket := req.GetString("bucket", "")
	answer := server.ElicitationResponse(req.Params.InputResponses, "box")
	if answer == nil {
		return askVar(bucket), nil
	}
	if answer.Action != mcp.ElicitationResponseActionAccept {
		return kept(), nil
	}
	return kept(), purge(bucket)
}

func LegacyAcceptOnly(ctx context.Context, s *server.MCPServer, bucket string) error {
	res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message: "Purge " + bucket + "?", RequestedSchema: checkbox(),
	}})
	if err != nil || res.Action != mcp.ElicitationResponseActionAccept {
		return err
	}
	return purge(bucket)
}

// UnlessBoth stops only when the answer is no acceptance and the box is
// not ticked.
func UnlessBoth(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	bucket := req.GetString("bucket", "")
	answer := server.ElicitationResponse(req.Params.InputResponses, "box")
	if answer == nil {
		return ask(bucket), nil
	}
	content, _ := answer.Content.(map[string]any)
	if answer.Action != mcp.ElicitationResponseActionAccept && content["confirm"] != true {
		return kept(), nil
	}
	return kept(), purge(bucket)
}

// NotUntickedCommaOk stops only on a box there and false.
func NotUntickedCommaOk(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	bucket := req.GetString("bucket", "")
	answer := server.ElicitationResponse(req.Params.InputResponses, "box")
	if answer == nil {
		return ask(bucket), nil
	}
	if answer.Action != mcp.ElicitationResponseActionAccept {
		return kept(), nil
	}
	content, _ := answer.Content.(map[string]any)
	if v, present := content["confirm"].(bool); present && !v {
		return kept(), nil
	}
	return kept(), purge(bucket)
}

// LegacyNotUnticked stops only on a box explicitly false: mcp-go does not
// check the answer against the schema, so a form without the box purges.
func LegacyNotUnticked(ctx context.Context, s *server.MCPServer, bucket string) error {
	res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message: "Purge " + bucket + "?", RequestedSchema: checkbox(),
	}})
	if err != nil {
		return err
	}
	content, _ := res.Content.(map[string]any)
	if res.Action != mcp.ElicitationResponseActionAccept || content["confirm"] == false {
		return nil
	}
	return purge(bucket)
}

// AnyAnswerNil takes any answer at all as consent: only the first round
// has no map.
func AnyAnswerNil(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	bucket := req.GetString("bucket", "")
	if req.Params.InputResponses == nil {
		return ask(bucket), nil
	}
	return kept(), purge(bucket)
}

// --- A helper that returns two bools, confirmed and declined, read by
// the handler: a decline stops, anything short of a confirmation asks
// again.

// boxAnswer tells a confirmation and a decline from the answer under
// "box": an accepted answer counts by its box, a boolean or its spelling
// as a string, and one with no box asks again.
func boxAnswer(req mcp.CallToolRequest) (confirmed, declined bool) {
	answer := server.ElicitationResponse(req.Params.InputResponses, "box")
	if answer == nil {
		return false, false
	}
	switch strings.ToLower(string(answer.Action)) {
	case "decline", "cancel":
		return false, true
	case "accept":
		content, _ := answer.Content.(map[string]any)
		if v, ok := content["confirm"]; ok {
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
func BoolPairReask(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	bucket := req.GetString("bucket", "")
	confirmed, declined := boxAnswer(req)
	if declined {
		return kept(), nil
	}
	if !confirmed {
		return ask(bucket), nil
	}
	return kept(), purge(bucket)
}

// lenientBoxAnswer is boxAnswer taking an accepted answer with no box as
// a confirmation.
func lenientBoxAnswer(req mcp.CallToolRequest) (confirmed, declined bool) {
	answer := server.ElicitationResponse(req.Params.InputResponses, "box")
	if answer == nil {
		return false, false
	}
	switch strings.ToLower(string(answer.Action)) {
	case "decline", "cancel":
		return false, true
	case "accept":
		content, _ := answer.Content.(map[string]any)
		if v, ok := content["confirm"]; ok {
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
		return true, false
	default:
		return false, false
	}
}

// BoolPairMissing purges when an accepted answer leaves the box out.
func BoolPairMissing(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	bucket := req.GetString("bucket", "")
	confirmed, declined := lenientBoxAnswer(req)
	if declined {
		return kept(), nil
	}
	if !confirmed {
		return ask(bucket), nil
	}
	return kept(), purge(bucket)
}
