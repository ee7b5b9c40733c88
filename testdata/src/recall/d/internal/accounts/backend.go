// Package accounts exposes billing, identity and credential tools.
package accounts

import (
	"context"
	"errors"
	"fmt"
	"sync"
)

// ErrInsufficientFunds is returned by Ledger.Transfer.
var ErrInsufficientFunds = errors.New("accounts: insufficient funds")

// Ledger moves money.
type Ledger interface {
	Transfer(ctx context.Context, from, to string, cents int64) (string, error)
	SchedulePayout(ctx context.Context, account string, cents int64) (string, error)
	Refund(ctx context.Context, chargeID string, cents int64) (string, error)
	VoidInvoice(ctx context.Context, invoiceID string) error
	CancelSubscription(ctx context.Context, subID string, immediately bool) error
	DowngradePlan(ctx context.Context, subID, plan string) error
	CloseAccount(ctx context.Context, accountID string) error
}

// Directory manages users and organizations.
type Directory interface {
	RevokeTokens(ctx context.Context, userID string) (int, error)
	RevokeSessions(ctx context.Context, userID string) (int, error)
	DeleteUser(ctx context.Context, userID string) error
	EraseUserData(ctx context.Context, userID string) error
	ResetMFA(ctx context.Context, userID string) error
	UnlinkSSO(ctx context.Context, userID string) error
	DeleteOrganization(ctx context.Context, orgID string) error
}

// KeyStore manages credentials.
type KeyStore interface {
	RotateSigningKey(ctx context.Context, keyID string) (string, error)
	RotateWebhookSecret(ctx context.Context, endpointID string) (string, error)
	DeleteAPIKey(ctx context.Context, keyID string) error
	DeleteServiceAccount(ctx context.Context, accountID string) error
}

// Mem is an in-memory implementation of all three stores.
type Mem struct {
	mu       sync.Mutex
	balances map[string]int64
	events   []string
}

var (
	_ Ledger    = (*Mem)(nil)
	_ Directory = (*Mem)(nil)
	_ KeyStore  = (*Mem)(nil)
)

// NewMem returns a Mem with a couple of seeded accounts.
func NewMem() *Mem {
	return &Mem{balances: map[string]int64{"acct_ops": 10_000_00, "acct_treasury": 1_000_000_00}}
}

func (m *Mem) event(format string, args ...any) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.events = append(m.events, fmt.Sprintf(format, args...))
}

func (m *Mem) Transfer(_ context.Context, from, to string, cents int64) (string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.balances[from] < cents {
		return "", fmt.Errorf("transfer from %s: %w", from, ErrInsufficientFunds)
	}
	m.balances[from] -= cents
	m.balances[to] += cents
	return fmt.Sprintf("tr_%s_%s_%d", from, to, cents), nil
}

func (m *Mem) SchedulePayout(_ context.Context, account string, cents int64) (string, error) {
	m.event("payout %s %d", account, cents)
	return "po_" + account, nil
}

func (m *Mem) Refund(_ context.Context, chargeID string, cents int64) (string, error) {
	m.event("refund %s %d", chargeID, cents)
	return "re_" + chargeID, nil
}

func (m *Mem) VoidInvoice(_ context.Context, invoiceID string) error {
	m.event("void %s", invoiceID)
	return nil
}

func (m *Mem) CancelSubscription(_ context.Context, subID string, immediately bool) error {
	m.event("cancel %s immediately=%t", subID, immediately)
	return nil
}

func (m *Mem) DowngradePlan(_ context.Context, subID, plan string) error {
	m.event("downgrade %s to %s", subID, plan)
	return nil
}

func (m *Mem) CloseAccount(_ context.Context, accountID string) error {
	m.event("close %s", accountID)
	return nil
}

func (m *Mem) RevokeTokens(_ context.Context, userID string) (int, error) {
	m.event("revoke tokens %s", userID)
	return 7, nil
}

func (m *Mem) RevokeSessions(_ context.Context, userID string) (int, error) {
	m.event("revoke sessions %s", userID)
	return 3, nil
}

func (m *Mem) DeleteUser(_ context.Context, userID string) error {
	m.event("delete user %s", userID)
	return nil
}

func (m *Mem) EraseUserData(_ context.Context, userID string) error {
	m.event("erase user %s", userID)
	return nil
}

func (m *Mem) ResetMFA(_ context.Context, userID string) error {
	m.event("reset mfa %s", userID)
	return nil
}

func (m *Mem) UnlinkSSO(_ context.Context, userID string) error {
	m.event("unlink sso %s", userID)
	return nil
}

func (m *Mem) DeleteOrganization(_ context.Context, orgID string) error {
	m.event("delete org %s", orgID)
	return nil
}

func (m *Mem) RotateSigningKey(_ context.Context, keyID string) (string, error) {
	m.event("rotate signing %s", keyID)
	return keyID + "-v2", nil
}

func (m *Mem) RotateWebhookSecret(_ context.Context, endpointID string) (string, error) {
	m.event("rotate webhook %s", endpointID)
	return "whsec_new", nil
}

func (m *Mem) DeleteAPIKey(_ context.Context, keyID string) error {
	m.event("delete api key %s", keyID)
	return nil
}

func (m *Mem) DeleteServiceAccount(_ context.Context, accountID string) error {
	m.event("delete sa %s", accountID)
	return nil
}
