package ops

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The tools below ask with the server-to-client elicitation request.

func (o *Ops) legacyTools() []tool {
	return []tool{
		{"drop_bucket", "Delete a storage bucket", o.dropBucket},
		{"drop_queue", "Delete a message queue", o.dropQueue},
		{"revoke_key", "Revoke an API key", o.revokeKey},
		{"revoke_token", "Revoke an access token", o.revokeToken},
		{"delete_volume", "Delete a volume", o.deleteVolume},
		{"delete_snapshot", "Delete a snapshot", o.deleteSnapshot},
		{"purge_dns", "Purge a DNS zone", o.purgeDNS},
		{"purge_cdn", "Purge a CDN cache", o.purgeCDN},
		{"destroy_tenant", "Destroy a tenant", o.destroyTenant},
		{"erase_tenant", "Erase a tenant", o.eraseTenant},
		{"delete_repo", "Delete a repository", o.deleteRepo},
		{"archive_repo_hard", "Delete a repository's archive", o.deleteArchive},
		{"drop_index", "Drop a search index", o.dropIndex},
		{"drop_table", "Drop a table", o.dropTable},
		{"kill_job", "Kill a running job", o.killJob},
		{"kill_worker", "Kill a worker", o.killWorker},
		{"wipe_cache", "Wipe a cache", o.wipeCache},
		{"wipe_logs", "Wipe a log stream", o.wipeLogs},
		{"delete_domain", "Delete a domain", o.deleteDomain},
		{"delete_cert", "Delete a certificate", o.deleteCert},
		{"reset_db", "Reset a database", o.resetDB},
		{"reset_cluster", "Reset a cluster", o.resetCluster},
		{"remove_user", "Remove a user", o.removeUser},
		{"remove_group", "Remove a group", o.removeGroup},
		{"delete_branch", "Delete a branch", o.deleteBranch},
		{"delete_tag", "Delete a tag", o.deleteTag},
		{"drop_replica", "Drop a read replica", o.dropReplica},
		{"drop_shard", "Drop a shard", o.dropShard},
		{"archive_project", "Archive a project (reversible)", o.archiveProject},
		{"archive_team", "Archive a team (reversible)", o.archiveTeam},
		{"archive_folder", "Archive a folder (reversible)", o.archiveFolder},
	}
}

func (o *Ops) remove(ctx context.Context, kind, name string) (*mcp.CallToolResult, any, error) {
	if err := o.store.Remove(ctx, kind, name); err != nil {
		return nil, nil, err
	}
	return done(kind + " " + name + " removed"), nil, nil
}

// (bool, error) helper that swallows the failure.

func (o *Ops) dropBucket(ctx context.Context, req *mcp.CallToolRequest, in target) (*mcp.CallToolResult, any, error) {
	ok, err := confirmBox(ctx, req.Session, "Delete bucket "+in.Name+" and every object in it?") // probe:bug failopen-error: confirmBox reports a failed request as a ticked box
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		return refused("drop_bucket"), nil, nil
	}
	return o.remove(ctx, "bucket", in.Name)
}

func (o *Ops) dropQueue(ctx context.Context, req *mcp.CallToolRequest, in target) (*mcp.CallToolResult, any, error) {
	ok, err := confirmBoxStrict(ctx, req.Session, "Delete queue "+in.Name+" and its messages?") // probe:ok
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		return refused("drop_queue"), nil, nil
	}
	return o.remove(ctx, "queue", in.Name)
}

// (true, err) read by a caller that looks only at the boolean.

func (o *Ops) revokeKey(ctx context.Context, req *mcp.CallToolRequest, in target) (*mcp.CallToolResult, any, error) {
	ok, err := approve(ctx, req.Session, "Revoke API key "+in.Name+"?") // probe:bug failopen-error: the error is only logged and approve returns true with it
	if err != nil {
		o.logger.Printf("revoke_key: %v", err)
	}
	if !ok {
		return refused("revoke_key"), nil, nil
	}
	return o.remove(ctx, "key", in.Name)
}

func (o *Ops) revokeToken(ctx context.Context, req *mcp.CallToolRequest, in target) (*mcp.CallToolResult, any, error) {
	ok, err := approve(ctx, req.Session, "Revoke token "+in.Name+"?") // probe:ok
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		return refused("revoke_token"), nil, nil
	}
	return o.remove(ctx, "token", in.Name)
}

// Tri-state decision.

func (o *Ops) deleteVolume(ctx context.Context, req *mcp.CallToolRequest, in target) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, confirmParams("Delete volume "+in.Name+"?")) // probe:bug failopen-error: only Deny stops, a failed request is Unknown
	if decide(res, err) == Deny {
		return refused("delete_volume"), nil, nil
	}
	return o.remove(ctx, "volume", in.Name)
}

func (o *Ops) deleteSnapshot(ctx context.Context, req *mcp.CallToolRequest, in target) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, confirmParams("Delete snapshot "+in.Name+"?")) // probe:ok
	if decide(res, err) != Allow {
		return refused("delete_snapshot"), nil, nil
	}
	return o.remove(ctx, "snapshot", in.Name)
}

// Interface implemented in this package.

func (o *Ops) purgeDNS(ctx context.Context, req *mcp.CallToolRequest, in target) (*mcp.CallToolResult, any, error) {
	ok, err := o.confirmer.Confirm(ctx, req.Session, "Purge every record of zone "+in.Name+"?") // probe:bug failopen-cancel: the wired Confirmer stops only on a decline
	if err != nil || !ok {
		return refused("purge_dns"), nil, nil
	}
	return o.remove(ctx, "zone", in.Name)
}

func (o *Ops) purgeCDN(ctx context.Context, req *mcp.CallToolRequest, in target) (*mcp.CallToolResult, any, error) {
	ok, err := o.strictConfirmer.Confirm(ctx, req.Session, "Purge the CDN cache of "+in.Name+"?") // probe:ok
	if err != nil || !ok {
		return refused("purge_cdn"), nil, nil
	}
	return o.remove(ctx, "cdn", in.Name)
}

// Closure in a struct field.

func (o *Ops) destroyTenant(ctx context.Context, req *mcp.CallToolRequest, in target) (*mcp.CallToolResult, any, error) {
	if !o.askDestroy(ctx, req.Session, in.Name) { // probe:bug failopen-cancel: askDestroy stops only on a decline
		return refused("destroy_tenant"), nil, nil
	}
	return o.remove(ctx, "tenant", in.Name)
}

func (o *Ops) eraseTenant(ctx context.Context, req *mcp.CallToolRequest, in target) (*mcp.CallToolResult, any, error) {
	if !o.askErase(ctx, req.Session, in.Name) { // probe:ok
		return refused("erase_tenant"), nil, nil
	}
	return o.remove(ctx, "tenant", in.Name)
}

// Retry loop.

func (o *Ops) deleteRepo(ctx context.Context, req *mcp.CallToolRequest, in target) (*mcp.CallToolResult, any, error) {
	var res *mcp.ElicitResult
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		res, err = req.Session.Elicit(ctx, typedNameParams(in.Name)) // probe:bug failopen-error: after the last failed attempt res is nil and only an answer is checked
		if err == nil {
			break
		}
	}
	if res != nil && !typedName(res, in.Name) {
		return refused("delete_repo"), nil, nil
	}
	return o.remove(ctx, "repo", in.Name)
}

func (o *Ops) deleteArchive(ctx context.Context, req *mcp.CallToolRequest, in target) (*mcp.CallToolResult, any, error) {
	var res *mcp.ElicitResult
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		res, err = req.Session.Elicit(ctx, typedNameParams(in.Name)) // probe:ok
		if err == nil {
			break
		}
	}
	if err != nil || !typedName(res, in.Name) {
		return refused("archive_repo_hard"), nil, nil
	}
	return o.remove(ctx, "archive", in.Name)
}

// Box checked only inside the accept branch.

func (o *Ops) dropIndex(ctx context.Context, req *mcp.CallToolRequest, in target) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, confirmParams("Drop index "+in.Name+"?")) // probe:bug failopen-decline: a decline or cancel skips the box check
	if err != nil {
		return nil, nil, err
	}
	if res.Action == "accept" {
		if res.Content["confirm"] != true {
			return refused("drop_index"), nil, nil
		}
	}
	return o.remove(ctx, "index", in.Name)
}

func (o *Ops) dropTable(ctx context.Context, req *mcp.CallToolRequest, in target) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, confirmParams("Drop table "+in.Name+"?")) // probe:ok
	if err != nil {
		return nil, nil, err
	}
	if res.Action != "accept" || res.Content["confirm"] != true {
		return refused("drop_table"), nil, nil
	}
	return o.remove(ctx, "table", in.Name)
}

// "Not explicitly unticked".

func (o *Ops) killJob(ctx context.Context, req *mcp.CallToolRequest, in target) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{ // probe:bug failopen-missing: an accept without the box is not an unticked box
		Message: "Kill job " + in.Name + "?",
		RequestedSchema: map[string]any{
			"type":       "object",
			"properties": map[string]any{"confirm": map[string]any{"type": "boolean"}},
		},
	})
	if err != nil {
		return nil, nil, err
	}
	if res.Action != "accept" {
		return refused("kill_job"), nil, nil
	}
	if v, ok := res.Content["confirm"].(bool); ok && !v {
		return refused("kill_job"), nil, nil
	}
	return o.remove(ctx, "job", in.Name)
}

func (o *Ops) killWorker(ctx context.Context, req *mcp.CallToolRequest, in target) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{ // probe:ok
		Message: "Kill worker " + in.Name + "?",
		RequestedSchema: map[string]any{
			"type":       "object",
			"properties": map[string]any{"confirm": map[string]any{"type": "boolean"}},
		},
	})
	if err != nil {
		return nil, nil, err
	}
	if res.Action != "accept" {
		return refused("kill_worker"), nil, nil
	}
	if v, ok := res.Content["confirm"].(bool); !ok || !v {
		return refused("kill_worker"), nil, nil
	}
	return o.remove(ctx, "worker", in.Name)
}

// Typed-word confirmation.

func (o *Ops) wipeCache(ctx context.Context, req *mcp.CallToolRequest, in target) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, typedNameParams(in.Name)) // probe:bug failopen-missing: an empty or absent name is waved through
	if err != nil {
		return nil, nil, err
	}
	typed, _ := res.Content["name"].(string)
	if res.Action != "accept" || (typed != "" && !strings.EqualFold(typed, in.Name)) {
		return refused("wipe_cache"), nil, nil
	}
	return o.remove(ctx, "cache", in.Name)
}

func (o *Ops) wipeLogs(ctx context.Context, req *mcp.CallToolRequest, in target) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, typedNameParams(in.Name)) // probe:ok
	if err != nil {
		return nil, nil, err
	}
	typed, _ := res.Content["name"].(string)
	if res.Action != "accept" || !strings.EqualFold(typed, in.Name) {
		return refused("wipe_logs"), nil, nil
	}
	return o.remove(ctx, "logs", in.Name)
}

// Switch on the action.

func (o *Ops) deleteDomain(ctx context.Context, req *mcp.CallToolRequest, in target) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, confirmParams("Delete domain "+in.Name+"?")) // probe:bug failopen-cancel: no case for cancel, it falls out of the switch
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "decline":
		return refused("delete_domain"), nil, nil
	case "accept":
		if res.Content["confirm"] != true {
			return refused("delete_domain"), nil, nil
		}
	}
	return o.remove(ctx, "domain", in.Name)
}

func (o *Ops) deleteCert(ctx context.Context, req *mcp.CallToolRequest, in target) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, confirmParams("Delete certificate "+in.Name+"?")) // probe:ok
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		if res.Content["confirm"] != true {
			return refused("delete_cert"), nil, nil
		}
	default:
		return refused("delete_cert"), nil, nil
	}
	return o.remove(ctx, "cert", in.Name)
}

// Sentinel error.

func (o *Ops) resetDB(ctx context.Context, req *mcp.CallToolRequest, in target) (*mcp.CallToolResult, any, error) {
	if err := ask(ctx, req.Session, "Reset database "+in.Name+"?"); errors.Is(err, errNotConfirmed) { // probe:bug failopen-error: only the sentinel stops, a failed request goes ahead
		return refused("reset_db"), nil, nil
	}
	return o.remove(ctx, "database", in.Name)
}

func (o *Ops) resetCluster(ctx context.Context, req *mcp.CallToolRequest, in target) (*mcp.CallToolResult, any, error) {
	if err := ask(ctx, req.Session, "Reset cluster "+in.Name+"?"); err != nil { // probe:ok
		if errors.Is(err, errNotConfirmed) {
			return refused("reset_cluster"), nil, nil
		}
		return nil, nil, err
	}
	return o.remove(ctx, "cluster", in.Name)
}

// errors.As on a typed refusal.

func (o *Ops) removeUser(ctx context.Context, req *mcp.CallToolRequest, in target) (*mcp.CallToolResult, any, error) {
	err := askAction(ctx, req.Session, "Remove user "+in.Name+"?") // probe:bug failopen-error: only a *refusal stops, a failed request goes ahead
	var r *refusal
	if errors.As(err, &r) {
		return refused("remove_user (" + r.action + ")"), nil, nil
	}
	return o.remove(ctx, "user", in.Name)
}

func (o *Ops) removeGroup(ctx context.Context, req *mcp.CallToolRequest, in target) (*mcp.CallToolResult, any, error) {
	err := askAction(ctx, req.Session, "Remove group "+in.Name+"?") // probe:ok
	var r *refusal
	if errors.As(err, &r) {
		return refused("remove_group (" + r.action + ")"), nil, nil
	}
	if err != nil {
		return nil, nil, fmt.Errorf("remove_group: %w", err)
	}
	return o.remove(ctx, "group", in.Name)
}

// defer/recover around a panicking confirmation.

func (o *Ops) deleteBranch(ctx context.Context, req *mcp.CallToolRequest, in target) (res *mcp.CallToolResult, out any, err error) {
	defer func() {
		if r := recover(); r == errRefused {
			res, out, err = refused("delete_branch"), nil, nil
		} else if r != nil {
			panic(r)
		}
	}()
	mustConfirm(ctx, req.Session, "Delete branch "+in.Name+"?") // probe:bug failopen-error: mustConfirm returns normally on a failed request
	return o.remove(ctx, "branch", in.Name)
}

func (o *Ops) deleteTag(ctx context.Context, req *mcp.CallToolRequest, in target) (res *mcp.CallToolResult, out any, err error) {
	defer func() {
		if r := recover(); r == errRefused {
			res, out, err = refused("delete_tag"), nil, nil
		} else if r != nil {
			panic(r)
		}
	}()
	mustConfirmStrict(ctx, req.Session, "Delete tag "+in.Name+"?") // probe:ok
	return o.remove(ctx, "tag", in.Name)
}

// Outcome kept in a struct field.

type removal struct {
	kind, name string
	confirmed  bool
}

func (o *Ops) dropReplica(ctx context.Context, req *mcp.CallToolRequest, in target) (*mcp.CallToolResult, any, error) {
	op := removal{kind: "replica", name: in.Name, confirmed: true}
	res, err := req.Session.Elicit(ctx, confirmParams("Drop replica "+in.Name+"?")) // probe:bug failopen-cancel: confirmed starts true and only a decline clears it
	if err == nil && res.Action == "decline" {
		op.confirmed = false
	}
	if !op.confirmed {
		return refused("drop_replica"), nil, nil
	}
	return o.remove(ctx, op.kind, op.name)
}

func (o *Ops) dropShard(ctx context.Context, req *mcp.CallToolRequest, in target) (*mcp.CallToolResult, any, error) {
	op := removal{kind: "shard", name: in.Name}
	res, err := req.Session.Elicit(ctx, confirmParams("Drop shard "+in.Name+"?")) // probe:ok
	if err == nil && res.Action == "accept" {
		op.confirmed = res.Content["confirm"] == true
	}
	if !op.confirmed {
		return refused("drop_shard"), nil, nil
	}
	return o.remove(ctx, op.kind, op.name)
}

// A client that cannot be asked.

func (o *Ops) archiveProject(ctx context.Context, req *mcp.CallToolRequest, in target) (*mcp.CallToolResult, any, error) {
	// Archiving is undone with unarchive_project, so a client without
	// elicitation (batch jobs, CI) archives without a prompt on purpose.
	if p := req.Session.InitializeParams(); p == nil || p.Capabilities == nil || p.Capabilities.Elicitation == nil {
		return o.remove(ctx, "project", in.Name)
	}
	res, err := req.Session.Elicit(ctx, confirmParams("Archive project "+in.Name+"?")) // probe:policy
	if err != nil || !ticked(res) {
		return refused("archive_project"), nil, nil
	}
	return o.remove(ctx, "project", in.Name)
}

func (o *Ops) archiveTeam(ctx context.Context, req *mcp.CallToolRequest, in target) (*mcp.CallToolResult, any, error) {
	if p := req.Session.InitializeParams(); p == nil || p.Capabilities == nil || p.Capabilities.Elicitation == nil {
		return nil, nil, errors.New("archive_team needs a client that can ask for confirmation")
	}
	res, err := req.Session.Elicit(ctx, confirmParams("Archive team "+in.Name+"?")) // probe:ok
	if err != nil || !ticked(res) {
		return refused("archive_team"), nil, nil
	}
	return o.remove(ctx, "team", in.Name)
}

func (o *Ops) archiveFolder(ctx context.Context, req *mcp.CallToolRequest, in target) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, confirmParams("Archive folder "+in.Name+"?")) // probe:policy
	if err != nil {
		// A client that cannot show a prompt at all (no elicitation
		// capability) gets the archive: it is undone with
		// unarchive_folder. Any other failure stops.
		if p := req.Session.InitializeParams(); p != nil && p.Capabilities != nil && p.Capabilities.Elicitation == nil {
			return o.remove(ctx, "folder", in.Name)
		}
		return nil, nil, err
	}
	if !ticked(res) {
		return refused("archive_folder"), nil, nil
	}
	return o.remove(ctx, "folder", in.Name)
}
