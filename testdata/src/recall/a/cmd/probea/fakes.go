package main

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
)

// fakeBackend stands in for the real services when running locally.
type fakeBackend struct {
	log *slog.Logger
}

var errDryRun = errors.New("dry run: backend not configured")

func (f *fakeBackend) note(ctx context.Context, op string, args ...any) {
	f.log.InfoContext(ctx, "dry run", append([]any{"op", op}, args...)...)
}

// dbtools

func (f *fakeBackend) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	f.note(ctx, "exec", "query", query)
	return nil, errDryRun
}

func (f *fakeBackend) Restore(ctx context.Context, snapshotID, targetDB string) error {
	f.note(ctx, "restore", "snapshot", snapshotID, "target", targetDB)
	return nil
}

// opstools

func (f *fakeBackend) Deploy(ctx context.Context, service, version, env string) error {
	f.note(ctx, "deploy", "service", service, "version", version, "env", env)
	return nil
}

func (f *fakeBackend) RotateKey(ctx context.Context, keyID string) (string, error) {
	f.note(ctx, "rotate", "key", keyID)
	return keyID + "/v2", nil
}

func (f *fakeBackend) RevokeTokens(ctx context.Context, subject string) (int, error) {
	f.note(ctx, "revoke", "subject", subject)
	return 0, nil
}

func (f *fakeBackend) PushRef(ctx context.Context, repo, ref, sha string, force bool) error {
	f.note(ctx, "push", "repo", repo, "ref", ref, "sha", sha, "force", force)
	return nil
}

func (f *fakeBackend) DeleteRef(ctx context.Context, repo, ref string) error {
	f.note(ctx, "delete-ref", "repo", repo, "ref", ref)
	return nil
}

func (f *fakeBackend) Drain(ctx context.Context, cluster string) error {
	f.note(ctx, "drain", "cluster", cluster)
	return nil
}

func (f *fakeBackend) Cordon(ctx context.Context, cluster string, nodes []string) error {
	f.note(ctx, "cordon", "cluster", cluster, "nodes", nodes)
	return nil
}

func (f *fakeBackend) Terminate(ctx context.Context, ids []string) error {
	f.note(ctx, "terminate", "ids", ids)
	return nil
}

func (f *fakeBackend) DeleteVolumes(ctx context.Context, ids []string) error {
	f.note(ctx, "delete-volumes", "ids", ids)
	return nil
}

func (f *fakeBackend) Record(ctx context.Context, op string, fields map[string]any, err error) {
	f.log.InfoContext(ctx, "audit", "op", op, "fields", fields, "err", err)
}

// paytools

func (f *fakeBackend) Pay(ctx context.Context, to string, cents int64, memo string) (string, error) {
	f.note(ctx, "pay", "to", to, "cents", cents, "memo", memo)
	return "tx_dry", nil
}

func (f *fakeBackend) Refund(ctx context.Context, chargeID string, cents int64) error {
	f.note(ctx, "refund", "charge", chargeID, "cents", cents)
	return nil
}

func (f *fakeBackend) Void(ctx context.Context, chargeID string) error {
	f.note(ctx, "void", "charge", chargeID)
	return nil
}

func (f *fakeBackend) Payout(ctx context.Context, accountID string, cents int64) (string, error) {
	f.note(ctx, "payout", "account", accountID, "cents", cents)
	return "po_dry", nil
}

func (f *fakeBackend) Transfer(ctx context.Context, from, to string, cents int64) (string, error) {
	f.note(ctx, "transfer", "from", from, "to", to, "cents", cents)
	return "tr_dry", nil
}

func (f *fakeBackend) SendCampaign(ctx context.Context, listID, templateID string) (int, error) {
	f.note(ctx, "campaign", "list", listID, "template", templateID)
	return 0, nil
}

// storage

func (f *fakeBackend) WipeBucket(ctx context.Context, bucket string) (int, error) {
	f.note(ctx, "wipe", "bucket", bucket)
	return 0, nil
}

func (f *fakeBackend) EmptyTrash(ctx context.Context, bucket string) (int, error) {
	f.note(ctx, "empty-trash", "bucket", bucket)
	return 0, nil
}

func (f *fakeBackend) PurgeCDN(ctx context.Context, zone string) error {
	f.note(ctx, "purge", "zone", zone)
	return nil
}

func (f *fakeBackend) InvalidateCache(ctx context.Context, zone, prefix string) error {
	f.note(ctx, "invalidate", "zone", zone, "prefix", prefix)
	return nil
}

func (f *fakeBackend) ResetTenant(ctx context.Context, tenant string) error {
	f.note(ctx, "reset-tenant", "tenant", tenant)
	return nil
}

func (f *fakeBackend) DeleteTenant(ctx context.Context, tenant string) error {
	f.note(ctx, "delete-tenant", "tenant", tenant)
	return fmt.Errorf("delete tenant %s: %w", tenant, errDryRun)
}
