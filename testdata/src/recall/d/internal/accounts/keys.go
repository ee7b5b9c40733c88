package accounts

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/recall/d/internal/approval"
)

// KeyInput names a credential.
type KeyInput struct {
	ID string `json:"id" jsonschema:"key, endpoint or account id"`
}

// KeyOutput reports a credential change.
type KeyOutput struct {
	ID     string `json:"id"`
	NewID  string `json:"new_id,omitempty"`
	Status string `json:"status"`
}

// errNoConfirm is returned when a key tool was built without a confirmation
// function.
var errNoConfirm = errors.New("accounts: no confirmation function configured")

// KeyToolOption configures the signing-key and webhook-secret tools.
type KeyToolOption func(*keyToolConfig)

type keyToolConfig struct {
	confirm func(ctx context.Context, ss *mcp.ServerSession, message string) (bool, error)
	logger  *slog.Logger
}

// WithConfirmFunc sets the confirmation function.
func WithConfirmFunc(fn func(ctx context.Context, ss *mcp.ServerSession, message string) (bool, error)) KeyToolOption {
	return func(c *keyToolConfig) { c.confirm = fn }
}

// WithKeyLogger sets the logger.
func WithKeyLogger(l *slog.Logger) KeyToolOption { return func(c *keyToolConfig) { c.logger = l } }

func buildKeyConfig(opts []KeyToolOption) keyToolConfig {
	cfg := keyToolConfig{
		confirm: func(context.Context, *mcp.ServerSession, string) (bool, error) { return false, errNoConfirm },
		logger:  slog.Default(),
	}
	for _, o := range opts {
		o(&cfg)
	}
	return cfg
}

// SigningKeyTools rotates JWT signing keys.
type SigningKeyTools struct {
	keys    KeyStore
	confirm func(ctx context.Context, ss *mcp.ServerSession, message string) (bool, error)
	logger  *slog.Logger
}

// NewSigningKeyTools builds SigningKeyTools.
func NewSigningKeyTools(keys KeyStore, opts ...KeyToolOption) *SigningKeyTools {
	cfg := buildKeyConfig(opts)
	return &SigningKeyTools{keys: keys, confirm: cfg.confirm, logger: cfg.logger}
}

// Register adds rotate_signing_key.
func (t *SigningKeyTools) Register(srv *mcp.Server) {
	mcp.AddTool(srv, &mcp.Tool{Name: "rotate_signing_key", Description: "Rotate a JWT signing key; existing tokens become invalid"}, t.Rotate)
}

// Rotate rotates a signing key.
func (t *SigningKeyTools) Rotate(ctx context.Context, req *mcp.CallToolRequest, in KeyInput) (*mcp.CallToolResult, KeyOutput, error) {
	out := KeyOutput{ID: in.ID}
	ok, err := t.confirm(ctx, req.Session, fmt.Sprintf("Rotate signing key %s? All tokens signed with it become invalid.", in.ID)) // probe:bug unsupported-client-auto-approves: main wires this field with elicitx.NewConfirmFunc(elicitx.OnUnsupported(elicitx.Proceed)), which returns (true, nil) for clients without elicitation
	if err != nil {
		return nil, out, fmt.Errorf("rotate_signing_key: confirmation: %w", err)
	}
	if !ok {
		out.Status = "not_confirmed"
		return approval.Refused("rotation not confirmed"), out, nil
	}
	newID, err := t.keys.RotateSigningKey(ctx, in.ID)
	if err != nil {
		return nil, out, fmt.Errorf("rotate_signing_key: %w", err)
	}
	out.NewID, out.Status = newID, "rotated"
	return approval.Done("signing key rotated, new id %s", newID), out, nil
}

// WebhookSecretTools rotates webhook signing secrets.
type WebhookSecretTools struct {
	keys    KeyStore
	confirm func(ctx context.Context, ss *mcp.ServerSession, message string) (bool, error)
	logger  *slog.Logger
}

// NewWebhookSecretTools builds WebhookSecretTools.
func NewWebhookSecretTools(keys KeyStore, opts ...KeyToolOption) *WebhookSecretTools {
	cfg := buildKeyConfig(opts)
	return &WebhookSecretTools{keys: keys, confirm: cfg.confirm, logger: cfg.logger}
}

// Register adds rotate_webhook_secret.
func (t *WebhookSecretTools) Register(srv *mcp.Server) {
	mcp.AddTool(srv, &mcp.Tool{Name: "rotate_webhook_secret", Description: "Rotate a webhook endpoint secret; receivers must update"}, t.Rotate)
}

// Rotate rotates a webhook secret.
func (t *WebhookSecretTools) Rotate(ctx context.Context, req *mcp.CallToolRequest, in KeyInput) (*mcp.CallToolResult, KeyOutput, error) {
	out := KeyOutput{ID: in.ID}
	ok, err := t.confirm(ctx, req.Session, fmt.Sprintf("Rotate the secret of webhook endpoint %s? Receivers will reject events until updated.", in.ID)) // probe:ok
	if err != nil {
		return nil, out, fmt.Errorf("rotate_webhook_secret: confirmation: %w", err)
	}
	if !ok {
		out.Status = "not_confirmed"
		return approval.Refused("rotation not confirmed"), out, nil
	}
	newID, err := t.keys.RotateWebhookSecret(ctx, in.ID)
	if err != nil {
		return nil, out, fmt.Errorf("rotate_webhook_secret: %w", err)
	}
	out.NewID, out.Status = newID, "rotated"
	return approval.Done("webhook secret rotated"), out, nil
}

// APIKeyTools deletes API keys.
type APIKeyTools struct {
	keys      KeyStore
	confirmer approval.Confirmer
}

// NewAPIKeyTools builds APIKeyTools.
func NewAPIKeyTools(keys KeyStore, c approval.Confirmer) *APIKeyTools {
	return &APIKeyTools{keys: keys, confirmer: c}
}

// Register adds delete_api_key.
func (t *APIKeyTools) Register(srv *mcp.Server) {
	mcp.AddTool(srv, &mcp.Tool{Name: "delete_api_key", Description: "Delete an API key"}, t.Delete)
}

// Delete deletes an API key.
func (t *APIKeyTools) Delete(ctx context.Context, req *mcp.CallToolRequest, in KeyInput) (*mcp.CallToolResult, KeyOutput, error) {
	out := KeyOutput{ID: in.ID}
	ok, err := t.confirmer.Confirm(ctx, req.Session, fmt.Sprintf("Delete API key %s? Clients using it will get 401.", in.ID)) // probe:bug impl-maps-cancel-to-true: main wires elicitx.LegacyConfirmer, whose Confirm returns Action != "decline", so a cancelled/dismissed prompt yields ok == true
	if err != nil {
		return nil, out, fmt.Errorf("delete_api_key: confirmation: %w", err)
	}
	if !ok {
		out.Status = "not_confirmed"
		return approval.Refused("deletion not confirmed"), out, nil
	}
	if err := t.keys.DeleteAPIKey(ctx, in.ID); err != nil {
		return nil, out, fmt.Errorf("delete_api_key: %w", err)
	}
	out.Status = "deleted"
	return approval.Done("API key %s deleted", in.ID), out, nil
}

// ServiceAccountTools deletes service accounts.
type ServiceAccountTools struct {
	keys      KeyStore
	confirmer approval.Confirmer
}

// NewServiceAccountTools builds ServiceAccountTools.
func NewServiceAccountTools(keys KeyStore, c approval.Confirmer) *ServiceAccountTools {
	return &ServiceAccountTools{keys: keys, confirmer: c}
}

// Register adds delete_service_account.
func (t *ServiceAccountTools) Register(srv *mcp.Server) {
	mcp.AddTool(srv, &mcp.Tool{Name: "delete_service_account", Description: "Delete a service account and its keys"}, t.Delete)
}

// Delete deletes a service account.
func (t *ServiceAccountTools) Delete(ctx context.Context, req *mcp.CallToolRequest, in KeyInput) (*mcp.CallToolResult, KeyOutput, error) {
	out := KeyOutput{ID: in.ID}
	ok, err := t.confirmer.Confirm(ctx, req.Session, fmt.Sprintf("Delete service account %s and all of its keys?", in.ID)) // probe:ok
	if err != nil {
		return nil, out, fmt.Errorf("delete_service_account: confirmation: %w", err)
	}
	if !ok {
		out.Status = "not_confirmed"
		return approval.Refused("deletion not confirmed"), out, nil
	}
	if err := t.keys.DeleteServiceAccount(ctx, in.ID); err != nil {
		return nil, out, fmt.Errorf("delete_service_account: %w", err)
	}
	out.Status = "deleted"
	return approval.Done("service account %s deleted", in.ID), out, nil
}
