package deploy

import (
	"context"
	"errors"
	"fmt"
	"log"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/recall/b/internal/confirm"
)

type MigrateIn struct {
	Database string `json:"database"`
	Target   string `json:"target" jsonschema:"migration version to move to"`
}

const (
	keyMigrateConfirm  = "confirm_migration"
	keyMigrateRoots    = "migration_roots"
	keyBackfillConfirm = "confirm_backfill"
	keyBackfillRoots   = "backfill_roots"
)

func migrateState(in MigrateIn, step string) string {
	return "migrate:" + in.Database + ":" + in.Target + ":" + step
}

func backfillState(in MigrateIn, step string) string {
	return "backfill:" + in.Database + ":" + in.Target + ":" + step
}

// step decodes the signed RequestState; an empty state is the first round.
func (d *Deployer) step(req *mcp.CallToolRequest) (string, error) {
	if req.Params.RequestState == "" {
		return "", nil
	}
	payload, ok := d.signer.Verify(req.Params.RequestState)
	if !ok {
		return "", errors.New("invalid or tampered requestState")
	}
	return payload, nil
}

func rootsRequest(key string) mcp.InputRequestMap {
	return mcp.InputRequestMap{key: &mcp.ListRootsParams{}}
}

func migrationsDir(req *mcp.CallToolRequest, key string) (string, bool) {
	rr, ok := req.Params.InputResponses[key].(*mcp.ListRootsResult)
	if !ok || rr == nil {
		return "", false
	}
	for _, r := range rr.Roots {
		if strings.HasSuffix(r.URI, "/migrations") {
			return strings.TrimPrefix(r.URI, "file://"), true
		}
	}
	return "", false
}

// MigrateSchema applies schema migrations. Round 1 asks the user to confirm;
// round 2 asks the client for its roots to locate the migration files;
// then the migration runs.
func (d *Deployer) MigrateSchema(ctx context.Context, req *mcp.CallToolRequest, in MigrateIn) (*mcp.CallToolResult, any, error) {
	step, err := d.step(req)
	if err != nil {
		return nil, nil, err
	}
	askConfirm := confirm.Ask(keyMigrateConfirm,
		fmt.Sprintf("Migrate %s to %s? Tables will be locked while it runs.", in.Database, in.Target),
		confirm.Schema(), d.signer.Sign(migrateState(in, "confirm")))

	switch step {
	case "":
		return askConfirm, nil, nil
	case migrateState(in, "confirm"):
		if _, ok := confirm.Lookup(req, keyMigrateConfirm); !ok { // probe:bug state-advance-on-decline: round 1 only checks that an answer arrived, so a decline still advances to the roots round and the migration runs
			return askConfirm, nil, nil
		}
		return &mcp.CallToolResult{
			InputRequests: rootsRequest(keyMigrateRoots),
			RequestState:  d.signer.Sign(migrateState(in, "roots")),
		}, nil, nil
	case migrateState(in, "roots"):
		dir, ok := migrationsDir(req, keyMigrateRoots)
		if !ok {
			return nil, nil, errors.New("client exposes no migrations directory")
		}
		log.Printf("migrating %s to %s from %s", in.Database, in.Target, dir)
		return confirm.Text("Migrated %s to %s.", in.Database, in.Target), nil, nil
	}
	return nil, nil, fmt.Errorf("unexpected state %q", step)
}

// Backfill rewrites a column for every row. Same two-round flow as
// MigrateSchema.
func (d *Deployer) Backfill(ctx context.Context, req *mcp.CallToolRequest, in MigrateIn) (*mcp.CallToolResult, any, error) {
	step, err := d.step(req)
	if err != nil {
		return nil, nil, err
	}
	askConfirm := confirm.Ask(keyBackfillConfirm,
		fmt.Sprintf("Run backfill %s on %s? Every row will be rewritten.", in.Target, in.Database),
		confirm.Schema(), d.signer.Sign(backfillState(in, "confirm")))

	switch step {
	case "":
		return askConfirm, nil, nil
	case backfillState(in, "confirm"):
		er, ok := confirm.Lookup(req, keyBackfillConfirm) // probe:ok
		if !ok {
			return askConfirm, nil, nil
		}
		if ticked, _ := er.Content["confirm"].(bool); er.Action != confirm.ActionAccept || !ticked {
			return confirm.Stopped("Backfill"), nil, nil
		}
		return &mcp.CallToolResult{
			InputRequests: rootsRequest(keyBackfillRoots),
			RequestState:  d.signer.Sign(backfillState(in, "roots")),
		}, nil, nil
	case backfillState(in, "roots"):
		dir, ok := migrationsDir(req, keyBackfillRoots)
		if !ok {
			return nil, nil, errors.New("client exposes no migrations directory")
		}
		log.Printf("backfilling %s with %s from %s", in.Database, in.Target, dir)
		return confirm.Text("Backfilled %s.", in.Database), nil, nil
	}
	return nil, nil, fmt.Errorf("unexpected state %q", step)
}

type CacheIn struct {
	Env    string `json:"env"`
	Prefix string `json:"prefix,omitempty"`
}

const (
	keyFlushCache = "confirm_flush_cache"
	keyPurgeCDN   = "confirm_purge_cdn"
)

// FlushCache empties the shared application cache.
func (d *Deployer) FlushCache(ctx context.Context, req *mcp.CallToolRequest, in CacheIn) (*mcp.CallToolResult, any, error) {
	confirmed, err := confirm.Check(req, keyFlushCache, "confirm") // probe:bug decode-error-proceeds: an unreadable/malformed confirm field is only logged and the switch falls through to the flush
	switch {
	case errors.Is(err, confirm.ErrNoAnswer):
		return confirm.Ask(keyFlushCache, "Flush the "+in.Env+" cache? Expect a load spike.", confirm.Schema(), ""), nil, nil
	case err != nil:
		log.Printf("flush_cache: unreadable confirmation: %v", err)
	case !confirmed:
		return confirm.Stopped("Cache flush"), nil, nil
	}
	log.Printf("flushing %s cache prefix=%q", in.Env, in.Prefix)
	return confirm.Text("Flushed %s cache.", in.Env), nil, nil
}

// PurgeCDN invalidates every CDN object under a prefix.
func (d *Deployer) PurgeCDN(ctx context.Context, req *mcp.CallToolRequest, in CacheIn) (*mcp.CallToolResult, any, error) {
	confirmed, err := confirm.Check(req, keyPurgeCDN, "confirm") // probe:ok
	switch {
	case errors.Is(err, confirm.ErrNoAnswer):
		return confirm.Ask(keyPurgeCDN, "Purge CDN objects under "+in.Prefix+"?", confirm.Schema(), ""), nil, nil
	case err != nil:
		log.Printf("purge_cdn: unreadable confirmation: %v", err)
		return nil, nil, fmt.Errorf("purge_cdn: could not read confirmation: %w", err)
	case !confirmed:
		return confirm.Stopped("CDN purge"), nil, nil
	}
	log.Printf("purging CDN %s prefix=%q", in.Env, in.Prefix)
	return confirm.Text("Purged CDN prefix %s.", in.Prefix), nil, nil
}

func (d *Deployer) registerMigrations(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "migrate_schema", Description: "Apply schema migrations."}, d.MigrateSchema)
	mcp.AddTool(s, &mcp.Tool{Name: "backfill_column", Description: "Rewrite a column for every row."}, d.Backfill)
	mcp.AddTool(s, &mcp.Tool{Name: "flush_cache", Description: "Flush the application cache."}, d.FlushCache)
	mcp.AddTool(s, &mcp.Tool{Name: "purge_cdn", Description: "Invalidate CDN objects."}, d.PurgeCDN)
}
