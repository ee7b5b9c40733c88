// Package deploy exposes release tooling (deploy, rollback, scale) as MCP tools.
package deploy

import (
	"context"
	"errors"
	"fmt"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/recall/b/internal/confirm"
)

// Pipeline is the release backend.
type Pipeline interface {
	Deploy(ctx context.Context, env, version string) (string, error)
	Rollback(ctx context.Context, env, toVersion string) error
	Scale(ctx context.Context, env, service string, replicas int) error
	Restart(ctx context.Context, env, service string) error
	Drain(ctx context.Context, env, service string) error
}

// Deployer holds the release tools and their confirmation gates.
type Deployer struct {
	p      Pipeline
	signer *confirm.StateSigner

	prodGate     confirm.Gate
	canaryGate   confirm.Gate
	rollbackGate confirm.Gate
	restartGate  confirm.Gate
}

// New returns a Deployer backed by p.
func New(p Pipeline, secret []byte) *Deployer {
	return &Deployer{
		p:            p,
		signer:       &confirm.StateSigner{Secret: secret},
		prodGate:     confirm.Gate{Key: "deploy_prod", Message: "Deploy to production?"},
		canaryGate:   confirm.Gate{Key: "deploy_canary", Message: "Deploy canary to production?"},
		rollbackGate: confirm.Gate{Key: "rollback", Message: "Roll back?"},
		restartGate:  confirm.Gate{Key: "restart", Message: "Restart all pods?"},
	}
}

type DeployIn struct {
	Env     string `json:"env"`
	Version string `json:"version"`
}

type DeployOut struct {
	Env     string `json:"env"`
	Version string `json:"version"`
	RunID   string `json:"runId,omitempty"`
	Status  string `json:"status"`
}

// DeployProduction rolls version out to every production region.
func (d *Deployer) DeployProduction(ctx context.Context, req *mcp.CallToolRequest, in DeployIn) (*mcp.CallToolResult, DeployOut, error) {
	res, ok := d.prodGate.Answer(req) // probe:bug cancel-proceeds: switch has no cancel case and no default, so a cancelled prompt falls out of the switch into Deploy
	if !ok {
		return d.prodGate.Prompt(""), DeployOut{}, nil
	}
	switch res.Action {
	case confirm.ActionAccept:
		log.Printf("deploy %s to prod confirmed", in.Version)
	case confirm.ActionDecline:
		return confirm.Stopped("Production deploy"), DeployOut{Env: in.Env, Version: in.Version, Status: "declined"}, nil
	}
	run, err := d.p.Deploy(ctx, "prod", in.Version)
	if err != nil {
		return nil, DeployOut{}, err
	}
	return nil, DeployOut{Env: "prod", Version: in.Version, RunID: run, Status: "started"}, nil
}

// DeployCanary rolls version out to the production canary pool.
func (d *Deployer) DeployCanary(ctx context.Context, req *mcp.CallToolRequest, in DeployIn) (*mcp.CallToolResult, DeployOut, error) {
	res, ok := d.canaryGate.Answer(req) // probe:ok
	if !ok {
		return d.canaryGate.Prompt(""), DeployOut{}, nil
	}
	switch res.Action {
	case confirm.ActionAccept:
		log.Printf("canary deploy %s confirmed", in.Version)
	case confirm.ActionDecline:
		return confirm.Stopped("Canary deploy"), DeployOut{Env: in.Env, Version: in.Version, Status: "declined"}, nil
	default:
		return confirm.Stopped("Canary deploy"), DeployOut{Env: in.Env, Version: in.Version, Status: "cancelled"}, nil
	}
	run, err := d.p.Deploy(ctx, "prod-canary", in.Version)
	if err != nil {
		return nil, DeployOut{}, err
	}
	return nil, DeployOut{Env: "prod-canary", Version: in.Version, RunID: run, Status: "started"}, nil
}

type RollbackIn struct {
	Env       string `json:"env"`
	ToVersion string `json:"toVersion"`
}

// Rollback reverts env to an earlier release.
func (d *Deployer) Rollback(ctx context.Context, req *mcp.CallToolRequest, in RollbackIn) (*mcp.CallToolResult, any, error) {
	raw, answered := req.Params.InputResponses[d.rollbackGate.Key] // probe:bug wrong-type-proceeds: a response that is not an *ElicitResult fails the assertion and skips the guard
	if !answered {
		return confirm.Ask(d.rollbackGate.Key, fmt.Sprintf("Roll %s back to %s?", in.Env, in.ToVersion), nil, ""), nil, nil
	}
	if er, ok := raw.(*mcp.ElicitResult); ok && er.Action != confirm.ActionAccept {
		return confirm.Stopped("Rollback"), nil, nil
	}
	if err := d.p.Rollback(ctx, in.Env, in.ToVersion); err != nil {
		return nil, nil, err
	}
	return confirm.Text("Rolled %s back to %s.", in.Env, in.ToVersion), nil, nil
}

type RestartIn struct {
	Env     string `json:"env"`
	Service string `json:"service"`
}

// Restart bounces every pod of a service.
func (d *Deployer) Restart(ctx context.Context, req *mcp.CallToolRequest, in RestartIn) (*mcp.CallToolResult, any, error) {
	raw, answered := req.Params.InputResponses[d.restartGate.Key] // probe:ok
	if !answered {
		return confirm.Ask(d.restartGate.Key, fmt.Sprintf("Restart every pod of %s in %s?", in.Service, in.Env), nil, ""), nil, nil
	}
	if er, ok := raw.(*mcp.ElicitResult); !ok || er.Action != confirm.ActionAccept {
		return confirm.Stopped("Restart"), nil, nil
	}
	if err := d.p.Restart(ctx, in.Env, in.Service); err != nil {
		return nil, nil, err
	}
	return confirm.Text("Restarted %s in %s.", in.Service, in.Env), nil, nil
}

type ScaleIn struct {
	Env     string `json:"env"`
	Service string `json:"service"`
}

const (
	keyScaleEnv      = "confirm_environment"
	keyScaleDowntime = "confirm_downtime"
	keyDrainEnv      = "confirm_drain_environment"
	keyDrainTraffic  = "confirm_drain_traffic"
)

func twoPrompts(k1, m1, k2, m2 string) *mcp.CallToolResult {
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		k1: &mcp.ElicitParams{Message: m1, RequestedSchema: confirm.EmptySchema()},
		k2: &mcp.ElicitParams{Message: m2, RequestedSchema: confirm.EmptySchema()},
	}}
}

// ScaleToZero stops every replica of a service. It needs two confirmations:
// the environment, and that the resulting downtime is acceptable.
func (d *Deployer) ScaleToZero(ctx context.Context, req *mcp.CallToolRequest, in ScaleIn) (*mcp.CallToolResult, any, error) {
	if len(req.Params.InputResponses) == 0 {
		return twoPrompts(
			keyScaleEnv, "You are about to act on "+in.Env+". Continue?",
			keyScaleDowntime, in.Service+" will be unavailable until scaled up again. Continue?"), nil, nil
	}
	for key, resp := range req.Params.InputResponses { // probe:bug partial-answers: only the answers that arrived are checked; a retry carrying one of the two keys scales to zero
		er, ok := resp.(*mcp.ElicitResult)
		if !ok || er.Action != confirm.ActionAccept {
			return confirm.Stopped("Scale to zero (" + key + ")"), nil, nil
		}
	}
	if err := d.p.Scale(ctx, in.Env, in.Service, 0); err != nil {
		return nil, nil, err
	}
	return confirm.Text("%s in %s scaled to zero.", in.Service, in.Env), nil, nil
}

// Drain removes a service from the load balancer. Two confirmations, like
// ScaleToZero.
func (d *Deployer) Drain(ctx context.Context, req *mcp.CallToolRequest, in ScaleIn) (*mcp.CallToolResult, any, error) {
	ask := twoPrompts(
		keyDrainEnv, "You are about to act on "+in.Env+". Continue?",
		keyDrainTraffic, "All traffic to "+in.Service+" will be dropped. Continue?")
	for _, key := range []string{keyDrainEnv, keyDrainTraffic} {
		er, ok := confirm.Lookup(req, key) // probe:ok
		if !ok {
			return ask, nil, nil
		}
		if er.Action != confirm.ActionAccept {
			return confirm.Stopped("Drain (" + key + ")"), nil, nil
		}
	}
	if err := d.p.Drain(ctx, in.Env, in.Service); err != nil {
		return nil, nil, err
	}
	return confirm.Text("%s in %s drained.", in.Service, in.Env), nil, nil
}

// Register adds the release tools to s.
func (d *Deployer) Register(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "deploy_production", Description: "Deploy a version to production."}, d.DeployProduction)
	mcp.AddTool(s, &mcp.Tool{Name: "deploy_canary", Description: "Deploy a version to the production canary pool."}, d.DeployCanary)
	mcp.AddTool(s, &mcp.Tool{Name: "rollback", Description: "Roll an environment back."}, d.Rollback)
	mcp.AddTool(s, &mcp.Tool{Name: "restart_service", Description: "Restart all pods of a service."}, d.Restart)
	mcp.AddTool(s, &mcp.Tool{Name: "scale_to_zero", Description: "Stop all replicas of a service."}, d.ScaleToZero)
	mcp.AddTool(s, &mcp.Tool{Name: "drain_service", Description: "Drain a service from the load balancer."}, d.Drain)
	d.registerMigrations(s)
}

var errNoPipeline = errors.New("deploy: no pipeline configured")

// NopPipeline is used by the demo binary.
type NopPipeline struct{}

func (NopPipeline) Deploy(ctx context.Context, env, version string) (string, error) {
	return "run-" + env + "-" + version, nil
}
func (NopPipeline) Rollback(ctx context.Context, env, toVersion string) error { return nil }
func (NopPipeline) Restart(ctx context.Context, env, service string) error    { return nil }
func (NopPipeline) Drain(ctx context.Context, env, service string) error      { return nil }
func (NopPipeline) Scale(ctx context.Context, env, service string, n int) error {
	if env == "" {
		return errNoPipeline
	}
	return nil
}
