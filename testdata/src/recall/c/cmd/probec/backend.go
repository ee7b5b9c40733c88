package main

import (
	"context"
	"fmt"
	"log/slog"
	"sync/atomic"
)

// fakeBackend stands in for the platform API in local runs.
type fakeBackend struct {
	log *slog.Logger
	seq atomic.Int64
}

func newFakeBackend(log *slog.Logger) *fakeBackend { return &fakeBackend{log: log} }

func (f *fakeBackend) do(ctx context.Context, op string, args ...any) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	f.log.Info("backend", append([]any{"op", op}, args...)...)
	return nil
}

func (f *fakeBackend) id(prefix string) string {
	return fmt.Sprintf("%s_%06d", prefix, f.seq.Add(1))
}

func (f *fakeBackend) DropDatabase(ctx context.Context, name string) error {
	return f.do(ctx, "drop_database", "db", name)
}
func (f *fakeBackend) DropSchema(ctx context.Context, db, schema string) error {
	return f.do(ctx, "drop_schema", "db", db, "schema", schema)
}
func (f *fakeBackend) DeployRelease(ctx context.Context, service, version string) error {
	return f.do(ctx, "deploy_release", "service", service, "version", version)
}
func (f *fakeBackend) RollbackRelease(ctx context.Context, service, version string) error {
	return f.do(ctx, "rollback_release", "service", service, "version", version)
}
func (f *fakeBackend) Transfer(ctx context.Context, from, to string, cents int64) (string, error) {
	return f.id("tx"), f.do(ctx, "transfer_funds", "from", from, "to", to, "cents", cents)
}
func (f *fakeBackend) Refund(ctx context.Context, paymentID string, cents int64) (string, error) {
	return f.id("re"), f.do(ctx, "refund_payment", "payment", paymentID, "cents", cents)
}
func (f *fakeBackend) SendCampaign(ctx context.Context, list, templateID string) (int, error) {
	return 1200, f.do(ctx, "send_bulk_email", "list", list, "template", templateID)
}
func (f *fakeBackend) SendSMSBlast(ctx context.Context, list, text string) (int, error) {
	return 300, f.do(ctx, "send_sms_blast", "list", list, "len", len(text))
}
func (f *fakeBackend) RotateAPIKeys(ctx context.Context, project string) error {
	return f.do(ctx, "rotate_api_keys", "project", project)
}
func (f *fakeBackend) RevokeAPIKey(ctx context.Context, project, keyID string) error {
	return f.do(ctx, "revoke_api_key", "project", project, "key", keyID)
}
func (f *fakeBackend) PurgeBucket(ctx context.Context, bucket string) (int, error) {
	return 42, f.do(ctx, "purge_bucket", "bucket", bucket)
}
func (f *fakeBackend) DeleteVolume(ctx context.Context, volume string) error {
	return f.do(ctx, "delete_volume", "volume", volume)
}
func (f *fakeBackend) DeleteUserAccount(ctx context.Context, userID string) error {
	return f.do(ctx, "delete_user_account", "user", userID)
}
func (f *fakeBackend) DeleteTeam(ctx context.Context, teamID string) error {
	return f.do(ctx, "delete_team", "team", teamID)
}
func (f *fakeBackend) FlushQueue(ctx context.Context, queue string) (int, error) {
	return 17, f.do(ctx, "flush_queue", "queue", queue)
}
func (f *fakeBackend) PurgeDeadLetters(ctx context.Context, queue string) (int, error) {
	return 3, f.do(ctx, "purge_dead_letters", "queue", queue)
}
func (f *fakeBackend) DeployService(ctx context.Context, service, env string) error {
	return f.do(ctx, "deploy_service", "service", service, "env", env)
}
func (f *fakeBackend) RestartCluster(ctx context.Context, cluster string) error {
	return f.do(ctx, "restart_cluster", "cluster", cluster)
}
func (f *fakeBackend) DropTable(ctx context.Context, db, table string) error {
	return f.do(ctx, "drop_table", "db", db, "table", table)
}
func (f *fakeBackend) TruncateTable(ctx context.Context, db, table string) error {
	return f.do(ctx, "truncate_table", "db", db, "table", table)
}
func (f *fakeBackend) WireTransfer(ctx context.Context, account, iban string, cents int64) (string, error) {
	return f.id("wire"), f.do(ctx, "wire_transfer", "account", account, "iban", iban, "cents", cents)
}
func (f *fakeBackend) PayoutVendor(ctx context.Context, vendorID string, cents int64) (string, error) {
	return f.id("po"), f.do(ctx, "payout_vendor", "vendor", vendorID, "cents", cents)
}
func (f *fakeBackend) SendNewsletter(ctx context.Context, issue string) (int, error) {
	return 5400, f.do(ctx, "send_newsletter", "issue", issue)
}
func (f *fakeBackend) SendInvoiceReminders(ctx context.Context, segment string) (int, error) {
	return 88, f.do(ctx, "send_invoice_reminders", "segment", segment)
}
func (f *fakeBackend) RevokeSessions(ctx context.Context, tenant string) (int, error) {
	return 950, f.do(ctx, "revoke_sessions", "tenant", tenant)
}
func (f *fakeBackend) ResetMFA(ctx context.Context, tenant string) (int, error) {
	return 950, f.do(ctx, "reset_mfa", "tenant", tenant)
}
func (f *fakeBackend) DeleteRepository(ctx context.Context, repo string) error {
	return f.do(ctx, "delete_repository", "repo", repo)
}
func (f *fakeBackend) DeleteOrganization(ctx context.Context, org string) error {
	return f.do(ctx, "delete_organization", "org", org)
}
func (f *fakeBackend) RotateSigningKey(ctx context.Context, keyID string) (string, error) {
	return f.id("sk"), f.do(ctx, "rotate_signing_key", "key", keyID)
}
func (f *fakeBackend) RotateWebhookSecret(ctx context.Context, hookID string) (string, error) {
	return f.id("whsec"), f.do(ctx, "rotate_webhook_secret", "hook", hookID)
}
