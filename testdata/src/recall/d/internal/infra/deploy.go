package infra

import (
	"context"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/recall/d/internal/approval"
)

// DeployInput is the input of deploy_release.
type DeployInput struct {
	Service string `json:"service" jsonschema:"service name"`
	Version string `json:"version" jsonschema:"version tag to deploy"`
	Env     string `json:"env" jsonschema:"target environment"`
}

// PromoteInput is the input of promote_release.
type PromoteInput struct {
	Service string `json:"service" jsonschema:"service name"`
	From    string `json:"from" jsonschema:"source environment"`
	To      string `json:"to" jsonschema:"target environment"`
}

// ReleaseOutput is returned by the release tools.
type ReleaseOutput struct {
	DeploymentID string `json:"deployment_id,omitempty"`
	Status       string `json:"status"`
}

var errMissingField = errors.New("missing required field")

func (in DeployInput) validate() error {
	if in.Service == "" || in.Version == "" || in.Env == "" {
		return fmt.Errorf("deploy_release: %w", errMissingField)
	}
	return nil
}

func (in PromoteInput) validate() error {
	if in.Service == "" || in.From == "" || in.To == "" {
		return fmt.Errorf("promote_release: %w", errMissingField)
	}
	return nil
}

// DeployRelease deploys a version after operator confirmation.
func (t *Tools) DeployRelease(ctx context.Context, req *mcp.CallToolRequest, in DeployInput) (*mcp.CallToolResult, ReleaseOutput, error) {
	if err := in.validate(); err != nil {
		return nil, ReleaseOutput{}, err
	}
	params := &mcp.ElicitParams{
		Message: fmt.Sprintf("Deploy %s@%s to %s?", in.Service, in.Version, in.Env),
		RequestedSchema: map[string]any{
			"type":       "object",
			"properties": map[string]any{},
		},
	}
	res, err := req.Session.Elicit(ctx, params) // probe:bug cancel-proceeds: switch only stops on "decline"; "cancel" (dismissed dialog) falls out of the switch into Deploy
	if err != nil {
		return nil, ReleaseOutput{}, fmt.Errorf("deploy_release: confirmation: %w", err)
	}
	switch res.Action {
	case approval.ActionDecline:
		t.logger.InfoContext(ctx, "deploy declined", "service", in.Service, "env", in.Env)
		return approval.Refused("deployment declined by operator"), ReleaseOutput{Status: "declined"}, nil
	case approval.ActionAccept:
		t.logger.InfoContext(ctx, "deploy approved", "service", in.Service, "env", in.Env)
	}

	id, err := t.backend.Deploy(ctx, in.Service, in.Version, in.Env)
	if err != nil {
		return nil, ReleaseOutput{}, fmt.Errorf("deploy_release: %w", err)
	}
	return approval.Done("deployed %s@%s to %s", in.Service, in.Version, in.Env), ReleaseOutput{DeploymentID: id, Status: "deployed"}, nil
}

// PromoteRelease promotes a release after operator confirmation.
func (t *Tools) PromoteRelease(ctx context.Context, req *mcp.CallToolRequest, in PromoteInput) (*mcp.CallToolResult, ReleaseOutput, error) {
	if err := in.validate(); err != nil {
		return nil, ReleaseOutput{}, err
	}
	params := &mcp.ElicitParams{
		Message: fmt.Sprintf("Promote %s from %s to %s?", in.Service, in.From, in.To),
		RequestedSchema: map[string]any{
			"type":       "object",
			"properties": map[string]any{},
		},
	}
	res, err := req.Session.Elicit(ctx, params) // probe:ok
	if err != nil {
		return nil, ReleaseOutput{}, fmt.Errorf("promote_release: confirmation: %w", err)
	}
	switch res.Action {
	case approval.ActionAccept:
		t.logger.InfoContext(ctx, "promotion approved", "service", in.Service, "to", in.To)
	default:
		t.logger.InfoContext(ctx, "promotion not approved", "service", in.Service, "action", res.Action)
		return approval.Refused("promotion not approved (" + res.Action + ")"), ReleaseOutput{Status: res.Action}, nil
	}

	id, err := t.backend.Promote(ctx, in.Service, in.From, in.To)
	if err != nil {
		return nil, ReleaseOutput{}, fmt.Errorf("promote_release: %w", err)
	}
	return approval.Done("promoted %s to %s", in.Service, in.To), ReleaseOutput{DeploymentID: id, Status: "promoted"}, nil
}
