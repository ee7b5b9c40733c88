package accounts

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/recall/d/internal/approval"
)

// AccountInput is the input of close_account.
type AccountInput struct {
	AccountID string `json:"account_id" jsonschema:"billing account id"`
}

// OrgInput is the input of delete_organization.
type OrgInput struct {
	OrgID string `json:"org_id" jsonschema:"organization id"`
}

func typeToConfirmSchema(field, what string) *jsonschema.Schema {
	return &jsonschema.Schema{
		Type: "object",
		Properties: map[string]*jsonschema.Schema{
			field: {Type: "string", Description: "Type " + what + " to confirm"},
		},
	}
}

// CloseAccount closes a billing account. The operator must type the account
// id.
func (s *Service) CloseAccount(ctx context.Context, req *mcp.CallToolRequest, in AccountInput) (*mcp.CallToolResult, DeletionOutput, error) {
	out := DeletionOutput{ID: in.AccountID}
	if in.AccountID == "" {
		return nil, out, errors.New("close_account: account_id is required")
	}
	params := &mcp.ElicitParams{
		Message:         fmt.Sprintf("Close billing account %s? Outstanding invoices will be written off.", in.AccountID),
		RequestedSchema: typeToConfirmSchema("account_id", "the account id"),
	}
	res, err := req.Session.Elicit(ctx, params) // probe:bug typed-confirm-empty-passes: mismatch check is skipped when the typed id is empty/missing (field not required), so a bare "accept" closes the account
	if err != nil {
		return nil, out, fmt.Errorf("close_account: confirmation: %w", err)
	}
	if res.Action != approval.ActionAccept {
		return approval.Refused("account closure not accepted"), out, nil
	}
	typed, _ := res.Content["account_id"].(string)
	if typed = strings.TrimSpace(typed); typed != "" && typed != in.AccountID {
		return approval.Refused(fmt.Sprintf("typed id %q does not match %q", typed, in.AccountID)), out, nil
	}

	if err := s.Ledger.CloseAccount(ctx, in.AccountID); err != nil {
		return nil, out, fmt.Errorf("close_account: %w", err)
	}
	out.Deleted = true
	return approval.Done("account %s closed", in.AccountID), out, nil
}

// DeleteOrganization deletes an organization. The operator must type the
// organization id.
func (s *Service) DeleteOrganization(ctx context.Context, req *mcp.CallToolRequest, in OrgInput) (*mcp.CallToolResult, DeletionOutput, error) {
	out := DeletionOutput{ID: in.OrgID}
	if in.OrgID == "" {
		return nil, out, errors.New("delete_organization: org_id is required")
	}
	params := &mcp.ElicitParams{
		Message:         fmt.Sprintf("Delete organization %s with all its projects?", in.OrgID),
		RequestedSchema: typeToConfirmSchema("org_id", "the organization id"),
	}
	res, err := req.Session.Elicit(ctx, params) // probe:ok
	if err != nil {
		return nil, out, fmt.Errorf("delete_organization: confirmation: %w", err)
	}
	if res.Action != approval.ActionAccept {
		return approval.Refused("organization deletion not accepted"), out, nil
	}
	typed, _ := res.Content["org_id"].(string)
	if typed = strings.TrimSpace(typed); typed != in.OrgID {
		return approval.Refused(fmt.Sprintf("typed id %q does not match %q", typed, in.OrgID)), out, nil
	}

	if err := s.Directory.DeleteOrganization(ctx, in.OrgID); err != nil {
		return nil, out, fmt.Errorf("delete_organization: %w", err)
	}
	out.Deleted = true
	return approval.Done("organization %s deleted", in.OrgID), out, nil
}
