package a

// State followed through fields, helper returns, closures and phi nodes,
// and verified only where a verification that succeeded dominates the use.

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/mcplint/mcplint/runtime/seal"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type roundState struct {
	token string
	round int
}

// throughField keeps the state in a struct field.
func throughField(req *mcp.CallToolRequest) {
	st := roundState{round: 1}
	st.token = req.Params.RequestState
	_ = strings.Split(st.token, ";") // want `^throughField passes st.token \(req.Params.RequestState\) to strings.Split before verifying its integrity`
	_ = st.round == 2                // another field: not state
}

// raw returns the state unchanged.
func raw(req *mcp.CallToolRequest) string { return req.Params.RequestState } // want `^raw returns req.Params.RequestState before`

func same(s string) string { return s }

// throughReturn gets the state back from helpers.
func throughReturn(req *mcp.CallToolRequest) {
	if raw(req) == "step2" { // want `^throughReturn compares raw\(req\) \(req.Params.RequestState\) with "step2" before`
		return
	}
	t := same(req.Params.RequestState)
	_ = strings.Fields(t) // want `^throughReturn passes t \(req.Params.RequestState\) to strings.Fields before`
}

// throughPhi picks the state on one branch.
func throughPhi(req *mcp.CallToolRequest, fallback string) {
	s := fallback
	if req.Params.RequestState != "" {
		s = req.Params.RequestState
	}
	_ = strings.TrimSpace(s) // want `^throughPhi passes s \(req.Params.RequestState\) to strings.TrimSpace before`
}

// throughClosure uses the state in a function literal.
func throughClosure(req *mcp.CallToolRequest) func() bool {
	s := req.Params.RequestState
	return func() bool { return strings.HasPrefix(s, "v1") } // want `^throughClosure passes s \(req.Params.RequestState\) to strings.HasPrefix before`
}

// ignoredResult opens the state and drops the error.
func ignoredResult(req *mcp.CallToolRequest) {
	s := req.Params.RequestState
	_, _ = codec.Open(seal.Claims{}, s)
	_ = s == "x" // want `^ignoredResult compares s \(req.Params.RequestState\) with "x" before`
}

// otherBranch verifies on one branch and uses on the other.
func otherBranch(req *mcp.CallToolRequest, strict bool) {
	s := req.Params.RequestState
	if strict {
		if _, err := codec.Open(seal.Claims{}, s); err != nil {
			return
		}
	} else {
		_ = strings.Split(s, ".") // want `^otherBranch passes s \(req.Params.RequestState\) to strings.Split before`
	}
	_ = strings.Split(s, ";") // want `^otherBranch passes s \(req.Params.RequestState\) to strings.Split before`
}

// failurePath logs a failed verification and goes on.
func failurePath(ctx context.Context, req *mcp.CallToolRequest) {
	s := req.Params.RequestState
	if _, err := codec.Open(seal.Claims{}, s); err != nil {
		println("bad state")
	}
	_ = s == "x" // want `^failurePath compares s \(req.Params.RequestState\) with "x" before`
}

// rejectedQuoted quotes the state in the error it returns where the state
// failed verification: quoting rejected state decides nothing.
func rejectedQuoted(req *mcp.CallToolRequest) error {
	s := req.Params.RequestState
	if _, err := codec.Open(seal.Claims{}, s); err != nil {
		return fmt.Errorf("invalid request state %q: %w", s, err)
	}
	return nil
}

// rejectedConcatenated builds the error by concatenation, on the failure
// edge of a bool verifier.
func rejectedConcatenated(req *mcp.CallToolRequest) error {
	s := req.Params.RequestState
	if !checkMAC(s) {
		return errors.New("invalid request state " + s)
	}
	return nil
}

// rejectedParsed decides on the rejected state: still a misuse.
func rejectedParsed(req *mcp.CallToolRequest) error {
	s := req.Params.RequestState
	if _, err := codec.Open(seal.Claims{}, s); err != nil {
		if strings.HasPrefix(s, "legacy:") { // want `^rejectedParsed passes s \(req.Params.RequestState\) to strings.HasPrefix before`
			return nil
		}
		return err
	}
	return nil
}

// quotedUnverified formats the state where nothing verified it.
func quotedUnverified(req *mcp.CallToolRequest) error {
	s := req.Params.RequestState
	return fmt.Errorf("state %q", s) // want `^quotedUnverified passes s \(req.Params.RequestState\) to fmt.Errorf before`
}

// throughFuncValue verifies through a method value that the flow layer
// resolves to (*seal.Codec).Open.
func throughFuncValue(req *mcp.CallToolRequest) {
	s := req.Params.RequestState
	verify := codec.Open
	if _, err := verify(seal.Claims{}, s); err != nil {
		return
	}
	_ = s == "x"
}

// throughOtherFuncValue calls a function value that verifies nothing.
func throughOtherFuncValue(req *mcp.CallToolRequest) {
	s := req.Params.RequestState
	open := func(_ seal.Claims, t string) ([]byte, error) { return []byte(t), nil }
	if _, err := open(seal.Claims{}, s); err != nil {
		return
	}
	_ = s == "x" // want `^throughOtherFuncValue compares s \(req.Params.RequestState\) with "x" before`
}

// bothBranches verifies on every path: later uses are verified.
func bothBranches(req *mcp.CallToolRequest, strict bool) {
	s := req.Params.RequestState
	if _, err := codec.Open(seal.Claims{}, s); err != nil {
		return
	}
	if strict {
		_ = strings.Split(s, ".")
	}
	st := roundState{token: s}
	_ = st.token == "x"
	f := func() bool { return strings.HasPrefix(s, "v1") }
	_ = f
}

// checkedTwice: a verifier whose bool result is tested.
func checkedTwice(req *mcp.CallToolRequest) {
	s := req.Params.RequestState
	ok := checkMAC(s)
	if !ok {
		return
	}
	_ = strings.Split(s, ".")
}

var saved roundState

// intoGlobal stores the state in a global's field: not followed.
func intoGlobal(req *mcp.CallToolRequest) {
	saved.token = req.Params.RequestState
	_ = saved.token == "x"
}

// parse returns its parameter beside an error of its own, and is no
// verifier.
func parse(token string) ([]byte, error) {
	if token == "" {
		return nil, nil
	}
	return []byte(token), nil
}

// errorBesideState: only the result that carries the parameter carries the
// state; the error returned beside it does not.
func errorBesideState(req *mcp.CallToolRequest) error {
	payload, err := parse(req.Params.RequestState)
	if err != nil {
		return err
	}
	_ = strings.Fields(string(payload)) // want `^errorBesideState passes payload \(req.Params.RequestState\) to strings.Fields before`
	return nil
}
