package handwritten

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Questions that are one checkbox: the user who submits the form with
// the box unticked answers accept, with the box false. Only the box says
// yes.

// checkboxSchema is a form with one field, a boolean.
func checkboxSchema() map[string]any {
	return map[string]any{
		"type": "object",
		"properties": map[string]any{
			"confirm": map[string]any{"type": "boolean", "title": "Drop the table"},
		},
		"required": []string{"confirm"},
	}
}

func askBox(table string) *mcp.CallToolResult {
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		"box": &mcp.ElicitParams{Message: "Drop " + table + "?", RequestedSchema: checkboxSchema()},
	}}
}

// --- Negatives: the box is read, or the question is no checkbox.

// dropOnTicked goes ahead only when the box is ticked.
func dropOnTicked(ctx context.Context, req *mcp.CallToolRequest, in DropIn) (*mcp.CallToolResult, any, error) {
	resp, ok := req.Params.InputResponses["box"].(*mcp.ElicitResult)
	if !ok {
		return askBox(in.Table), nil, nil
	}
	if ticked, _ := resp.Content["confirm"].(bool); resp.Action != "accept" || !ticked {
		return kept(in.Table), nil, nil
	}
	return &mcp.CallToolResult{}, nil, drop(in.Table)
}

// ticked reads the box: passing the answer to it reads its content. A
// confirming answer (accepted, the box ticked) makes it true.
func ticked(resp *mcp.ElicitResult) bool { // want ticked:"predicate param=0 result=0 accept=true decline=false cancel=false fail=\\?"
	return resp.Action == "accept" && resp.Content["confirm"] == true
}

// dropViaTicked reads the box through its helper.
func dropViaTicked(ctx context.Context, req *mcp.CallToolRequest, in DropIn) (*mcp.CallToolResult, any, error) {
	resp, ok := req.Params.InputResponses["box"].(*mcp.ElicitResult)
	if !ok {
		return askBox(in.Table), nil, nil
	}
	if !ticked(resp) {
		return kept(in.Table), nil, nil
	}
	return &mcp.CallToolResult{}, nil, drop(in.Table)
}

// askPlain asks with no field: accept alone confirms.
func askPlain(table string) *mcp.CallToolResult {
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		"plain": &mcp.ElicitParams{Message: "Drop " + table + "?", RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}}},
	}}
}

func dropOnPlainAccept(ctx context.Context, req *mcp.CallToolRequest, in DropIn) (*mcp.CallToolResult, any, error) {
	resp, ok := req.Params.InputResponses["plain"].(*mcp.ElicitResult)
	if !ok {
		return askPlain(in.Table), nil, nil
	}
	if resp.Action != "accept" {
		return kept(in.Table), nil, nil
	}
	return &mcp.CallToolResult{}, nil, drop(in.Table)
}

// askWithNote asks for a boolean and a note: a form, not a checkbox,
// whose boolean may say anything.
func askWithNote(table string) *mcp.CallToolResult {
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		"noted": &mcp.ElicitParams{Message: "Drop " + table + "?", RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"notify": map[string]any{"type": "boolean"},
				"note":   map[string]any{"type": "string"},
			},
		}},
	}}
}

func dropWithNote(ctx context.Context, req *mcp.CallToolRequest, in DropIn) (*mcp.CallToolResult, any, error) {
	resp, ok := req.Params.InputResponses["noted"].(*mcp.ElicitResult)
	if !ok {
		return askWithNote(in.Table), nil, nil
	}
	if resp.Action != "accept" {
		return kept(in.Table), nil, nil
	}
	return &mcp.CallToolResult{}, nil, drop(in.Table)
}

// askShared and askSharedBox ask under one key, "shared", once as a
// checkbox and once with a text field: which question was answered is not
// known.
func askShared(table string) *mcp.CallToolResult {
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		"shared": &mcp.ElicitParams{Message: "Why drop " + table + "?", RequestedSchema: map[string]any{
			"type": "object", "properties": map[string]any{"why": map[string]any{"type": "string"}},
		}},
	}}
}

func askSharedBox(table string) *mcp.CallToolResult {
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		"shared": &mcp.ElicitParams{Message: "Drop " + table + "?", RequestedSchema: checkboxSchema()},
	}}
}

func dropShared(ctx context.Context, req *mcp.CallToolRequest, in DropIn) (*mcp.CallToolResult, any, error) {
	resp, ok := req.Params.InputResponses["shared"].(*mcp.ElicitResult)
	if !ok {
		return askShared(in.Table), nil, nil
	}
	if resp.Action != "accept" {
		return kept(in.Table), nil, nil
	}
	return &mcp.CallToolResult{}, nil, drop(in.Table)
}

// confirmBox asks on an older session and reads the box: a confirmer,
// whose accepted answer with the box unticked is a decline.
func confirmBox(ctx context.Context, ss *mcp.ServerSession) error { // want confirmBox:"confirmer error=0 bool=-1 decline=sentinel:example.com/failopen/handwritten.errDeclined cancel=sentinel:example.com/failopen/handwritten.errDeclined fail=failure"
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Drop?", RequestedSchema: checkboxSchema()})
	if err != nil {
		return err
	}
	if v, ok := res.Content["confirm"].(bool); res.Action != "accept" || !ok || !v {
		return errDeclined
	}
	return nil
}

// dropOnTrue goes ahead only on an accepted answer whose box is true: a
// box left out is not true.
func dropOnTrue(ctx context.Context, req *mcp.CallToolRequest, in DropIn) (*mcp.CallToolResult, any, error) {
	resp, ok := req.Params.InputResponses["box"].(*mcp.ElicitResult)
	if !ok {
		return askBox(in.Table), nil, nil
	}
	if resp.Action != "accept" || resp.Content["confirm"] != true {
		return kept(in.Table), nil, nil
	}
	return &mcp.CallToolResult{}, nil, drop(in.Table)
}

// dropOnBool stops unless the box is there, a boolean, and true.
func dropOnBool(ctx context.Context, req *mcp.CallToolRequest, in DropIn) (*mcp.CallToolResult, any, error) {
	resp, ok := req.Params.InputResponses["box"].(*mcp.ElicitResult)
	if !ok {
		return askBox(in.Table), nil, nil
	}
	form := resp.Content
	v, isBool := form["confirm"].(bool)
	if resp.Action != "accept" || !isBool || !v {
		return kept(in.Table), nil, nil
	}
	return &mcp.CallToolResult{}, nil, drop(in.Table)
}

// dropAskedOnTicked asks with the older request and goes ahead only on a
// ticked box.
func dropAskedOnTicked(ctx context.Context, ss *mcp.ServerSession, table string) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Drop " + table + "?", RequestedSchema: checkboxSchema()})
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

// dropOnTickedApart refuses a decline and an unticked box, each in a
// branch of its own.
func dropOnTickedApart(ctx context.Context, req *mcp.CallToolRequest, in DropIn) (*mcp.CallToolResult, any, error) {
	resp, ok := req.Params.InputResponses["box"].(*mcp.ElicitResult)
	if !ok {
		return askBox(in.Table), nil, nil
	}
	if resp.Action != "accept" {
		return kept(in.Table), nil, nil
	}
	if ticked, _ := resp.Content["confirm"].(bool); !ticked {
		return notTicked(in.Table), nil, nil
	}
	return &mcp.CallToolResult{}, nil, drop(in.Table)
}

func notTicked(table string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "the box was not ticked; kept " + table}}}
}

// dropAskedSwitch tells every case apart in one switch.
func dropAskedSwitch(ctx context.Context, ss *mcp.ServerSession, table string) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Drop " + table + "?", RequestedSchema: checkboxSchema()})
	switch {
	case err != nil:
		return err
	case res.Action != "accept":
		return errors.New("not accepted")
	case res.Content["confirm"] != true:
		return errors.New("the box was not ticked")
	}
	return drop(table)
}

// dropOnOneString asks with one field that is a string: no checkbox, and
// accept alone confirms.
func dropOnOneString(ctx context.Context, ss *mcp.ServerSession, table string) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Drop " + table + "?", RequestedSchema: map[string]any{
		"type":       "object",
		"properties": map[string]any{"reason": map[string]any{"type": "string"}},
	}})
	if err != nil {
		return err
	}
	if res.Action != "accept" {
		return nil
	}
	return drop(table)
}

// --- Positives: an accepted answer that leaves the box out goes ahead.

// dropUnlessFalse stops on a box that is false: a box left out is not
// false, and drops.
func dropUnlessFalse(ctx context.Context, req *mcp.CallToolRequest, in DropIn) (*mcp.CallToolResult, any, error) {
	resp, ok := req.Params.InputResponses["box"].(*mcp.ElicitResult) // want `^when the user accepts the question "box" without the field, its one checkbox "confirm" left out, handwritten\.dropUnlessFalse goes on into the code that only acceptance reaches, from its call of handwritten\.drop: a form accepted without the box is no consent`
	if !ok {
		return askBox(in.Table), nil, nil
	}
	if resp.Action != "accept" || resp.Content["confirm"] == false {
		return kept(in.Table), nil, nil
	}
	return &mcp.CallToolResult{}, nil, drop(in.Table)
}

// dropUnlessBoolFalse stops only on a box that is there and false.
func dropUnlessBoolFalse(ctx context.Context, req *mcp.CallToolRequest, in DropIn) (*mcp.CallToolResult, any, error) {
	resp, ok := req.Params.InputResponses["box"].(*mcp.ElicitResult) // want `^when the user accepts the question "box" without the field, its one checkbox "confirm" left out, handwritten\.dropUnlessBoolFalse goes on`
	if !ok {
		return askBox(in.Table), nil, nil
	}
	if v, isBool := resp.Content["confirm"].(bool); resp.Action != "accept" || isBool && !v {
		return kept(in.Table), nil, nil
	}
	return &mcp.CallToolResult{}, nil, drop(in.Table)
}

// --- Positives: any accepted answer goes ahead, the box unticked too.

// dropOnAccept reads the Action alone.
func dropOnAccept(ctx context.Context, req *mcp.CallToolRequest, in DropIn) (*mcp.CallToolResult, any, error) {
	resp, ok := req.Params.InputResponses["box"].(*mcp.ElicitResult) // want `^when the user accepts the question "box" with its one field, the checkbox "confirm", unticked, handwritten\.dropOnAccept goes on into the code that only acceptance reaches, from its call of handwritten\.drop: an accepted form with the box unticked is a no`
	if !ok {
		return askBox(in.Table), nil, nil
	}
	if resp.Action != "accept" {
		return kept(in.Table), nil, nil
	}
	return &mcp.CallToolResult{}, nil, drop(in.Table)
}

// accepted tells the Action alone.
func accepted(resp *mcp.ElicitResult) bool { return resp.Action == "accept" } // want accepted:"predicate param=0 result=0 accept=true decline=false cancel=false fail=\\?"

// dropViaAccepted reads the Action through its helper.
func dropViaAccepted(ctx context.Context, req *mcp.CallToolRequest, in DropIn) (*mcp.CallToolResult, any, error) {
	resp, ok := req.Params.InputResponses["box"].(*mcp.ElicitResult) // want `^when the user accepts the question "box" with its one field, the checkbox "confirm", unticked, handwritten\.dropViaAccepted goes on`
	if !ok {
		return askBox(in.Table), nil, nil
	}
	if !accepted(resp) {
		return kept(in.Table), nil, nil
	}
	return &mcp.CallToolResult{}, nil, drop(in.Table)
}

var errDeclined = errors.New("declined")

// confirmTyped asks on an older session with a *jsonschema.Schema
// checkbox, and returns nil on any acceptance.
func confirmTyped(ctx context.Context, ss *mcp.ServerSession) error { // want confirmTyped:"confirmer error=0 bool=-1 decline=sentinel:example.com/failopen/handwritten.errDeclined cancel=sentinel:example.com/failopen/handwritten.errDeclined fail=failure"
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Drop?", RequestedSchema: &jsonschema.Schema{ // want `^when the user accepts ServerSession\.Elicit's question with its one field, the checkbox "approve", unticked, handwritten\.confirmTyped returns nil, as when the box is ticked`
		Type:       "object",
		Properties: map[string]*jsonschema.Schema{"approve": {Type: "boolean"}},
	}})
	if err != nil {
		return err
	}
	if res.Action != "accept" {
		return errDeclined
	}
	return nil
}

// dropRaw asks with a raw JSON checkbox.
func dropRaw(ctx context.Context, req *mcp.CallToolRequest, in DropIn) (*mcp.CallToolResult, any, error) {
	resp, ok := req.Params.InputResponses["raw"].(*mcp.ElicitResult) // want `^when the user accepts the question "raw" with its one field, the checkbox "ok"`
	if !ok {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			"raw": &mcp.ElicitParams{Message: "Drop?", RequestedSchema: json.RawMessage(`{"type":"object","properties":{"ok":{"type":"boolean"}}}`)},
		}}, nil, nil
	}
	if resp.Action != "accept" {
		return kept(in.Table), nil, nil
	}
	return &mcp.CallToolResult{}, nil, drop(in.Table)
}

// askBuilt asks with a schema built at run time: its fields are not
// known.
func askBuilt(table string, schema any) *mcp.CallToolResult {
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		"built": &mcp.ElicitParams{Message: "Drop " + table + "?", RequestedSchema: schema},
	}}
}

func dropBuilt(ctx context.Context, req *mcp.CallToolRequest, in DropIn) (*mcp.CallToolResult, any, error) {
	resp, ok := req.Params.InputResponses["built"].(*mcp.ElicitResult)
	if !ok {
		return askBuilt(in.Table, checkboxSchema()), nil, nil
	}
	if resp.Action != "accept" {
		return kept(in.Table), nil, nil
	}
	return &mcp.CallToolResult{}, nil, drop(in.Table)
}

// ConfirmForm is a checkbox, as jsonschema.For infers it; NotedForm is not.
type ConfirmForm struct {
	Confirm bool `json:"confirm"`
	secret  string
	Skipped string `json:"-"`
}

type NotedForm struct {
	Confirm bool   `json:"confirm"`
	Note    string `json:"note,omitempty"`
}

// confirmInferred asks with an inferred checkbox, and returns nil on any
// acceptance.
func confirmInferred(ctx context.Context, ss *mcp.ServerSession) error { // want confirmInferred:"confirmer error=0 bool=-1 decline=sentinel:example.com/failopen/handwritten.errDeclined cancel=sentinel:example.com/failopen/handwritten.errDeclined fail=failure"
	schema, err := jsonschema.For[ConfirmForm](nil)
	if err != nil {
		return err
	}
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Drop?", RequestedSchema: schema}) // want `^when the user accepts ServerSession\.Elicit's question with its one field, the checkbox "confirm", unticked, handwritten\.confirmInferred returns nil`
	if err != nil {
		return err
	}
	if res.Action != "accept" {
		return errDeclined
	}
	return nil
}

// confirmNoted asks with an inferred form of two fields: no checkbox.
func confirmNoted(ctx context.Context, ss *mcp.ServerSession) error { // want confirmNoted:"confirmer error=0 bool=-1 decline=sentinel:example.com/failopen/handwritten.errDeclined cancel=sentinel:example.com/failopen/handwritten.errDeclined fail=failure"
	schema, err := jsonschema.For[NotedForm](nil)
	if err != nil {
		return err
	}
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Drop?", RequestedSchema: schema})
	if err != nil {
		return err
	}
	if res.Action != "accept" {
		return errDeclined
	}
	return nil
}

// Positives that read the box, and still go ahead with it unticked.

// dropUnlessBoth stops only when the answer is no acceptance and the box
// is not ticked (&& for ||): an accepted answer with the box unticked
// drops.
func dropUnlessBoth(ctx context.Context, ss *mcp.ServerSession, table string) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Drop " + table + "?", RequestedSchema: checkboxSchema()}) // want `^when the user accepts ServerSession\.Elicit's question with its one field, the checkbox "confirm", unticked, handwritten\.dropUnlessBoth goes on`
	if err != nil {
		return err
	}
	if res.Action != "accept" && res.Content["confirm"] != true {
		return nil
	}
	return drop(table)
}

// A question asked under a key computed at run time: the answer is read
// under the same value.

// dropUnderTableKey asks under a key of the table's, and drops on any
// accepted answer, the box unticked too.
func dropUnderTableKey(ctx context.Context, req *mcp.CallToolRequest, in DropIn) (*mcp.CallToolResult, any, error) {
	key := "drop:" + in.Table
	resp, ok := req.Params.InputResponses[key].(*mcp.ElicitResult) // want `^when the user accepts the question a key with its one field, the checkbox "confirm", unticked, handwritten\.dropUnderTableKey goes on`
	if !ok {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			key: &mcp.ElicitParams{Message: "Drop " + in.Table + "?", RequestedSchema: checkboxSchema()},
		}}, nil, nil
	}
	if resp.Action != "accept" {
		return kept(in.Table), nil, nil
	}
	return &mcp.CallToolResult{}, nil, drop(in.Table)
}

// dropTickedUnderTableKey reads the box.
func dropTickedUnderTableKey(ctx context.Context, req *mcp.CallToolRequest, in DropIn) (*mcp.CallToolResult, any, error) {
	key := "drop:" + in.Table
	resp, ok := req.Params.InputResponses[key].(*mcp.ElicitResult)
	if !ok {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			key: &mcp.ElicitParams{Message: "Drop " + in.Table + "?", RequestedSchema: checkboxSchema()},
		}}, nil, nil
	}
	if ticked, _ := resp.Content["confirm"].(bool); resp.Action != "accept" || !ticked {
		return kept(in.Table), nil, nil
	}
	return &mcp.CallToolResult{}, nil, drop(in.Table)
}
