// Package elicitx implements the approval contracts on top of MCP
// elicitation (elicitation/create).
package elicitx

import (
	"context"
	"fmt"
	"log/slog"
	"sort"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/recall/d/internal/approval"
)

// Elicitor implements approval.Confirmer and approval.Approver.
type Elicitor struct {
	timeout time.Duration
	logger  *slog.Logger
	title   string
}

var (
	_ approval.Confirmer = (*Elicitor)(nil)
	_ approval.Approver  = (*Elicitor)(nil)
)

// Option configures an Elicitor.
type Option func(*Elicitor)

// WithTimeout bounds how long the operator has to answer.
func WithTimeout(d time.Duration) Option { return func(e *Elicitor) { e.timeout = d } }

// WithLogger sets the logger.
func WithLogger(l *slog.Logger) Option { return func(e *Elicitor) { e.logger = l } }

// WithTitle prefixes every prompt with a product title.
func WithTitle(t string) Option { return func(e *Elicitor) { e.title = t } }

// New returns an Elicitor with a two minute default timeout.
func New(opts ...Option) *Elicitor {
	e := &Elicitor{timeout: 2 * time.Minute, logger: slog.Default()}
	for _, o := range opts {
		o(e)
	}
	return e
}

// SupportsElicitation reports whether the client advertised elicitation.
func SupportsElicitation(ss *mcp.ServerSession) bool {
	if ss == nil {
		return false
	}
	ip := ss.InitializeParams()
	return ip != nil && ip.Capabilities != nil && ip.Capabilities.Elicitation != nil
}

// Confirm asks a yes/no question with a confirm checkbox.
func (e *Elicitor) Confirm(ctx context.Context, ss *mcp.ServerSession, message string) (bool, error) {
	d, err := e.Approve(ctx, ss, approval.Prompt{Message: message, Checkbox: true})
	if err != nil {
		return false, err
	}
	return d.Approved(), nil
}

// Approve presents p and converts the result into a Decision.
func (e *Elicitor) Approve(ctx context.Context, ss *mcp.ServerSession, p approval.Prompt) (approval.Decision, error) {
	if ss == nil {
		return approval.Decision{}, approval.ErrNoSession
	}
	if !SupportsElicitation(ss) {
		return approval.Decision{}, approval.ErrUnsupported
	}
	msg := p.Message
	if e.title != "" {
		msg = e.title + ": " + msg
	}
	params := &mcp.ElicitParams{Message: msg, RequestedSchema: SchemaFor(p)}
	return approval.WithTimeout(ctx, e.timeout, func(ctx context.Context) (approval.Decision, error) {
		res, err := ss.Elicit(ctx, params)
		if err != nil {
			return approval.Decision{}, fmt.Errorf("elicit: %w", err)
		}
		d := DecisionFrom(res, p)
		e.logger.DebugContext(ctx, "elicitation answered", "decision", d.String())
		return d, nil
	})
}

// DecisionFrom maps an ElicitResult onto a Decision for prompt p.
func DecisionFrom(res *mcp.ElicitResult, p approval.Prompt) approval.Decision {
	if res == nil {
		return approval.Decision{}
	}
	d := approval.Decision{Action: res.Action, Values: res.Content}
	if res.Action != approval.ActionAccept {
		return d
	}
	if p.Checkbox {
		v, _ := res.Content[approval.ConfirmField].(bool)
		d.Confirmed = v
	} else {
		d.Confirmed = true
	}
	return d
}

// SchemaFor builds the flat form schema for a prompt.
func SchemaFor(p approval.Prompt) *jsonschema.Schema {
	s := &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{}}
	if p.Checkbox {
		s.Properties[approval.ConfirmField] = &jsonschema.Schema{
			Type:        "boolean",
			Description: "Tick to confirm",
		}
	}
	names := make([]string, 0, len(p.Fields))
	for name := range p.Fields {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		s.Properties[name] = &jsonschema.Schema{Type: "string", Description: p.Fields[name]}
	}
	return s
}
