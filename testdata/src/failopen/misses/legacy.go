// Package misses holds the confirmation shapes that issue 40 listed as
// missed, each fail-open function beside its correct twin.
package misses

import (
	"context"
	"errors"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var errRefused = errors.New("refused")

func wipe(vol string) error { return os.RemoveAll(vol) }

// ticked requires an accept and a ticked box.
func ticked(res *mcp.ElicitResult) bool { // want ticked:"predicate param=0 result=0 accept=true decline=false cancel=false fail=\\?"
	if res.Action != "accept" {
		return false
	}
	v, _ := res.Content["confirm"].(bool)
	return v
}

// ---- a predicate that requires accept and a ticked box ----

// agreeOpen takes a failure for a yes.
func agreeOpen(ctx context.Context, ss *mcp.ServerSession, msg string) (bool, error) { // want agreeOpen:"confirmer error=1 bool=0 decline=nil cancel=nil fail=nil bools=true/false/false/true"
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: msg}) // want `^when ServerSession\.Elicit fails, misses\.agreeOpen returns true`
	if err != nil {
		return true, nil
	}
	return ticked(res), nil
}

// agreeClosed returns the failure.
func agreeClosed(ctx context.Context, ss *mcp.ServerSession, msg string) (bool, error) { // want agreeClosed:"confirmer error=1 bool=0 decline=nil cancel=nil fail=failure bools=true/false/false/false"
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: msg})
	if err != nil {
		return false, err
	}
	return ticked(res), nil
}

// ---- (true, err), read by a caller that looks only at the bool ----

// agreeWithErr returns true beside the failure.
func agreeWithErr(ctx context.Context, ss *mcp.ServerSession, msg string) (bool, error) { // want agreeWithErr:"confirmer error=1 bool=0 decline=nil cancel=nil fail=failure bools=true/false/false/true"
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: msg})
	if err != nil {
		return true, err
	}
	return res.Action == "accept", nil
}

// wipeBoolOnly looks only at the bool: a failure wipes.
func wipeBoolOnly(ctx context.Context, ss *mcp.ServerSession, vol string) error {
	ok, _ := agreeWithErr(ctx, ss, "Wipe "+vol+"?") // want `^when misses\.agreeWithErr fails, misses\.wipeBoolOnly goes on into the code that only acceptance reaches`
	if !ok {
		return errRefused
	}
	return wipe(vol)
}

// wipeBoth reads the error too.
func wipeBoth(ctx context.Context, ss *mcp.ServerSession, vol string) error {
	ok, err := agreeWithErr(ctx, ss, "Wipe "+vol+"?")
	if err != nil || !ok {
		return errRefused
	}
	return wipe(vol)
}
