package opstools

import (
	"context"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type DeployInput struct {
	Service string `json:"service"`
	Version string `json:"version"`
}

func (t *Tools) deployProduction(ctx context.Context, req *mcp.CallToolRequest, in DeployInput) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{ // probe:bug error: a failed elicitation is only logged; the else-if chain then skips the Action check and the deploy runs
		Message: fmt.Sprintf("Deploy %s@%s to production?", in.Service, in.Version),
	})
	if err != nil {
		t.std.Printf("deploy_production %s: confirmation unavailable: %v", in.Service, err)
	} else if res.Action != "accept" {
		return text("Production deploy aborted by the user."), nil, nil
	}

	if err := t.be.Deploy(ctx, in.Service, in.Version, "production"); err != nil {
		return failed(err), nil, nil
	}
	return text(fmt.Sprintf("Deployed %s@%s to production", in.Service, in.Version)), nil, nil
}

func (t *Tools) promoteRelease(ctx context.Context, req *mcp.CallToolRequest, in DeployInput) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{ // probe:ok
		Message: fmt.Sprintf("Promote canary %s@%s to all regions?", in.Service, in.Version),
	})
	if err != nil {
		t.std.Printf("promote_release %s: confirmation unavailable: %v", in.Service, err)
		return failed(fmt.Errorf("could not confirm promotion: %w", err)), nil, nil
	} else if res.Action != "accept" {
		return text("Promotion aborted by the user."), nil, nil
	}

	if err := t.be.Deploy(ctx, in.Service, in.Version, "all-regions"); err != nil {
		return failed(err), nil, nil
	}
	return text(fmt.Sprintf("Promoted %s@%s", in.Service, in.Version)), nil, nil
}
