package ops

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The tools below ask with hand-written 2026-07-28 rounds: the first call
// returns the question, the retry carries the answer.

const confirmKey = "confirm"

// purgeForm is the one-checkbox question of the purge tools.
var purgeForm = &mcp.ElicitParams{
	Message:         "Purge everything? This cannot be undone.",
	RequestedSchema: confirmSchema,
}

// askFor returns the result that asks params under key.
func askFor(key string, params *mcp.ElicitParams, state string) *mcp.CallToolResult {
	return &mcp.CallToolResult{
		InputRequests: mcp.InputRequestMap{key: params},
		RequestState:  state,
	}
}

func (o *Ops) roundTools() []tool {
	return []tool{
		{"close_account", "Close a customer account", o.closeAccount},
		{"close_project", "Close a project", o.closeProject},
		{"delete_invoice", "Delete an invoice", o.deleteInvoice},
		{"delete_quote", "Delete a quote", o.deleteQuote},
		{"delete_webhook", "Delete a webhook", o.deleteWebhook},
		{"delete_schedule", "Delete a schedule", o.deleteSchedule},
		{"drop_topic", "Drop a topic", o.dropTopic},
		{"drop_stream", "Drop a stream", o.dropStream},
		{"unpublish_package", "Unpublish a package", o.unpublishPackage},
		{"unpublish_image", "Unpublish an image", o.unpublishImage},
		{"purge_bucket", "Purge a bucket", o.purgeBucket},
		{"purge_queue", "Purge a queue", o.purgeQueue},
		{"delete_secret", "Delete a secret", o.deleteSecret},
		{"delete_variable", "Delete a variable", o.deleteVariable},
		{"delete_alert", "Delete an alert", o.deleteAlert},
		{"delete_dashboard", "Delete a dashboard", o.deleteDashboard},
		{"detach_disk", "Detach and delete a disk", o.detachDisk},
		{"detach_ip", "Release an IP address", o.detachIP},
		{"delete_site", "Delete a site", o.deleteSite},
		{"delete_app", "Delete an app", o.deleteApp},
		{"wipe_device", "Wipe a device", o.wipeDevice},
		{"wipe_profile", "Wipe a profile", o.wipeProfile},
		{"delete_org", "Delete an organisation", o.deleteOrg},
		{"delete_space", "Delete a space", o.deleteSpace},
	}
}

// Any answer at all taken as consent.

func (o *Ops) closeAccount(ctx context.Context, req *mcp.CallToolRequest, in target) (*mcp.CallToolResult, any, error) {
	if len(req.Params.InputResponses) > 0 { // probe:bug failopen-anyanswer: a decline is an answer too
		return o.remove(ctx, "account", in.Name)
	}
	return askFor(confirmKey, confirmParams("Close account "+in.Name+"?"), ""), nil, nil
}

func (o *Ops) closeProject(ctx context.Context, req *mcp.CallToolRequest, in target) (*mcp.CallToolResult, any, error) {
	if er, ok := req.Params.InputResponses[confirmKey].(*mcp.ElicitResult); ok { // probe:ok
		if !ticked(er) {
			return refused("close_project"), nil, nil
		}
		return o.remove(ctx, "project", in.Name)
	}
	return askFor(confirmKey, confirmParams("Close project "+in.Name+"?"), ""), nil, nil
}

// Presence under the key taken as consent.

func (o *Ops) deleteInvoice(ctx context.Context, req *mcp.CallToolRequest, in target) (*mcp.CallToolResult, any, error) {
	if _, answered := req.Params.InputResponses[confirmKey]; answered { // probe:bug failopen-anyanswer: presence of an answer is taken as consent
		return o.remove(ctx, "invoice", in.Name)
	}
	return askFor(confirmKey, confirmParams("Delete invoice "+in.Name+"?"), ""), nil, nil
}

func (o *Ops) deleteQuote(ctx context.Context, req *mcp.CallToolRequest, in target) (*mcp.CallToolResult, any, error) {
	if resp, answered := req.Params.InputResponses[confirmKey]; answered { // probe:ok
		if er, ok := resp.(*mcp.ElicitResult); !ok || !ticked(er) {
			return refused("delete_quote"), nil, nil
		}
		return o.remove(ctx, "quote", in.Name)
	}
	return askFor(confirmKey, confirmParams("Delete quote "+in.Name+"?"), ""), nil, nil
}

// The answer read under another key than the one asked.

func (o *Ops) deleteWebhook(ctx context.Context, req *mcp.CallToolRequest, in target) (*mcp.CallToolResult, any, error) {
	key := "delete-webhook-" + in.Name
	if req.Params.RequestState == "" {
		return askFor(key, confirmParams("Delete webhook "+in.Name+"?"), "asked"), nil, nil
	}
	if er, ok := req.Params.InputResponses[confirmKey].(*mcp.ElicitResult); ok && !ticked(er) { // probe:bug failopen-noanswer: reads confirmKey, asks under key, so nothing is ever refused
		return refused("delete_webhook"), nil, nil
	}
	return o.remove(ctx, "webhook", in.Name)
}

func (o *Ops) deleteSchedule(ctx context.Context, req *mcp.CallToolRequest, in target) (*mcp.CallToolResult, any, error) {
	key := "delete-schedule-" + in.Name
	er, ok := req.Params.InputResponses[key].(*mcp.ElicitResult) // probe:ok
	if !ok {
		return askFor(key, confirmParams("Delete schedule "+in.Name+"?"), "asked"), nil, nil
	}
	if !ticked(er) {
		return refused("delete_schedule"), nil, nil
	}
	return o.remove(ctx, "schedule", in.Name)
}

// The box checked only inside the accept branch.

func (o *Ops) dropTopic(ctx context.Context, req *mcp.CallToolRequest, in target) (*mcp.CallToolResult, any, error) {
	er, ok := req.Params.InputResponses[confirmKey].(*mcp.ElicitResult) // probe:bug failopen-decline: decline and cancel skip the box check
	if !ok {
		return askFor(confirmKey, confirmParams("Drop topic "+in.Name+"?"), ""), nil, nil
	}
	if er.Action == "accept" {
		if er.Content["confirm"] != true {
			return refused("drop_topic"), nil, nil
		}
	}
	return o.remove(ctx, "topic", in.Name)
}

func (o *Ops) dropStream(ctx context.Context, req *mcp.CallToolRequest, in target) (*mcp.CallToolResult, any, error) {
	er, ok := req.Params.InputResponses[confirmKey].(*mcp.ElicitResult) // probe:ok
	if !ok {
		return askFor(confirmKey, confirmParams("Drop stream "+in.Name+"?"), ""), nil, nil
	}
	if er.Action != "accept" || er.Content["confirm"] != true {
		return refused("drop_stream"), nil, nil
	}
	return o.remove(ctx, "stream", in.Name)
}

// "Not explicitly unticked".

func (o *Ops) unpublishPackage(ctx context.Context, req *mcp.CallToolRequest, in target) (*mcp.CallToolResult, any, error) {
	er, ok := req.Params.InputResponses[confirmKey].(*mcp.ElicitResult) // probe:bug failopen-missing: an accept without the box goes ahead
	if !ok {
		return askFor(confirmKey, confirmParams("Unpublish "+in.Name+"?"), ""), nil, nil
	}
	if er.Action != "accept" {
		return refused("unpublish_package"), nil, nil
	}
	if box, isBool := er.Content["confirm"].(bool); isBool && !box {
		return refused("unpublish_package"), nil, nil
	}
	return o.remove(ctx, "package", in.Name)
}

func (o *Ops) unpublishImage(ctx context.Context, req *mcp.CallToolRequest, in target) (*mcp.CallToolResult, any, error) {
	er, ok := req.Params.InputResponses[confirmKey].(*mcp.ElicitResult) // probe:ok
	if !ok {
		return askFor(confirmKey, confirmParams("Unpublish "+in.Name+"?"), ""), nil, nil
	}
	if er.Action != "accept" {
		return refused("unpublish_image"), nil, nil
	}
	if box, isBool := er.Content["confirm"].(bool); !isBool || !box {
		return refused("unpublish_image"), nil, nil
	}
	return o.remove(ctx, "image", in.Name)
}

// A one-checkbox form kept in a package variable.

func (o *Ops) purgeBucket(ctx context.Context, req *mcp.CallToolRequest, in target) (*mcp.CallToolResult, any, error) {
	er, ok := req.Params.InputResponses[confirmKey].(*mcp.ElicitResult) // probe:bug failopen-unticked: accept is checked, the box of purgeForm is not
	if !ok {
		return askFor(confirmKey, purgeForm, ""), nil, nil
	}
	if er.Action != "accept" {
		return refused("purge_bucket"), nil, nil
	}
	return o.remove(ctx, "bucket-contents", in.Name)
}

func (o *Ops) purgeQueue(ctx context.Context, req *mcp.CallToolRequest, in target) (*mcp.CallToolResult, any, error) {
	er, ok := req.Params.InputResponses[confirmKey].(*mcp.ElicitResult) // probe:ok
	if !ok {
		return askFor(confirmKey, purgeForm, ""), nil, nil
	}
	if !ticked(er) {
		return refused("purge_queue"), nil, nil
	}
	return o.remove(ctx, "queue-contents", in.Name)
}

// Tri-state reading of the answer.

// answer reads the elicitation answer under key: Unknown when there is
// none (or it is not an elicitation result).
func answer(responses mcp.InputResponseMap, key string) verdict {
	er, ok := responses[key].(*mcp.ElicitResult)
	switch {
	case !ok:
		return Unknown
	case ticked(er):
		return Allow
	default:
		return Deny
	}
}

func (o *Ops) deleteSecret(ctx context.Context, req *mcp.CallToolRequest, in target) (*mcp.CallToolResult, any, error) {
	if req.Params.RequestState == "" {
		return askFor(confirmKey, confirmParams("Delete secret "+in.Name+"?"), "asked"), nil, nil
	}
	if answer(req.Params.InputResponses, confirmKey) == Deny { // probe:bug failopen-noanswer: a retry without an answer is Unknown and goes ahead
		return refused("delete_secret"), nil, nil
	}
	return o.remove(ctx, "secret", in.Name)
}

func (o *Ops) deleteVariable(ctx context.Context, req *mcp.CallToolRequest, in target) (*mcp.CallToolResult, any, error) {
	switch answer(req.Params.InputResponses, confirmKey) { // probe:ok
	case Unknown:
		return askFor(confirmKey, confirmParams("Delete variable "+in.Name+"?"), "asked"), nil, nil
	case Deny:
		return refused("delete_variable"), nil, nil
	}
	return o.remove(ctx, "variable", in.Name)
}

// A negative predicate.

// declined reports whether the user said no.
func declined(er *mcp.ElicitResult) bool {
	return er != nil && er.Action == "decline"
}

func (o *Ops) deleteAlert(ctx context.Context, req *mcp.CallToolRequest, in target) (*mcp.CallToolResult, any, error) {
	if req.Params.RequestState == "" {
		return askFor(confirmKey, confirmParams("Delete alert "+in.Name+"?"), "asked"), nil, nil
	}
	er, _ := req.Params.InputResponses[confirmKey].(*mcp.ElicitResult) // probe:bug failopen-cancel: only a decline stops
	if declined(er) {
		return refused("delete_alert"), nil, nil
	}
	return o.remove(ctx, "alert", in.Name)
}

func (o *Ops) deleteDashboard(ctx context.Context, req *mcp.CallToolRequest, in target) (*mcp.CallToolResult, any, error) {
	if req.Params.RequestState == "" {
		return askFor(confirmKey, confirmParams("Delete dashboard "+in.Name+"?"), "asked"), nil, nil
	}
	er, _ := req.Params.InputResponses[confirmKey].(*mcp.ElicitResult) // probe:ok
	if !ticked(er) {
		return refused("delete_dashboard"), nil, nil
	}
	return o.remove(ctx, "dashboard", in.Name)
}

// Any accepted answer, whatever its key and box.

func (o *Ops) detachDisk(ctx context.Context, req *mcp.CallToolRequest, in target) (*mcp.CallToolResult, any, error) {
	for _, resp := range req.Params.InputResponses { // probe:bug failopen-unticked: any accept goes ahead, ticked or not
		if er, ok := resp.(*mcp.ElicitResult); ok && er.Action == "accept" {
			return o.remove(ctx, "disk", in.Name)
		}
	}
	if len(req.Params.InputResponses) > 0 {
		return refused("detach_disk"), nil, nil
	}
	return askFor(confirmKey, confirmParams("Detach and delete disk "+in.Name+"?"), ""), nil, nil
}

func (o *Ops) detachIP(ctx context.Context, req *mcp.CallToolRequest, in target) (*mcp.CallToolResult, any, error) {
	for key, resp := range req.Params.InputResponses { // probe:ok
		if er, ok := resp.(*mcp.ElicitResult); ok && key == confirmKey && ticked(er) {
			return o.remove(ctx, "ip", in.Name)
		}
	}
	if len(req.Params.InputResponses) > 0 {
		return refused("detach_ip"), nil, nil
	}
	return askFor(confirmKey, confirmParams("Release IP "+in.Name+"?"), ""), nil, nil
}

// An interface implemented in this package.

// answerReader decides from a retry's answers.
type answerReader interface {
	Confirmed(responses mcp.InputResponseMap) bool
}

type strictReader struct{}

func (strictReader) Confirmed(responses mcp.InputResponseMap) bool {
	er, ok := responses[confirmKey].(*mcp.ElicitResult) // probe:ok
	return ok && ticked(er)
}

// lenientReader only refuses an explicit "no".
type lenientReader struct{}

func (lenientReader) Confirmed(responses mcp.InputResponseMap) bool {
	er, ok := responses[confirmKey].(*mcp.ElicitResult) // probe:cause failopen-cancel: only a decline is not a confirmation
	return !ok || er.Action != "decline"
}

func (o *Ops) deleteSite(ctx context.Context, req *mcp.CallToolRequest, in target) (*mcp.CallToolResult, any, error) {
	if req.Params.RequestState == "" {
		return askFor(confirmKey, confirmParams("Delete site "+in.Name+"?"), "asked"), nil, nil
	}
	if !o.answered.Confirmed(req.Params.InputResponses) { // probe:bug failopen-cancel: the wired reader refuses only a decline
		return refused("delete_site"), nil, nil
	}
	return o.remove(ctx, "site", in.Name)
}

func (o *Ops) deleteApp(ctx context.Context, req *mcp.CallToolRequest, in target) (*mcp.CallToolResult, any, error) {
	if req.Params.RequestState == "" {
		return askFor(confirmKey, confirmParams("Delete app "+in.Name+"?"), "asked"), nil, nil
	}
	if !o.answeredStrict.Confirmed(req.Params.InputResponses) { // probe:ok
		return refused("delete_app"), nil, nil
	}
	return o.remove(ctx, "app", in.Name)
}

// A (bool, error) reader that returns true with its error.

var errNoAnswer = errors.New("no answer to the confirmation")

// readConfirm reads the checkbox answer under key. A response of the wrong
// kind is a client bug and is not held against the user.
func readConfirm(responses mcp.InputResponseMap, key string) (bool, error) {
	resp, ok := responses[key] // probe:cause failopen-noanswer: an answer of another kind is reported as confirmed
	if !ok {
		return false, errNoAnswer
	}
	er, ok := resp.(*mcp.ElicitResult)
	if !ok {
		return true, fmt.Errorf("answer %q is a %T, not an elicitation result", key, resp)
	}
	return ticked(er), nil
}

func (o *Ops) wipeDevice(ctx context.Context, req *mcp.CallToolRequest, in target) (*mcp.CallToolResult, any, error) {
	ok, err := readConfirm(req.Params.InputResponses, confirmKey) // probe:bug failopen-noanswer: the error is logged, the boolean trusted
	if errors.Is(err, errNoAnswer) {
		return askFor(confirmKey, confirmParams("Wipe device "+in.Name+"?"), ""), nil, nil
	}
	if err != nil {
		o.logger.Printf("wipe_device: %v", err)
	}
	if !ok {
		return refused("wipe_device"), nil, nil
	}
	return o.remove(ctx, "device", in.Name)
}

func (o *Ops) wipeProfile(ctx context.Context, req *mcp.CallToolRequest, in target) (*mcp.CallToolResult, any, error) {
	ok, err := readConfirm(req.Params.InputResponses, confirmKey) // probe:ok
	if errors.Is(err, errNoAnswer) {
		return askFor(confirmKey, confirmParams("Wipe profile "+in.Name+"?"), ""), nil, nil
	}
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		return refused("wipe_profile"), nil, nil
	}
	return o.remove(ctx, "profile", in.Name)
}

// Typed-word confirmation.

func (o *Ops) deleteOrg(ctx context.Context, req *mcp.CallToolRequest, in target) (*mcp.CallToolResult, any, error) {
	er, ok := req.Params.InputResponses[confirmKey].(*mcp.ElicitResult) // probe:bug failopen-missing: an empty name is a prefix of every name
	if !ok {
		return askFor(confirmKey, typedNameParams(in.Name), ""), nil, nil
	}
	typed, _ := er.Content["name"].(string)
	if er.Action != "accept" || !strings.HasPrefix(in.Name, typed) {
		return refused("delete_org"), nil, nil
	}
	return o.remove(ctx, "org", in.Name)
}

func (o *Ops) deleteSpace(ctx context.Context, req *mcp.CallToolRequest, in target) (*mcp.CallToolResult, any, error) {
	er, ok := req.Params.InputResponses[confirmKey].(*mcp.ElicitResult) // probe:ok
	if !ok {
		return askFor(confirmKey, typedNameParams(in.Name), ""), nil, nil
	}
	typed, _ := er.Content["name"].(string)
	if er.Action != "accept" || typed != in.Name {
		return refused("delete_space"), nil, nil
	}
	return o.remove(ctx, "space", in.Name)
}
