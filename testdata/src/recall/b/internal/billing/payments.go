// Package billing exposes payment and customer-messaging tools.
package billing

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/recall/b/internal/confirm"
)

// Ledger moves money.
type Ledger interface {
	Refund(ctx context.Context, chargeID string, cents int64) error
	Void(ctx context.Context, invoiceID string) error
	Pay(ctx context.Context, to string, cents int64, memo string) (string, error)
	Schedule(ctx context.Context, to string, cents int64, memo string) (string, error)
	Payout(ctx context.Context, account string, cents int64, ref string) error
	Close(ctx context.Context, account string) error
}

// Payments registers the money-moving tools.
type Payments struct {
	Ledger Ledger
	Log    *slog.Logger
}

const (
	keyRefund   = "confirm_refund"
	keyVoid     = "confirm_void"
	keyPay      = "confirm_payment"
	keySchedule = "confirm_transfer"
	keyPayout   = "confirm_payout"
	keyClose    = "confirm_close_account"
)

// confirmation returns the elicitation answer for key.
func (p *Payments) confirmation(req *mcp.CallToolRequest, key string) (*mcp.ElicitResult, bool) {
	er, ok := confirm.Lookup(req, key)
	if ok {
		p.Log.Debug("confirmation received", "key", key, "action", er.Action)
	}
	return er, ok
}

func objectSchema(props map[string]*jsonschema.Schema, required ...string) *jsonschema.Schema {
	return &jsonschema.Schema{Type: "object", Properties: props, Required: required}
}

var (
	chargeSchema = objectSchema(map[string]*jsonschema.Schema{
		"id":    {Type: "string"},
		"cents": {Type: "integer"},
	}, "id")
	paymentSchema = objectSchema(map[string]*jsonschema.Schema{
		"to":    {Type: "string"},
		"cents": {Type: "integer"},
		"memo":  {Type: "string"},
	}, "to", "cents")
)

type chargeArgs struct {
	ID    string `json:"id"`
	Cents int64  `json:"cents"`
}

type paymentArgs struct {
	To    string `json:"to"`
	Cents int64  `json:"cents"`
	Memo  string `json:"memo"`
}

// payForm is the form shown before a payment leaves the account.
type payForm struct {
	Confirm bool   `json:"confirm"`
	Memo    string `json:"memo"`
}

// payoutForm uses a pointer so we can tell an unticked box from an old
// client that does not render the field.
type payoutForm struct {
	Confirm   *bool  `json:"confirm"`
	Reference string `json:"reference"`
}

func dollars(c int64) string { return fmt.Sprintf("$%d.%02d", c/100, c%100) }

func errResult(err error) *mcp.CallToolResult {
	r := &mcp.CallToolResult{}
	r.SetError(err)
	return r
}

// Register adds the payment tools to s using the low-level API.
func (p *Payments) Register(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "refund_charge", Description: "Refund a card charge.", InputSchema: chargeSchema},
		func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			var in chargeArgs
			if err := json.Unmarshal(req.Params.Arguments, &in); err != nil {
				return errResult(err), nil
			}
			if len(req.Params.InputResponses) > 0 { // probe:bug presence-only: any input response (declined, cancelled, or for another key) counts as confirmation
				if err := p.Ledger.Refund(ctx, in.ID, in.Cents); err != nil {
					return errResult(err), nil
				}
				return confirm.Text("Refunded %s on %s.", dollars(in.Cents), in.ID), nil
			}
			return confirm.Ask(keyRefund, fmt.Sprintf("Refund %s on charge %s?", dollars(in.Cents), in.ID), nil, ""), nil
		})

	s.AddTool(&mcp.Tool{Name: "void_invoice", Description: "Void an open invoice.", InputSchema: chargeSchema},
		func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			var in chargeArgs
			if err := json.Unmarshal(req.Params.Arguments, &in); err != nil {
				return errResult(err), nil
			}
			if er, ok := p.confirmation(req, keyVoid); ok { // probe:ok
				if !confirm.Accepted(er) {
					return confirm.Stopped("Voiding " + in.ID), nil
				}
				if err := p.Ledger.Void(ctx, in.ID); err != nil {
					return errResult(err), nil
				}
				return confirm.Text("Voided invoice %s.", in.ID), nil
			}
			return confirm.Ask(keyVoid, "Void invoice "+in.ID+"?", nil, ""), nil
		})

	s.AddTool(&mcp.Tool{Name: "send_payment", Description: "Send money to a payee.", InputSchema: paymentSchema},
		func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			var in paymentArgs
			if err := json.Unmarshal(req.Params.Arguments, &in); err != nil {
				return errResult(err), nil
			}
			er, ok := p.confirmation(req, keyPay) // probe:bug confirm-box-false: && instead of || lets an accepted form with the confirm box unticked through
			if !ok {
				return confirm.Ask(keyPay, fmt.Sprintf("Send %s to %s?", dollars(in.Cents), in.To), confirm.Schema("memo"), ""), nil
			}
			var form payForm
			if err := confirm.Decode(er, &form); err != nil {
				return errResult(err), nil
			}
			if er.Action != confirm.ActionAccept && !form.Confirm {
				return confirm.Stopped("Payment"), nil
			}
			if form.Memo == "" {
				form.Memo = in.Memo
			}
			id, err := p.Ledger.Pay(ctx, in.To, in.Cents, form.Memo)
			if err != nil {
				return errResult(err), nil
			}
			return confirm.Text("Payment %s sent.", id), nil
		})

	s.AddTool(&mcp.Tool{Name: "schedule_transfer", Description: "Schedule a transfer to a payee.", InputSchema: paymentSchema},
		func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			var in paymentArgs
			if err := json.Unmarshal(req.Params.Arguments, &in); err != nil {
				return errResult(err), nil
			}
			er, ok := p.confirmation(req, keySchedule) // probe:ok
			if !ok {
				return confirm.Ask(keySchedule, fmt.Sprintf("Schedule %s to %s?", dollars(in.Cents), in.To), confirm.Schema("memo"), ""), nil
			}
			var form payForm
			if err := confirm.Decode(er, &form); err != nil {
				return errResult(err), nil
			}
			if er.Action != confirm.ActionAccept || !form.Confirm {
				return confirm.Stopped("Transfer"), nil
			}
			if form.Memo == "" {
				form.Memo = in.Memo
			}
			id, err := p.Ledger.Schedule(ctx, in.To, in.Cents, form.Memo)
			if err != nil {
				return errResult(err), nil
			}
			return confirm.Text("Transfer %s scheduled.", id), nil
		})

	s.AddTool(&mcp.Tool{Name: "payout_balance", Description: "Pay out a merchant balance.", InputSchema: chargeSchema},
		func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			var in chargeArgs
			if err := json.Unmarshal(req.Params.Arguments, &in); err != nil {
				return errResult(err), nil
			}
			er, ok := p.confirmation(req, keyPayout) // probe:bug confirm-box-missing: nil Confirm (field absent) is treated as ticked
			if !ok {
				return confirm.Ask(keyPayout, fmt.Sprintf("Pay out %s from %s?", dollars(in.Cents), in.ID), confirm.Schema("reference"), ""), nil
			}
			if er.Action != confirm.ActionAccept {
				return confirm.Stopped("Payout"), nil
			}
			var form payoutForm
			if err := confirm.Decode(er, &form); err != nil {
				return errResult(err), nil
			}
			if form.Confirm != nil && !*form.Confirm {
				return confirm.Stopped("Payout"), nil
			}
			if err := p.Ledger.Payout(ctx, in.ID, in.Cents, form.Reference); err != nil {
				return errResult(err), nil
			}
			return confirm.Text("Paid out %s.", dollars(in.Cents)), nil
		})

	s.AddTool(&mcp.Tool{Name: "close_account", Description: "Close a merchant account and pay out the balance.", InputSchema: chargeSchema},
		func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			var in chargeArgs
			if err := json.Unmarshal(req.Params.Arguments, &in); err != nil {
				return errResult(err), nil
			}
			er, ok := p.confirmation(req, keyClose) // probe:ok
			if !ok {
				return confirm.Ask(keyClose, "Close account "+in.ID+"?", confirm.Schema("reference"), ""), nil
			}
			if er.Action != confirm.ActionAccept {
				return confirm.Stopped("Account closure"), nil
			}
			var form payoutForm
			if err := confirm.Decode(er, &form); err != nil {
				return errResult(err), nil
			}
			if form.Confirm == nil || !*form.Confirm {
				return confirm.Stopped("Account closure"), nil
			}
			if err := p.Ledger.Close(ctx, in.ID); err != nil {
				return errResult(err), nil
			}
			return confirm.Text("Closed account %s (ref %s).", in.ID, form.Reference), nil
		})
}
