package main

import (
	"context"
	"fmt"
	"log/slog"

	"example.com/recall/a/internal/confirm"
	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Storage is the object-store / CDN / tenant backend.
type Storage interface {
	WipeBucket(ctx context.Context, bucket string) (int, error)
	EmptyTrash(ctx context.Context, bucket string) (int, error)
	PurgeCDN(ctx context.Context, zone string) error
	InvalidateCache(ctx context.Context, zone, prefix string) error
	ResetTenant(ctx context.Context, tenant string) error
	DeleteTenant(ctx context.Context, tenant string) error
}

type storageTools struct {
	st  Storage
	log *slog.Logger
}

func registerStorage(s *mcp.Server, st Storage, logger *slog.Logger) {
	t := &storageTools{st: st, log: logger}
	mcp.AddTool(s, &mcp.Tool{Name: "wipe_bucket", Description: "Delete every object in a bucket."}, t.wipeBucket)
	mcp.AddTool(s, &mcp.Tool{Name: "empty_trash", Description: "Permanently delete soft-deleted objects."}, t.emptyTrash)
	mcp.AddTool(s, &mcp.Tool{Name: "purge_cdn", Description: "Purge an entire CDN zone."}, t.purgeCDN)
	mcp.AddTool(s, &mcp.Tool{Name: "invalidate_cache", Description: "Invalidate a CDN path prefix."}, t.invalidateCache)
	mcp.AddTool(s, &mcp.Tool{Name: "reset_tenant", Description: "Reset a tenant to factory state."}, t.resetTenant)
	mcp.AddTool(s, &mcp.Tool{Name: "delete_tenant", Description: "Delete a tenant and all its data."}, t.deleteTenant)
}

// guard wraps the session of one tool call.
type guard struct {
	ss  *mcp.ServerSession
	log *slog.Logger
}

func newGuard(req *mcp.CallToolRequest, log *slog.Logger) *guard {
	return &guard{ss: req.Session, log: log}
}

// ask sends one elicitation and logs the outcome.
func (g *guard) ask(ctx context.Context, msg string, schema *jsonschema.Schema) (*mcp.ElicitResult, error) {
	p := &mcp.ElicitParams{Message: msg}
	if schema != nil {
		p.RequestedSchema = schema
	}
	res, err := g.ss.Elicit(ctx, p)
	if err != nil {
		g.log.WarnContext(ctx, "elicitation failed", "msg", msg, "err", err)
		return nil, err
	}
	g.log.InfoContext(ctx, "elicitation answered", "msg", msg, "action", res.Action)
	return res, nil
}

func text(msg string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: msg}}}
}

func failed(err error) *mcp.CallToolResult {
	return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: err.Error()}}}
}

type BucketInput struct {
	Bucket string `json:"bucket"`
}

func (t *storageTools) wipeBucket(ctx context.Context, req *mcp.CallToolRequest, in BucketInput) (*mcp.CallToolResult, any, error) {
	g := newGuard(req, t.log)
	res, err := g.ask(ctx, fmt.Sprintf("Delete every object in bucket %s?", in.Bucket), nil) // probe:bug cancel: confirm.Declined is true only for "decline"; a cancelled (dismissed) prompt is not "declined", so the bucket is wiped
	if err != nil {
		return failed(err), nil, nil
	}
	if confirm.Declined(res) {
		return text("Wipe declined."), nil, nil
	}

	n, err := t.st.WipeBucket(ctx, in.Bucket)
	if err != nil {
		return failed(err), nil, nil
	}
	return text(fmt.Sprintf("Deleted %d objects from %s", n, in.Bucket)), nil, nil
}

func (t *storageTools) emptyTrash(ctx context.Context, req *mcp.CallToolRequest, in BucketInput) (*mcp.CallToolResult, any, error) {
	g := newGuard(req, t.log)
	res, err := g.ask(ctx, fmt.Sprintf("Permanently delete trashed objects in %s?", in.Bucket), nil) // probe:ok
	if err != nil {
		return failed(err), nil, nil
	}
	if !confirm.Accepted(res) {
		return text("Emptying trash not confirmed."), nil, nil
	}

	n, err := t.st.EmptyTrash(ctx, in.Bucket)
	if err != nil {
		return failed(err), nil, nil
	}
	return text(fmt.Sprintf("Permanently deleted %d objects from %s", n, in.Bucket)), nil, nil
}

type ZoneInput struct {
	Zone   string `json:"zone"`
	Prefix string `json:"prefix,omitempty"`
}

func (t *storageTools) purgeCDN(ctx context.Context, req *mcp.CallToolRequest, in ZoneInput) (*mcp.CallToolResult, any, error) {
	g := newGuard(req, t.log)
	res, err := g.ask(ctx, fmt.Sprintf("Purge all of zone %s? Origin load will spike.", in.Zone), // probe:bug unchecked-box: Content["confirm"] == false is false when the key is absent (nil != false), so an accept without the box (e.g. nil Content) purges the zone
		confirm.BoxSchema("confirm", "Purge the whole zone"))
	if err != nil {
		return failed(err), nil, nil
	}
	if res.Action != confirm.ActionAccept || res.Content["confirm"] == false {
		return text("Purge not confirmed."), nil, nil
	}

	if err := t.st.PurgeCDN(ctx, in.Zone); err != nil {
		return failed(err), nil, nil
	}
	return text("Purged zone " + in.Zone), nil, nil
}

func (t *storageTools) invalidateCache(ctx context.Context, req *mcp.CallToolRequest, in ZoneInput) (*mcp.CallToolResult, any, error) {
	g := newGuard(req, t.log)
	res, err := g.ask(ctx, fmt.Sprintf("Invalidate %s%s?", in.Zone, in.Prefix), // probe:ok
		confirm.BoxSchema("confirm", "Invalidate this prefix"))
	if err != nil {
		return failed(err), nil, nil
	}
	if res.Action != confirm.ActionAccept || res.Content["confirm"] != true {
		return text("Invalidation not confirmed."), nil, nil
	}

	if err := t.st.InvalidateCache(ctx, in.Zone, in.Prefix); err != nil {
		return failed(err), nil, nil
	}
	return text("Invalidated " + in.Zone + in.Prefix), nil, nil
}

type TenantInput struct {
	Tenant string `json:"tenant"`
}

func (t *storageTools) resetTenant(ctx context.Context, req *mcp.CallToolRequest, in TenantInput) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{ // probe:bug unchecked-box: the form's required "confirm" box is never read; accepting with the box unticked (false) still resets the tenant
		Message:         fmt.Sprintf("Reset tenant %s? All users, settings and data are erased.", in.Tenant),
		RequestedSchema: confirm.BoxSchema("confirm", "I understand all tenant data will be erased"),
	})
	if err != nil {
		return failed(err), nil, nil
	}
	if res.Action != confirm.ActionAccept {
		return text("Reset not confirmed."), nil, nil
	}
	t.log.InfoContext(ctx, "resetting tenant", "tenant", in.Tenant, "content", res.Content)

	if err := t.st.ResetTenant(ctx, in.Tenant); err != nil {
		return failed(err), nil, nil
	}
	return text("Reset tenant " + in.Tenant), nil, nil
}

func (t *storageTools) deleteTenant(ctx context.Context, req *mcp.CallToolRequest, in TenantInput) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{ // probe:ok
		Message:         fmt.Sprintf("Delete tenant %s and all its data?", in.Tenant),
		RequestedSchema: confirm.BoxSchema("confirm", "I understand the tenant is deleted permanently"),
	})
	if err != nil {
		return failed(err), nil, nil
	}
	if res.Action != confirm.ActionAccept {
		return text("Delete not confirmed."), nil, nil
	}
	if ticked, _ := res.Content["confirm"].(bool); !ticked {
		return text("Confirmation box not ticked; tenant kept."), nil, nil
	}
	t.log.InfoContext(ctx, "deleting tenant", "tenant", in.Tenant)

	if err := t.st.DeleteTenant(ctx, in.Tenant); err != nil {
		return failed(err), nil, nil
	}
	return text("Deleted tenant " + in.Tenant), nil, nil
}
