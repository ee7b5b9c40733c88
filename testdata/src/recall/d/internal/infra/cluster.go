package infra

import (
	"context"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/recall/d/internal/approval"
)

// ClusterInput names a cluster.
type ClusterInput struct {
	Cluster string `json:"cluster" jsonschema:"cluster name"`
}

// ClusterOutput reports the result of a cluster operation.
type ClusterOutput struct {
	Cluster string `json:"cluster"`
	Status  string `json:"status"`
	Evicted int    `json:"evicted,omitempty"`
}

func clusterPrompt(verb, name string) approval.Prompt {
	return approval.Prompt{
		Message:  fmt.Sprintf("%s cluster %q? Workloads on it will be terminated.", verb, name),
		Checkbox: true,
	}
}

// DeleteCluster deletes a cluster after approval.
func (t *Tools) DeleteCluster(ctx context.Context, req *mcp.CallToolRequest, in ClusterInput) (*mcp.CallToolResult, ClusterOutput, error) {
	out := ClusterOutput{Cluster: in.Cluster}
	d, err := t.approver.Approve(ctx, req.Session, clusterPrompt("Delete", in.Cluster)) // probe:bug checkbox-unchecked-proceeds: only Declined()/Cancelled() stop it; accept with the confirm box unticked (and ActionExpired from the timeout) reach DeleteCluster
	if err != nil {
		return nil, out, fmt.Errorf("delete_cluster %s: %w", in.Cluster, err)
	}
	switch {
	case d.Declined():
		out.Status = "declined"
		return approval.Refused("operator declined"), out, nil
	case d.Cancelled():
		out.Status = "cancelled"
		return approval.Refused("operator cancelled"), out, nil
	}

	if err := t.backend.DeleteCluster(ctx, in.Cluster); err != nil {
		if errors.Is(err, ErrNotFound) {
			out.Status = "not_found"
			return approval.Refused(err.Error()), out, nil
		}
		return nil, out, fmt.Errorf("delete_cluster: %w", err)
	}
	out.Status = "deleted"
	return approval.Done("cluster %s deleted", in.Cluster), out, nil
}

// DrainCluster drains every node of a cluster after approval.
func (t *Tools) DrainCluster(ctx context.Context, req *mcp.CallToolRequest, in ClusterInput) (*mcp.CallToolResult, ClusterOutput, error) {
	out := ClusterOutput{Cluster: in.Cluster}
	d, err := t.approver.Approve(ctx, req.Session, clusterPrompt("Drain", in.Cluster)) // probe:ok
	if err != nil {
		return nil, out, fmt.Errorf("drain_cluster %s: %w", in.Cluster, err)
	}
	switch {
	case d.Declined():
		out.Status = "declined"
		return approval.Refused("operator declined"), out, nil
	case !d.Approved():
		out.Status = d.Action
		return approval.Refused("not approved (" + d.String() + ")"), out, nil
	}

	n, err := t.backend.DrainCluster(ctx, in.Cluster)
	if err != nil {
		if errors.Is(err, ErrNotFound) {
			out.Status = "not_found"
			return approval.Refused(err.Error()), out, nil
		}
		return nil, out, fmt.Errorf("drain_cluster: %w", err)
	}
	out.Status, out.Evicted = "drained", n
	return approval.Done("cluster %s drained, %d pods evicted", in.Cluster, n), out, nil
}
