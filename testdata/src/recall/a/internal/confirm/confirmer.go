package confirm

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Confirmer binds the confirmation helpers to one server session.
type Confirmer struct {
	session *mcp.ServerSession
	logger  *slog.Logger
	box     string
}

// New returns a Confirmer for ss. A nil logger uses slog.Default.
func New(ss *mcp.ServerSession, logger *slog.Logger) *Confirmer {
	if logger == nil {
		logger = slog.Default()
	}
	return &Confirmer{session: ss, logger: logger, box: "confirm"}
}

func (c *Confirmer) params(message string) *mcp.ElicitParams {
	return &mcp.ElicitParams{
		Message:         message,
		RequestedSchema: BoxSchema(c.box, "I understand this cannot be undone"),
	}
}

// Confirm asks the user to tick the confirmation box.
//
// Headless clients (CI agents, older IDE plugins) do not advertise the
// elicitation capability; for those we keep the pre-elicitation behaviour so
// that existing automations do not break.
func (c *Confirmer) Confirm(ctx context.Context, message string) (bool, error) {
	res, err := c.session.Elicit(ctx, c.params(message)) // probe:cause unsupported: a client without elicitation gets (true, nil); the keys.go handler trusts it
	if err != nil {
		if IsUnsupported(err) {
			c.logger.WarnContext(ctx, "client cannot elicit; continuing without interactive confirmation",
				"message", message)
			return true, nil
		}
		return false, fmt.Errorf("confirm: %w", err)
	}
	return Checked(res, c.box), nil
}

// ConfirmStrict is like Confirm but refuses when the client cannot elicit.
func (c *Confirmer) ConfirmStrict(ctx context.Context, message string) (bool, error) {
	res, err := c.session.Elicit(ctx, c.params(message))
	if err != nil {
		if IsUnsupported(err) {
			c.logger.WarnContext(ctx, "client cannot elicit; refusing", "message", message)
			return false, ErrUnsupported
		}
		return false, fmt.Errorf("confirm: %w", err)
	}
	return Checked(res, c.box), nil
}
