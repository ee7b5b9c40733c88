package tools

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// The tools below ask with 2026-07-28 rounds: the first call returns the
// question, the retry carries the answer.

const confirmKey = "confirm"

// wipeForm is the one-checkbox question of the wipe tools.
var wipeForm = mcp.ElicitationParams{
	Message:         "Wipe it? This cannot be undone.",
	RequestedSchema: confirmSchema,
}

func ask(key string, params mcp.ElicitationParams, state string) *mcp.CallToolResult {
	return server.NewInputRequestBuilder(state).Elicit(key, params).ToolResult()
}

func (t *Tools) roundTools() []toolDef {
	return []toolDef{
		{"delete_bucket_policy", "Delete a bucket policy", t.deleteBucketPolicy},
		{"delete_role_policy", "Delete a role policy", t.deleteRolePolicy},
		{"delete_project", "Delete a project", t.deleteProject},
		{"delete_workspace", "Delete a workspace", t.deleteWorkspace},
		{"refund_payment", "Refund a payment", t.refundPayment},
		{"void_payment", "Void a payment", t.voidPayment},
		{"delete_tenant", "Delete a tenant", t.deleteTenant},
		{"delete_realm", "Delete a realm", t.deleteRealm},
		{"reset_password_all", "Reset every password of a team", t.resetPasswords},
		{"reset_mfa_all", "Reset every MFA device of a team", t.resetMFA},
		{"erase_disk", "Erase a disk", t.eraseDisk},
		{"erase_backup", "Erase a backup", t.eraseBackup},
		{"wipe_database", "Wipe a database", t.wipeDatabase},
		{"wipe_bucket", "Wipe a bucket", t.wipeBucket},
		{"delete_release_tag", "Delete a release's tag", t.deleteReleaseTag},
		{"delete_git_tag", "Delete a git tag", t.deleteGitTag},
		{"publish_release", "Publish a release to every customer", t.publishRelease},
		{"publish_hotfix", "Publish a hotfix to every customer", t.publishHotfix},
	}
}

// A re-ask written as a builder chain; the retry's answer read with
// ElicitationResponse.

func (t *Tools) deleteBucketPolicy(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := req.GetString("name", "")
	er := server.ElicitationResponse(req.Params.InputResponses, confirmKey) // probe:bug failopen-noanswer: a retry that carries no answer is let through
	if er == nil && req.Params.RequestState == "" {
		return server.NewInputRequestBuilder("asked").Elicit(confirmKey, confirmParams("Delete policy of "+name+"?")).ToolResult(), nil
	}
	if er != nil && !boxTicked(er) {
		return refused("delete_bucket_policy"), nil
	}
	return t.delete(ctx, "bucket-policy", name)
}

func (t *Tools) deleteRolePolicy(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := req.GetString("name", "")
	er := server.ElicitationResponse(req.Params.InputResponses, confirmKey) // probe:ok
	if er == nil {
		return server.NewInputRequestBuilder("asked").Elicit(confirmKey, confirmParams("Delete policy of "+name+"?")).ToolResult(), nil
	}
	if !boxTicked(er) {
		return refused("delete_role_policy"), nil
	}
	return t.delete(ctx, "role-policy", name)
}

// Presence of an answer taken as consent.

func (t *Tools) deleteProject(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := req.GetString("name", "")
	if _, ok := server.InputResponse(req.Params.InputResponses, confirmKey); ok { // probe:bug failopen-anyanswer: any answer under the key, a decline too, deletes
		return t.delete(ctx, "project", name)
	}
	return ask(confirmKey, confirmParams("Delete project "+name+"?"), ""), nil
}

func (t *Tools) deleteWorkspace(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := req.GetString("name", "")
	if _, ok := server.InputResponse(req.Params.InputResponses, confirmKey); ok { // probe:ok
		if !boxTicked(server.ElicitationResponse(req.Params.InputResponses, confirmKey)) {
			return refused("delete_workspace"), nil
		}
		return t.delete(ctx, "workspace", name)
	}
	return ask(confirmKey, confirmParams("Delete workspace "+name+"?"), ""), nil
}

// Any answer at all taken as consent.

func (t *Tools) refundPayment(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := req.GetString("name", "")
	if len(req.Params.InputResponses) == 0 { // probe:bug failopen-anyanswer: the retry is taken as consent, whatever it says
		return ask(confirmKey, confirmParams("Refund payment "+name+"?"), ""), nil
	}
	return t.delete(ctx, "payment", name)
}

func (t *Tools) voidPayment(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := req.GetString("name", "")
	if len(req.Params.InputResponses) == 0 { // probe:ok
		return ask(confirmKey, confirmParams("Void payment "+name+"?"), ""), nil
	}
	if !boxTicked(server.ElicitationResponse(req.Params.InputResponses, confirmKey)) {
		return refused("void_payment"), nil
	}
	return t.delete(ctx, "payment", name)
}

// The answer read under another key than the one asked.

func (t *Tools) deleteTenant(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := req.GetString("name", "")
	if req.Params.RequestState == "" {
		return ask("confirm_delete_tenant", confirmParams("Delete tenant "+name+"?"), "tenant:"+name), nil
	}
	if er := server.ElicitationResponse(req.Params.InputResponses, confirmKey); er != nil && !boxTicked(er) { // probe:bug failopen-noanswer: reads "confirm", asked under "confirm_delete_tenant"
		return refused("delete_tenant"), nil
	}
	return t.delete(ctx, "tenant", name)
}

func (t *Tools) deleteRealm(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := req.GetString("name", "")
	const key = "confirm_delete_realm"
	if req.Params.RequestState == "" {
		return ask(key, confirmParams("Delete realm "+name+"?"), "realm:"+name), nil
	}
	if er := server.ElicitationResponse(req.Params.InputResponses, key); !boxTicked(er) { // probe:ok
		return refused("delete_realm"), nil
	}
	return t.delete(ctx, "realm", name)
}

// The box checked only inside the accept branch.

func (t *Tools) resetPasswords(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := req.GetString("name", "")
	er := server.ElicitationResponse(req.Params.InputResponses, confirmKey) // probe:bug failopen-decline: decline and cancel never reach the box check
	if er == nil {
		return ask(confirmKey, confirmParams("Reset every password of team "+name+"?"), ""), nil
	}
	if er.Action == mcp.ElicitationResponseActionAccept {
		if content(er)["confirm"] != true {
			return refused("reset_password_all"), nil
		}
	}
	return t.delete(ctx, "passwords", name)
}

func (t *Tools) resetMFA(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := req.GetString("name", "")
	er := server.ElicitationResponse(req.Params.InputResponses, confirmKey) // probe:ok
	if er == nil {
		return ask(confirmKey, confirmParams("Reset every MFA device of team "+name+"?"), ""), nil
	}
	if er.Action != mcp.ElicitationResponseActionAccept || content(er)["confirm"] != true {
		return refused("reset_mfa_all"), nil
	}
	return t.delete(ctx, "mfa", name)
}

// "Not explicitly unticked".

func (t *Tools) eraseDisk(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := req.GetString("name", "")
	er := server.ElicitationResponse(req.Params.InputResponses, confirmKey) // probe:bug failopen-missing: an accept without the box erases
	if er == nil {
		return ask(confirmKey, confirmParams("Erase disk "+name+"?"), ""), nil
	}
	if er.Action != mcp.ElicitationResponseActionAccept {
		return refused("erase_disk"), nil
	}
	if box, ok := content(er)["confirm"].(bool); ok && !box {
		return refused("erase_disk"), nil
	}
	return t.delete(ctx, "disk", name)
}

func (t *Tools) eraseBackup(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := req.GetString("name", "")
	er := server.ElicitationResponse(req.Params.InputResponses, confirmKey) // probe:ok
	if er == nil {
		return ask(confirmKey, confirmParams("Erase backup "+name+"?"), ""), nil
	}
	if er.Action != mcp.ElicitationResponseActionAccept {
		return refused("erase_backup"), nil
	}
	if box, ok := content(er)["confirm"].(bool); !ok || !box {
		return refused("erase_backup"), nil
	}
	return t.delete(ctx, "backup", name)
}

// A one-checkbox form kept in a package variable.

func (t *Tools) wipeDatabase(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := req.GetString("name", "")
	er := server.ElicitationResponse(req.Params.InputResponses, confirmKey) // probe:bug failopen-unticked: accept is checked, wipeForm's box is not
	if er == nil {
		return ask(confirmKey, wipeForm, ""), nil
	}
	if er.Action != mcp.ElicitationResponseActionAccept {
		return refused("wipe_database"), nil
	}
	return t.delete(ctx, "database", name)
}

func (t *Tools) wipeBucket(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := req.GetString("name", "")
	er := server.ElicitationResponse(req.Params.InputResponses, confirmKey) // probe:ok
	if er == nil {
		return ask(confirmKey, wipeForm, ""), nil
	}
	if !boxTicked(er) {
		return refused("wipe_bucket"), nil
	}
	return t.delete(ctx, "bucket", name)
}

// A gate: a closure kept in a struct field.

type gate struct {
	key   string
	allow func(*mcp.ElicitationResult) bool
}

func (t *Tools) deleteReleaseTag(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := req.GetString("name", "")
	g := t.releaseGate
	if req.Params.RequestState == "" {
		return ask(g.key, confirmParams("Delete tag of release "+name+"?"), "asked"), nil
	}
	if !g.allow(server.ElicitationResponse(req.Params.InputResponses, g.key)) { // probe:bug failopen-cancel: the release gate lets no answer and a cancel through
		return refused("delete_release_tag"), nil
	}
	return t.delete(ctx, "release-tag", name)
}

func (t *Tools) deleteGitTag(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := req.GetString("name", "")
	g := t.tagGate
	if req.Params.RequestState == "" {
		return ask(g.key, confirmParams("Delete git tag "+name+"?"), "asked"), nil
	}
	if !g.allow(server.ElicitationResponse(req.Params.InputResponses, g.key)) { // probe:ok
		return refused("delete_git_tag"), nil
	}
	return t.delete(ctx, "git-tag", name)
}

// The outcome kept in a field of a local struct.

type publication struct {
	release  string
	approved bool
}

func (t *Tools) publishRelease(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	p := publication{release: req.GetString("name", ""), approved: true}
	if req.Params.RequestState == "" {
		return ask(confirmKey, confirmParams("Publish "+p.release+" to every customer?"), "asked"), nil
	}
	if er := server.ElicitationResponse(req.Params.InputResponses, confirmKey); er != nil && er.Action == mcp.ElicitationResponseActionDecline { // probe:bug failopen-cancel: approved starts true and only a decline clears it
		p.approved = false
	}
	if !p.approved {
		return refused("publish_release"), nil
	}
	return t.delete(ctx, "unpublished-release", p.release)
}

func (t *Tools) publishHotfix(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	p := publication{release: req.GetString("name", "")}
	if req.Params.RequestState == "" {
		return ask(confirmKey, confirmParams("Publish "+p.release+" to every customer?"), "asked"), nil
	}
	if er := server.ElicitationResponse(req.Params.InputResponses, confirmKey); er != nil && er.Action == mcp.ElicitationResponseActionAccept { // probe:ok
		p.approved = content(er)["confirm"] == true
	}
	if !p.approved {
		return refused("publish_hotfix"), nil
	}
	return t.delete(ctx, "unpublished-release", p.release)
}
