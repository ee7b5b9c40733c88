package tools

import (
	"context"
	"errors"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// The tools below ask with the server-to-client elicitation request.

func (t *Tools) legacyTools() []toolDef {
	return []toolDef{
		{"delete_customer", "Delete a customer", t.deleteCustomer},
		{"delete_contact", "Delete a contact", t.deleteContact},
		{"delete_repository", "Delete a repository", t.deleteRepository},
		{"delete_fork", "Delete a fork", t.deleteFork},
		{"cancel_subscription", "Cancel a subscription", t.cancelSubscription},
		{"cancel_order", "Cancel an order", t.cancelOrder},
		{"delete_environment", "Delete an environment", t.deleteEnvironment},
		{"delete_pipeline", "Delete a pipeline", t.deletePipeline},
		{"purge_mailbox", "Purge a mailbox", t.purgeMailbox},
		{"expunge_mailbox", "Expunge a mailbox", t.expungeMailbox},
		{"delete_release", "Delete a release", t.deleteRelease},
		{"delete_artifact", "Delete an artifact", t.deleteArtifact},
		{"terminate_instance", "Terminate an instance", t.terminateInstance},
		{"terminate_node", "Terminate a node", t.terminateNode},
		{"drop_dataset", "Drop a dataset", t.dropDataset},
		{"drop_model", "Drop a model", t.dropModel},
		{"delete_account_data", "Delete an account's data", t.deleteAccountData},
		{"delete_audit_log", "Delete an audit log", t.deleteAuditLog},
		{"remove_member", "Remove a member", t.removeMember},
		{"remove_admin", "Remove an admin", t.removeAdmin},
		{"rotate_master_key", "Rotate the master key", t.rotateMasterKey},
	}
}

// A checkbox-and-accept predicate, with the failure let through.

func (t *Tools) deleteCustomer(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := req.GetString("name", "")
	res, err := t.srv.RequestElicitation(ctx, confirmRequest("Delete customer "+name+"?")) // probe:bug failopen-error: the predicate is consulted only when the request succeeded
	if err == nil && !boxTicked(res) {
		return refused("delete_customer"), nil
	}
	return t.delete(ctx, "customer", name)
}

func (t *Tools) deleteContact(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := req.GetString("name", "")
	res, err := t.srv.RequestElicitation(ctx, confirmRequest("Delete contact "+name+"?")) // probe:ok
	if err != nil || !boxTicked(res) {
		return refused("delete_contact"), nil
	}
	return t.delete(ctx, "contact", name)
}

// (true, err) read by a caller that trusts the boolean.

func (t *Tools) deleteRepository(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := req.GetString("name", "")
	ok, err := t.askYesNo(ctx, "Delete repository "+name+"?") // probe:bug failopen-error: askYesNo's true comes with the error, which is only logged
	if err != nil {
		t.logger.Warn("confirmation failed", "tool", "delete_repository", "err", err)
	}
	if !ok {
		return refused("delete_repository"), nil
	}
	return t.delete(ctx, "repository", name)
}

func (t *Tools) deleteFork(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := req.GetString("name", "")
	ok, err := t.askYesNo(ctx, "Delete fork "+name+"?") // probe:ok
	if err != nil {
		return mcp.NewToolResultErrorFromErr("delete_fork", err), nil
	}
	if !ok {
		return refused("delete_fork"), nil
	}
	return t.delete(ctx, "fork", name)
}

// A three-valued decision.

func (t *Tools) cancelSubscription(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := req.GetString("name", "")
	res, err := t.srv.RequestElicitation(ctx, confirmRequest("Cancel subscription "+name+"?")) // probe:bug failopen-error: an Unknown decision is not a Deny
	switch decisionOf(res, err) {
	case Deny:
		return refused("cancel_subscription"), nil
	case Unknown:
		t.logger.Info("could not confirm, proceeding", "tool", "cancel_subscription")
	}
	return t.delete(ctx, "subscription", name)
}

func (t *Tools) cancelOrder(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := req.GetString("name", "")
	res, err := t.srv.RequestElicitation(ctx, confirmRequest("Cancel order "+name+"?")) // probe:ok
	switch decisionOf(res, err) {
	case Deny:
		return refused("cancel_order"), nil
	case Unknown:
		return mcp.NewToolResultError("cancel_order: could not ask for confirmation"), nil
	}
	return t.delete(ctx, "order", name)
}

// An interface implemented in this package.

func (t *Tools) deleteEnvironment(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := req.GetString("name", "")
	if !t.approver.Approve(ctx, "Delete environment "+name+"?") { // probe:bug failopen-error: the wired Approver refuses only a decline
		return refused("delete_environment"), nil
	}
	return t.delete(ctx, "environment", name)
}

func (t *Tools) deletePipeline(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := req.GetString("name", "")
	if !t.strictApprover.Approve(ctx, "Delete pipeline "+name+"?") { // probe:ok
		return refused("delete_pipeline"), nil
	}
	return t.delete(ctx, "pipeline", name)
}

// A closure in a struct field.

func (t *Tools) purgeMailbox(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := req.GetString("name", "")
	if !t.confirmPurge(ctx, "mailbox "+name) { // probe:bug failopen-unticked: confirmPurge does not read the box
		return refused("purge_mailbox"), nil
	}
	return t.delete(ctx, "mailbox-contents", name)
}

func (t *Tools) expungeMailbox(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := req.GetString("name", "")
	if !t.confirmExpunge(ctx, "mailbox "+name) { // probe:ok
		return refused("expunge_mailbox"), nil
	}
	return t.delete(ctx, "mailbox", name)
}

// A retry loop.

func (t *Tools) deleteRelease(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := req.GetString("name", "")
	var res *mcp.ElicitationResult
	var err error
	for attempt := 1; attempt <= 3; attempt++ {
		res, err = t.srv.RequestElicitation(ctx, confirmRequest("Delete release "+name+"?")) // probe:bug failopen-error: after the last failure res is nil and nothing refuses
		if err == nil || errors.Is(err, server.ErrElicitationNotSupported) {
			break
		}
	}
	if res != nil && !boxTicked(res) {
		return refused("delete_release"), nil
	}
	return t.delete(ctx, "release", name)
}

func (t *Tools) deleteArtifact(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := req.GetString("name", "")
	var res *mcp.ElicitationResult
	var err error
	for attempt := 1; attempt <= 3; attempt++ {
		res, err = t.srv.RequestElicitation(ctx, confirmRequest("Delete artifact "+name+"?")) // probe:ok
		if err == nil || errors.Is(err, server.ErrElicitationNotSupported) {
			break
		}
	}
	if res == nil || !boxTicked(res) {
		return refused("delete_artifact"), nil
	}
	return t.delete(ctx, "artifact", name)
}

// A switch on the action.

func (t *Tools) terminateInstance(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := req.GetString("name", "")
	res, err := t.srv.RequestElicitation(ctx, confirmRequest("Terminate instance "+name+"?")) // probe:bug failopen-cancel: a cancel is treated as "use the defaults"
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionDecline:
		return refused("terminate_instance"), nil
	case mcp.ElicitationResponseActionCancel:
		t.logger.Info("dialog dismissed, proceeding with defaults", "tool", "terminate_instance")
	default:
		if !boxTicked(res) {
			return refused("terminate_instance"), nil
		}
	}
	return t.delete(ctx, "instance", name)
}

func (t *Tools) terminateNode(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := req.GetString("name", "")
	res, err := t.srv.RequestElicitation(ctx, confirmRequest("Terminate node "+name+"?")) // probe:ok
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return refused("terminate_node"), nil
	default:
		if !boxTicked(res) {
			return refused("terminate_node"), nil
		}
	}
	return t.delete(ctx, "node", name)
}

// A typed-word confirmation.

func (t *Tools) dropDataset(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := req.GetString("name", "")
	res, err := t.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: typedParams(name)}) // probe:bug failopen-missing: an empty answer is contained in every name
	if err != nil {
		return nil, err
	}
	if res.Action != mcp.ElicitationResponseActionAccept || !strings.Contains(strings.ToLower(name), strings.ToLower(typed(res))) {
		return refused("drop_dataset"), nil
	}
	return t.delete(ctx, "dataset", name)
}

func (t *Tools) dropModel(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := req.GetString("name", "")
	res, err := t.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: typedParams(name)}) // probe:ok
	if err != nil {
		return nil, err
	}
	if res.Action != mcp.ElicitationResponseActionAccept || !strings.EqualFold(name, typed(res)) {
		return refused("drop_model"), nil
	}
	return t.delete(ctx, "model", name)
}

// Sentinels.

func (t *Tools) deleteAccountData(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := req.GetString("name", "")
	err := t.confirmErr(ctx, "Delete all data of account "+name+"?") // probe:bug failopen-cancel: errCancelled is neither a refusal nor a failure here
	if errors.Is(err, errDeclined) {
		return refused("delete_account_data"), nil
	}
	if err != nil && !errors.Is(err, errCancelled) {
		return nil, err
	}
	return t.delete(ctx, "account-data", name)
}

func (t *Tools) deleteAuditLog(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := req.GetString("name", "")
	err := t.confirmErr(ctx, "Delete audit log "+name+"?") // probe:ok
	if errors.Is(err, errDeclined) || errors.Is(err, errCancelled) {
		return refused("delete_audit_log"), nil
	}
	if err != nil {
		return nil, err
	}
	return t.delete(ctx, "audit-log", name)
}

// A deferred action guarded by a flag.

func (t *Tools) removeMember(ctx context.Context, req mcp.CallToolRequest) (res *mcp.CallToolResult, err error) {
	name := req.GetString("name", "")
	abort := false
	defer func() {
		if !abort && err == nil {
			res, err = t.delete(ctx, "member", name)
		}
	}()
	answer, askErr := t.srv.RequestElicitation(ctx, confirmRequest("Remove member "+name+"?")) // probe:bug failopen-error: abort is set only by an answer that is not a tick
	if askErr == nil && !boxTicked(answer) {
		abort = true
		return refused("remove_member"), nil
	}
	return nil, nil
}

func (t *Tools) removeAdmin(ctx context.Context, req mcp.CallToolRequest) (res *mcp.CallToolResult, err error) {
	name := req.GetString("name", "")
	abort := true
	defer func() {
		if !abort && err == nil {
			res, err = t.delete(ctx, "admin", name)
		}
	}()
	answer, askErr := t.srv.RequestElicitation(ctx, confirmRequest("Remove admin "+name+"?")) // probe:ok
	if askErr == nil && boxTicked(answer) {
		abort = false
		return nil, nil
	}
	return refused("remove_admin"), nil
}

// A client that cannot be asked: the tool refuses with an error.

func (t *Tools) rotateMasterKey(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := req.GetString("name", "")
	res, err := t.srv.RequestElicitation(ctx, confirmRequest("Rotate master key "+name+"? Every client must re-authenticate.")) // probe:ok
	if errors.Is(err, server.ErrElicitationNotSupported) {
		return mcp.NewToolResultError("rotate_master_key needs a client that can ask for confirmation"), nil
	}
	if err != nil {
		return nil, err
	}
	if !boxTicked(res) {
		return refused("rotate_master_key"), nil
	}
	return t.delete(ctx, "master-key", name)
}
