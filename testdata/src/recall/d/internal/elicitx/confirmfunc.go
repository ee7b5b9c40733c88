package elicitx

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/recall/d/internal/approval"
)

// UnsupportedPolicy says what a ConfirmFunc does for clients that cannot
// elicit.
type UnsupportedPolicy int

const (
	// Refuse returns approval.ErrUnsupported (default).
	Refuse UnsupportedPolicy = iota
	// Proceed treats the operation as confirmed so that headless clients keep
	// working.
	Proceed
)

// ConfirmFunc is the function-valued form of approval.Confirmer used by
// handlers that keep their confirmation step in a struct field.
type ConfirmFunc func(ctx context.Context, ss *mcp.ServerSession, message string) (bool, error)

type funcConfig struct {
	policy UnsupportedPolicy
	logger *slog.Logger
	inner  approval.Confirmer
}

// FuncOption configures NewConfirmFunc.
type FuncOption func(*funcConfig)

// OnUnsupported sets the policy for clients without elicitation.
func OnUnsupported(p UnsupportedPolicy) FuncOption { return func(c *funcConfig) { c.policy = p } }

// WithConfirmer overrides the underlying confirmer.
func WithConfirmer(c approval.Confirmer) FuncOption { return func(fc *funcConfig) { fc.inner = c } }

// NewConfirmFunc returns a ConfirmFunc backed by an Elicitor.
func NewConfirmFunc(opts ...FuncOption) ConfirmFunc {
	cfg := funcConfig{policy: Refuse, logger: slog.Default()}
	for _, o := range opts {
		o(&cfg)
	}
	if cfg.inner == nil {
		cfg.inner = New(WithLogger(cfg.logger))
	}
	return func(ctx context.Context, ss *mcp.ServerSession, message string) (bool, error) {
		if !SupportsElicitation(ss) {
			if cfg.policy == Proceed {
				cfg.logger.WarnContext(ctx, "client cannot elicit; proceeding without confirmation")
				return true, nil
			}
			return false, fmt.Errorf("confirm %q: %w", message, approval.ErrUnsupported)
		}
		return cfg.inner.Confirm(ctx, ss, message)
	}
}
