package infra

import (
	"context"
	"fmt"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/recall/d/internal/approval"
)

// RegionsInput is the input of the region-by-region tools.
type RegionsInput struct {
	Service string   `json:"service" jsonschema:"service name"`
	Version string   `json:"version,omitempty" jsonschema:"version (rollout only)"`
	Regions []string `json:"regions" jsonschema:"regions, in order"`
}

// RegionsOutput reports per-region progress.
type RegionsOutput struct {
	Done    []string `json:"done"`
	Skipped []string `json:"skipped"`
	Failed  []string `json:"failed"`
}

func regionSchema() *jsonschema.Schema {
	return &jsonschema.Schema{
		Type: "object",
		Properties: map[string]*jsonschema.Schema{
			"confirm":   {Type: "boolean", Description: "Proceed with this region"},
			"apply_all": {Type: "boolean", Description: "Use this answer for the remaining regions"},
		},
	}
}

// RolloutRegions rolls a version out one region at a time, asking before each
// region unless the operator chose "apply to all".
func (t *Tools) RolloutRegions(ctx context.Context, req *mcp.CallToolRequest, in RegionsInput) (*mcp.CallToolResult, RegionsOutput, error) {
	var out RegionsOutput
	var approved, applyAll bool

	confirmRegion := func(region string) (bool, error) {
		if applyAll {
			return approved, nil
		}
		params := &mcp.ElicitParams{
			Message:         fmt.Sprintf("Roll %s@%s out to %s?", in.Service, in.Version, region),
			RequestedSchema: regionSchema(),
		}
		res, err := req.Session.Elicit(ctx, params) // probe:bug stale-decision-on-error: on an Elicit error the closure returns the captured approval from the previous region, and the loop only records err before checking ok
		if err != nil {
			return approved, fmt.Errorf("region %s: %w", region, err)
		}
		box, _ := res.Content["confirm"].(bool)
		approved = res.Action == approval.ActionAccept && box
		applyAll, _ = res.Content["apply_all"].(bool)
		return approved, nil
	}

	for _, region := range in.Regions {
		ok, err := confirmRegion(region)
		if err != nil {
			t.logger.WarnContext(ctx, "rollout: confirmation failed", "err", err)
			out.Failed = append(out.Failed, region)
		}
		if !ok {
			out.Skipped = append(out.Skipped, region)
			continue
		}
		if err := t.backend.RolloutRegion(ctx, in.Service, in.Version, region); err != nil {
			out.Failed = append(out.Failed, region)
			continue
		}
		out.Done = append(out.Done, region)
	}
	return approval.Done("rollout: %d done, %d skipped, %d failed", len(out.Done), len(out.Skipped), len(out.Failed)), out, nil
}

// DecommissionRegions removes a service from regions one at a time, asking
// before each region unless the operator chose "apply to all".
func (t *Tools) DecommissionRegions(ctx context.Context, req *mcp.CallToolRequest, in RegionsInput) (*mcp.CallToolResult, RegionsOutput, error) {
	var out RegionsOutput
	var approved, applyAll bool

	confirmRegion := func(region string) (bool, error) {
		if applyAll {
			return approved, nil
		}
		params := &mcp.ElicitParams{
			Message:         fmt.Sprintf("Decommission %s in %s?", in.Service, region),
			RequestedSchema: regionSchema(),
		}
		res, err := req.Session.Elicit(ctx, params) // probe:ok
		if err != nil {
			return false, fmt.Errorf("region %s: %w", region, err)
		}
		box, _ := res.Content["confirm"].(bool)
		approved = res.Action == approval.ActionAccept && box
		applyAll, _ = res.Content["apply_all"].(bool)
		return approved, nil
	}

	for _, region := range in.Regions {
		ok, err := confirmRegion(region)
		if err != nil {
			t.logger.WarnContext(ctx, "decommission: confirmation failed", "err", err)
			out.Failed = append(out.Failed, region)
			continue
		}
		if !ok {
			out.Skipped = append(out.Skipped, region)
			continue
		}
		if err := t.backend.DecommissionRegion(ctx, in.Service, region); err != nil {
			out.Failed = append(out.Failed, region)
			continue
		}
		out.Done = append(out.Done, region)
	}
	return approval.Done("decommission: %d done, %d skipped, %d failed", len(out.Done), len(out.Skipped), len(out.Failed)), out, nil
}
