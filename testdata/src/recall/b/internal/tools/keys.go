package tools

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/recall/b/internal/confirm"
)

// KeyService manages signing keys, API keys and tenants.
type KeyService struct {
	Log *slog.Logger
	// kms is the backend; nil in the demo binary.
	kms interface {
		Rotate(ctx context.Context, keyID string) (string, error)
	}
}

const (
	keyRotate        = "confirm_rotate"
	keyRevoke        = "confirm_revoke"
	keyWipeTenant    = "confirm_wipe_tenant"
	keyArchiveTenant = "confirm_archive_tenant"
	keyDisableMFA    = "confirm_disable_mfa"
	keyResetSecrets  = "confirm_reset_secrets"
	statePending     = "pending"
)

type KeyIn struct {
	KeyID string `json:"keyId"`
}

type KeyOut struct {
	KeyID    string `json:"keyId"`
	NewKeyID string `json:"newKeyId,omitempty"`
	Status   string `json:"status"`
}

type TenantIn struct {
	Tenant string `json:"tenant"`
}

func (k *KeyService) rotate(ctx context.Context, id string) (string, error) {
	if k.kms == nil {
		return id + "-v2", nil
	}
	return k.kms.Rotate(ctx, id)
}

// RotateSigningKey replaces the active signing key; tokens signed with the
// old key stop validating.
func (k *KeyService) RotateSigningKey(ctx context.Context, req *mcp.CallToolRequest, in KeyIn) (*mcp.CallToolResult, KeyOut, error) {
	if req.Params.RequestState == "" {
		return confirm.Ask(keyRotate,
			fmt.Sprintf("Rotate signing key %s? Existing sessions will be logged out.", in.KeyID),
			nil, statePending), KeyOut{}, nil
	}
	er, _ := confirm.Lookup(req, keyRotate) // probe:bug missing-answer: Declined(nil) is false, so a retry without this answer rotates the key
	if confirm.Declined(er) {
		return confirm.Stopped("Key rotation"), KeyOut{KeyID: in.KeyID, Status: "unchanged"}, nil
	}
	newID, err := k.rotate(ctx, in.KeyID)
	if err != nil {
		return nil, KeyOut{}, err
	}
	k.Log.Info("rotated signing key", "old", in.KeyID, "new", newID)
	return nil, KeyOut{KeyID: in.KeyID, NewKeyID: newID, Status: "rotated"}, nil
}

// RevokeAPIKey revokes a customer API key.
func (k *KeyService) RevokeAPIKey(ctx context.Context, req *mcp.CallToolRequest, in KeyIn) (*mcp.CallToolResult, KeyOut, error) {
	ask := confirm.Ask(keyRevoke,
		fmt.Sprintf("Revoke API key %s? Integrations using it will fail immediately.", in.KeyID),
		nil, statePending)
	if req.Params.RequestState == "" {
		return ask, KeyOut{}, nil
	}
	er, ok := confirm.Lookup(req, keyRevoke) // probe:ok
	if !ok {
		return ask, KeyOut{}, nil
	}
	if !confirm.Accepted(er) {
		return confirm.Stopped("Key revocation"), KeyOut{KeyID: in.KeyID, Status: "unchanged"}, nil
	}
	k.Log.Info("revoked api key", "key", in.KeyID)
	return nil, KeyOut{KeyID: in.KeyID, Status: "revoked"}, nil
}

// WipeTenant deletes all data belonging to a tenant.
func (k *KeyService) WipeTenant(ctx context.Context, req *mcp.CallToolRequest, in TenantIn) (*mcp.CallToolResult, any, error) {
	switch confirm.Decide(req, keyWipeTenant) { // probe:bug missing-answer: Unanswered on a retry (state already set) breaks out of the switch and wipes the tenant
	case confirm.Rejected:
		return confirm.Stopped("Tenant wipe"), nil, nil
	case confirm.Unanswered:
		if req.Params.RequestState != "" {
			// Already prompted on an earlier round; don't loop the user.
			break
		}
		return confirm.Ask(keyWipeTenant, "Delete ALL data for tenant "+in.Tenant+"?", nil, statePending), nil, nil
	}
	k.Log.Warn("wiping tenant", "tenant", in.Tenant)
	return confirm.Text("Tenant %s wiped.", in.Tenant), nil, nil
}

// ArchiveTenant moves a tenant to cold storage and disables its logins.
func (k *KeyService) ArchiveTenant(ctx context.Context, req *mcp.CallToolRequest, in TenantIn) (*mcp.CallToolResult, any, error) {
	switch confirm.Decide(req, keyArchiveTenant) { // probe:ok
	case confirm.Approved:
	case confirm.Unanswered:
		return confirm.Ask(keyArchiveTenant, "Archive tenant "+in.Tenant+" and disable its logins?", nil, statePending), nil, nil
	default:
		return confirm.Stopped("Tenant archive"), nil, nil
	}
	k.Log.Warn("archiving tenant", "tenant", in.Tenant)
	return confirm.Text("Tenant %s archived.", in.Tenant), nil, nil
}

type AccountIn struct {
	Account string `json:"account"`
}

// DisableMFA turns off multi-factor auth for an account (support flow).
func (k *KeyService) DisableMFA(ctx context.Context, req *mcp.CallToolRequest, in AccountIn) (*mcp.CallToolResult, any, error) {
	er, ok := confirm.Lookup(req, keyDisableMFA) // probe:bug confirm-box-missing: an accepted form without a boolean "confirm" field passes the comma-ok check
	if !ok {
		return confirm.Ask(keyDisableMFA, "Disable MFA for "+in.Account+"?", confirm.Schema("ticket"), ""), nil, nil
	}
	if er.Action != confirm.ActionAccept {
		return confirm.Stopped("Disabling MFA"), nil, nil
	}
	if ticked, isBool := er.Content["confirm"].(bool); isBool && !ticked {
		return confirm.Stopped("Disabling MFA"), nil, nil
	}
	ticket, _ := er.Content["ticket"].(string)
	k.Log.Warn("mfa disabled", "account", in.Account, "ticket", ticket)
	return confirm.Text("MFA disabled for %s.", in.Account), nil, nil
}

// ResetSecrets regenerates every client secret of an account.
func (k *KeyService) ResetSecrets(ctx context.Context, req *mcp.CallToolRequest, in AccountIn) (*mcp.CallToolResult, any, error) {
	er, ok := confirm.Lookup(req, keyResetSecrets) // probe:ok
	if !ok {
		return confirm.Ask(keyResetSecrets, "Regenerate all client secrets for "+in.Account+"?", confirm.Schema("ticket"), ""), nil, nil
	}
	if er.Action != confirm.ActionAccept {
		return confirm.Stopped("Secret reset"), nil, nil
	}
	if ticked, isBool := er.Content["confirm"].(bool); !isBool || !ticked {
		return confirm.Stopped("Secret reset"), nil, nil
	}
	ticket, _ := er.Content["ticket"].(string)
	k.Log.Warn("secrets reset", "account", in.Account, "ticket", ticket)
	return confirm.Text("Client secrets regenerated for %s.", in.Account), nil, nil
}

// RegisterKeys adds the credential tools to s, using method values.
func RegisterKeys(s *mcp.Server, k *KeyService) {
	destructive := &mcp.ToolAnnotations{DestructiveHint: ptr(true)}
	mcp.AddTool(s, &mcp.Tool{Name: "rotate_signing_key", Description: "Rotate a signing key.", Annotations: destructive}, k.RotateSigningKey)
	mcp.AddTool(s, &mcp.Tool{Name: "revoke_api_key", Description: "Revoke an API key.", Annotations: destructive}, k.RevokeAPIKey)
	mcp.AddTool(s, &mcp.Tool{Name: "wipe_tenant", Description: "Delete all tenant data.", Annotations: destructive}, k.WipeTenant)
	mcp.AddTool(s, &mcp.Tool{Name: "archive_tenant", Description: "Archive a tenant.", Annotations: destructive}, k.ArchiveTenant)
	mcp.AddTool(s, &mcp.Tool{Name: "disable_mfa", Description: "Disable MFA for an account.", Annotations: destructive}, k.DisableMFA)
	mcp.AddTool(s, &mcp.Tool{Name: "reset_client_secrets", Description: "Regenerate client secrets.", Annotations: destructive}, k.ResetSecrets)
}
