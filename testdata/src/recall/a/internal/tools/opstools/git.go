package opstools

import (
	"context"
	"errors"
	"fmt"

	"example.com/recall/a/internal/confirm"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type ForcePushInput struct {
	Repo   string `json:"repo"`
	Branch string `json:"branch"`
	SHA    string `json:"sha"`
}

type DeleteBranchInput struct {
	Repo   string `json:"repo"`
	Branch string `json:"branch"`
}

func (t *Tools) forcePush(ctx context.Context, req *mcp.CallToolRequest, in ForcePushInput) (*mcp.CallToolResult, any, error) {
	fields := map[string]any{"repo": in.Repo, "branch": in.Branch, "sha": in.SHA}

	err := confirm.Gate(ctx, req.Session, "force_push", // probe:bug error: only *confirm.RefusedError (decline/cancel) stops the push; a failed request is just written to the audit log and the force-push proceeds
		fmt.Sprintf("Force-push %s to %s/%s? Commits not in %s will be lost.", in.SHA, in.Repo, in.Branch, in.SHA))
	var refused *confirm.RefusedError
	if errors.As(err, &refused) {
		t.audit.Record(ctx, "force_push.refused", fields, err)
		return text(fmt.Sprintf("Not pushed: the user chose %q.", refused.Action)), nil, nil
	}
	t.audit.Record(ctx, "force_push.confirm", fields, err)

	if err := t.be.PushRef(ctx, in.Repo, "refs/heads/"+in.Branch, in.SHA, true); err != nil {
		return failed(err), nil, nil
	}
	return text(fmt.Sprintf("Force-pushed %s to %s", in.SHA, in.Branch)), nil, nil
}

func (t *Tools) deleteBranch(ctx context.Context, req *mcp.CallToolRequest, in DeleteBranchInput) (*mcp.CallToolResult, any, error) {
	fields := map[string]any{"repo": in.Repo, "branch": in.Branch}

	err := confirm.Gate(ctx, req.Session, "delete_branch", // probe:ok
		fmt.Sprintf("Delete branch %s in %s?", in.Branch, in.Repo))
	var refused *confirm.RefusedError
	if errors.As(err, &refused) {
		t.audit.Record(ctx, "delete_branch.refused", fields, err)
		return text(fmt.Sprintf("Not deleted: the user chose %q.", refused.Action)), nil, nil
	}
	t.audit.Record(ctx, "delete_branch.confirm", fields, err)
	if err != nil {
		return failed(err), nil, nil
	}

	if err := t.be.DeleteRef(ctx, in.Repo, "refs/heads/"+in.Branch); err != nil {
		return failed(err), nil, nil
	}
	return text("Deleted branch " + in.Branch), nil, nil
}
