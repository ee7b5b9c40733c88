package opstools

import (
	"context"
	"fmt"

	"example.com/recall/a/internal/confirm"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type RotateInput struct {
	KeyID string `json:"key_id"`
}

type RevokeInput struct {
	Subject string `json:"subject"`
}

func (t *Tools) rotateKeys(ctx context.Context, req *mcp.CallToolRequest, in RotateInput) (*mcp.CallToolResult, any, error) {
	c := confirm.New(req.Session, t.log)
	ok, err := c.Confirm(ctx, fmt.Sprintf("Rotate signing key %s? Tokens signed with the old version stop verifying.", in.KeyID)) // probe:bug unsupported: handler is correct, but (*confirm.Confirmer).Confirm returns (true, nil) when the client does not support elicitation, so the key is rotated unconfirmed
	if err != nil {
		return failed(err), nil, nil
	}
	if !ok {
		return text("Key rotation not confirmed."), nil, nil
	}

	v, err := t.be.RotateKey(ctx, in.KeyID)
	if err != nil {
		return failed(err), nil, nil
	}
	return text(fmt.Sprintf("Rotated %s, new version %s", in.KeyID, v)), nil, nil
}

func (t *Tools) revokeTokens(ctx context.Context, req *mcp.CallToolRequest, in RevokeInput) (*mcp.CallToolResult, any, error) {
	c := confirm.New(req.Session, t.log)
	ok, err := c.ConfirmStrict(ctx, fmt.Sprintf("Revoke all tokens for %s? Active sessions are logged out.", in.Subject)) // probe:ok
	if err != nil {
		return failed(err), nil, nil
	}
	if !ok {
		return text("Token revocation not confirmed."), nil, nil
	}

	n, err := t.be.RevokeTokens(ctx, in.Subject)
	if err != nil {
		return failed(err), nil, nil
	}
	return text(fmt.Sprintf("Revoked %d tokens for %s", n, in.Subject)), nil, nil
}
