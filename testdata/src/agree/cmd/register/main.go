// Command register registers every case of the agreement corpus with the
// real runtime, each on a server of its own (a go-sdk *mcp.Server, or an
// mcp-go *server.MCPServer for the cases of the mcp-go binding), and
// prints as JSON, for each case, the registration errors the runtime
// returned:
//
//	{"case": {"registration": [{"rule": "resolvegraph", "kind": "cycle", "msg": "..."}]}, ...}
//
// An accepted case has an empty list. An error that is not a
// *resolve.RegistrationError is printed with an empty rule and kind, which
// the agreement test rejects.
//
// The cases listed in calls are also called, once registered, through a
// real client (see callTool); "called" is then true and "call" holds what
// the runtime found while the call ran: {"rule": "askstable", "kind":
// "unstable", "msg": "<tool error>"} if it ended the call with the runtime
// twin of askstable.
package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"runtime/debug"
	"slices"

	"github.com/mark3labs/mcp-go/server"
	mcpgoresolve "github.com/mcplint/mcplint/runtime/mcpgo/resolve"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A finding is one reason registration rejected a case, or a rule the
// runtime enforced while a call ran.
type finding struct {
	Rule string `json:"rule"`
	Kind string `json:"kind"`
	Msg  string `json:"msg"`
}

// An outcome is what the runtime found in one case.
type outcome struct {
	Registration []finding `json:"registration"`
	Called       bool      `json:"called"`
	Call         []finding `json:"call"`
}

func main() {
	out := make(map[string]outcome, len(cases)+len(mcpgoCases))
	for name, register := range cases {
		s, err := safely(func() (*mcp.Server, error) {
			s := mcp.NewServer(&mcp.Implementation{Name: "agree", Version: "v0.0.1"}, nil)
			return s, register(s)
		})
		o := outcome{Registration: findings(err, resolve.Rules)}
		if c, ok := calls[name]; ok && err == nil {
			o.Called, o.Call = true, callTool(s, c)
		}
		out[name] = o
	}
	for name, register := range mcpgoCases {
		s, err := safely(func() (*server.MCPServer, error) {
			s := server.NewMCPServer("agree", "v0.0.1")
			return s, register(s)
		})
		o := outcome{Registration: findings(err, mcpgoresolve.Rules)}
		if c, ok := calls[name]; ok && err == nil {
			o.Called, o.Call = true, callMCPGoTool(s, c)
		}
		out[name] = o
	}
	enc := json.NewEncoder(os.Stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(out); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

// findings lists the registration errors in err; rulesOf is the Rules
// function of the binding that registered, which must list the same rules,
// in the same order.
func findings(err error, rulesOf func(error) []resolve.Rule) []finding {
	fs := []finding{}
	for _, e := range leaves(err) {
		var re *resolve.RegistrationError // both bindings return this type
		if errors.As(e, &re) {
			fs = append(fs, finding{Rule: string(re.Rule), Kind: string(re.Kind), Msg: re.Error()})
		} else {
			fs = append(fs, finding{Msg: e.Error()})
		}
	}
	var rules []resolve.Rule
	for _, f := range fs {
		if f.Rule != "" {
			rules = append(rules, resolve.Rule(f.Rule))
		}
	}
	if got := rulesOf(err); !slices.Equal(got, rules) {
		fs = append(fs, finding{Msg: fmt.Sprintf("Rules returned %v, want %v", got, rules)})
	}
	return fs
}

// safely registers a case on a server of its own, which it returns, and
// turns a panic of registration (other than MustAddTool's, which the
// cases recover: it panics with the error) into an error that is not a
// RegistrationError.
func safely[S any](register func() (S, error)) (s S, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("registration panicked: %v\n%s", r, debug.Stack())
		}
	}()
	return register()
}

// leaves returns the errors joined in err (with errors.Join, at any depth),
// in order.
func leaves(err error) []error {
	switch e := err.(type) {
	case nil:
		return nil
	case interface{ Unwrap() []error }:
		var all []error
		for _, e := range e.Unwrap() {
			all = append(all, leaves(e)...)
		}
		return all
	}
	return []error{err}
}
