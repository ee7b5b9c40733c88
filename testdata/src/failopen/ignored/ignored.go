// Package ignored asks for a confirmation and then does not look at the
// answer: a decline goes on as an acceptance does. Each shape has a
// correct twin that must stay silent, and shapes that use the outcome
// in other ways (recording it, returning it) are not findings.
package ignored

import (
	"context"
	"errors"
	"log"
	"os"

	"example.com/failopen/confirmlib"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func remove(path string) error { return os.Remove(path) }

func record(err error) { _ = os.WriteFile("audit.log", []byte(errString(err)), 0o600) }

func errString(err error) string {
	if err == nil {
		return "ok"
	}
	return err.Error()
}

// --- Negatives.

// removeChecked stops on every error.
func removeChecked(ctx context.Context, ss *mcp.ServerSession, path string) error {
	if err := confirmlib.Ask(ctx, ss, "Remove "+path+"?"); err != nil {
		log.Printf("not confirmed: %v", err)
		return err
	}
	return remove(path)
}

// askRecorded records the outcome and returns it: the caller decides.
func askRecorded(ctx context.Context, ss *mcp.ServerSession) error { // want askRecorded:"confirmer error=0 bool=-1 decline=sentinel:example.com/failopen/confirmlib.ErrDeclined"
	err := confirmlib.Ask(ctx, ss, "Go ahead?")
	record(err)
	return err
}

// removeAfterRecord records the outcome before it decides on it.
func removeAfterRecord(ctx context.Context, ss *mcp.ServerSession, path string) error {
	err := confirmlib.Ask(ctx, ss, "Remove "+path+"?")
	record(err)
	if err != nil {
		return err
	}
	return remove(path)
}

// removeOnAnswer reads the answer of the request itself.
func removeOnAnswer(ctx context.Context, ss *mcp.ServerSession, path string) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Remove " + path + "?"})
	if err != nil || res.Action != "accept" {
		return errors.New("kept")
	}
	return remove(path)
}

// askAction returns the answer's action; its error is nil on a decline.
func askAction(ctx context.Context, ss *mcp.ServerSession, msg string) (string, error) { // want askAction:"confirmer error=1 bool=-1 decline=nil"
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: msg})
	if err != nil {
		return "", err
	}
	return res.Action, nil
}

// removeOnAction logs the error and decides on the action it returns:
// the decline is in the action, not in the error.
func removeOnAction(ctx context.Context, ss *mcp.ServerSession, path string) error {
	action, err := askAction(ctx, ss, "Remove "+path+"?")
	if err != nil {
		log.Printf("confirm: %v", err)
	}
	if action != "accept" {
		return errors.New("kept")
	}
	return remove(path)
}

// removeUnlessDeclinedError decides on the error's type, which the paths
// do not follow: the answer decides, so it is not ignored.
func removeUnlessDeclinedError(ctx context.Context, ss *mcp.ServerSession, path string) error {
	err := confirmlib.Ask(ctx, ss, "Remove "+path+"?")
	var declined interface{ Declined() bool }
	if errors.As(err, &declined) {
		return err
	}
	if err != nil {
		return err
	}
	return remove(path)
}

// removeUnlessTyped stops on a decline told by the error's type alone:
// the answer decides (its failure goes on, which the paths cannot tell,
// as the Limits say), so it is not taken for an ignored answer.
func removeUnlessTyped(ctx context.Context, ss *mcp.ServerSession, path string) error {
	err := confirmlib.Ask(ctx, ss, "Remove "+path+"?")
	var declined interface{ Declined() bool }
	if errors.As(err, &declined) {
		return errKept
	}
	return remove(path)
}

var errKept = errors.New("kept")

// removeApproved carries the answer out of a closure in a captured flag.
func removeApproved(ctx context.Context, ss *mcp.ServerSession, path string) error {
	approved := false
	ask := func() error {
		res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Remove " + path + "?"})
		if err != nil {
			return err
		}
		approved = res.Action == "accept"
		return nil
	}
	if err := ask(); err != nil {
		log.Printf("ask: %v", err)
	}
	if !approved {
		return errors.New("kept")
	}
	return remove(path)
}

func create(confidential *bool) error { return os.WriteFile("issue", nil, 0o600) }

// createIssue asks a choice, not a confirmation: its answer is kept only
// when the request worked, and the issue is created either way
// (gitlab-mcp-server's confidential flag).
func createIssue(ctx context.Context, c confirmlib.Client) error {
	var confidential *bool
	yes, err := c.Confirm(ctx, "Should the issue be confidential?")
	if err == nil {
		confidential = &yes
	}
	return create(confidential)
}

// removeIfConfirmed stops on a failure and on a "no".
func removeIfConfirmed(ctx context.Context, c confirmlib.Client, path string) error {
	ok, err := c.Agreed(ctx, "Remove "+path+"?")
	if err != nil {
		return err
	}
	if !ok {
		return nil
	}
	return remove(path)
}

// --- Positives.

// removeLogged logs a decline and removes anyway.
func removeLogged(ctx context.Context, ss *mcp.ServerSession, path string) error {
	if err := confirmlib.Ask(ctx, ss, "Remove "+path+"?"); err != nil { // want `^when the user declines confirmlib\.Ask, ignored\.removeLogged goes on into the code that acceptance reaches, from its call of ignored\.remove: the answer decides nothing here`
		log.Printf("not confirmed: %v", err)
	}
	return remove(path)
}

// removeDiscarded drops the outcome.
func removeDiscarded(ctx context.Context, ss *mcp.ServerSession, path string) error {
	_ = confirmlib.Ask(ctx, ss, "Remove "+path+"?") // want `^when the user declines confirmlib\.Ask, ignored\.removeDiscarded goes on into the code that acceptance reaches`
	return remove(path)
}

// removeUnread asks, stops on a failure, and never reads the answer.
func removeUnread(ctx context.Context, ss *mcp.ServerSession, path string) error {
	_, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Remove " + path + "?"}) // want `^when the user declines ServerSession\.Elicit, ignored\.removeUnread goes on into the code that acceptance reaches`
	if err != nil {
		return err
	}
	return remove(path)
}

// removeUnlessFailed stops on a failure and drops the "yes or no": a
// decline (nil error, false) removes.
func removeUnlessFailed(ctx context.Context, c confirmlib.Client, path string) error {
	_, err := c.Agreed(ctx, "Remove "+path+"?") // want `^when the user declines confirmlib\.Client\.Agreed, ignored\.removeUnlessFailed goes on into the code that acceptance reaches`
	if err != nil {
		return err
	}
	return remove(path)
}

// removeLoggingAnswer only logs the "yes or no".
func removeLoggingAnswer(ctx context.Context, c confirmlib.Client, path string) error {
	ok, err := c.Agreed(ctx, "Remove "+path+"?") // want `^when the user declines confirmlib\.Client\.Agreed, ignored\.removeLoggingAnswer goes on into the code that acceptance reaches`
	if err != nil {
		return err
	}
	log.Printf("confirmed: %v", ok)
	return remove(path)
}
