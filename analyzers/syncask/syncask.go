package syncask

import (
	"fmt"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/mcplint/mcplint/analyzers/internal/check"
	"github.com/mcplint/mcplint/analyzers/internal/flow"
	"github.com/mcplint/mcplint/analyzers/internal/knowledge"
	"github.com/mcplint/mcplint/analyzers/internal/ssabuild"
)

// Analyzer reports server-to-client requests refused on 2026-07-28
// sessions.
var Analyzer = check.New("syncask", doc, check.Spec{
	Requires:  []*analysis.Analyzer{ssabuild.Analyzer},
	Run:       run,
	FactTypes: []analysis.Fact{new(VersionCheck), new(LegacyOptIn), new(SessionAsk)},
})

// all is the value of the flag -syncask.all.
var all bool

func init() {
	Analyzer.Flags.BoolVar(&all, "all", false,
		"also report server-to-client requests when the linked SDK predates protocol "+knowledge.ModernProtocolVersion)
}

// Categories of findings.
const (
	// CategoryRefused: the SDK refuses the request on modern sessions.
	CategoryRefused = "refused"
	// CategorySession: mcp-go's session-level method sends it anyway.
	CategorySession = "session"
	// CategoryModern: the request is only made on modern sessions, where
	// it always fails.
	CategoryModern = "modern"
)

// VersionCheck is the fact that a function returns a check of the
// protocol version: what its result being true or false says of the
// session.
type VersionCheck struct {
	True, False Side
}

func (*VersionCheck) AFact() {}
func (v *VersionCheck) String() string {
	return fmt.Sprintf("versionCheck(true: %s, false: %s)", v.True, v.False)
}

// A Side is what one edge of a branch says of the session's version.
type Side int

const (
	// Mixed: either version may take the edge.
	Mixed Side = iota
	// Legacy: only sessions before 2026-07-28 take it.
	Legacy
	// Modern: only sessions at 2026-07-28 or later take it.
	Modern
	// Either: a version check whose direction is not known (a
	// function returning a bool that is passed a version): it guards
	// both ways.
	Either
)

func (s Side) String() string {
	return [...]string{"mixed", "legacy", "modern", "either"}[s]
}

func (s Side) guards() bool { return s == Legacy || s == Either }

// LegacyOptIn is the fact that a package builds an mcp-go server with
// server.WithLegacyServerInitiatedRequests (as mcp-go's mcptest harness
// does): the packages that import it and get a server from it may be
// running their handlers on such a server.
type LegacyOptIn struct{}

func (*LegacyOptIn) AFact()         {}
func (*LegacyOptIn) String() string { return "legacyOptIn" }

// SessionAsk is the fact that a function sends a server-to-client request
// on a session (or mcp-go server) it is passed, with no version check on
// the way: its callers decide whether that session can be a modern one.
type SessionAsk struct {
	Params []AskParam
}

// An AskParam is a parameter of a function with a SessionAsk fact and the
// request it reaches.
type AskParam struct {
	Param int    // index in the signature's parameters, the receiver first
	Ask   string // "ServerSession.Elicit"
	In    string // the function that sends it: "helpers.confirm"
	API   knowledge.AskAPI
	Ref   bool // the linked SDK refuses it (knowledge.Ask.Refused)
}

func (*SessionAsk) AFact() {}
func (s *SessionAsk) String() string {
	var b strings.Builder
	b.WriteString("sessionAsk(")
	for i, p := range s.Params {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%d: %s", p.Param, p.Ask)
	}
	b.WriteString(")")
	return b.String()
}

func run(pass *analysis.Pass) (any, error) {
	if !check.Relevant(pass) {
		return nil, nil
	}
	prog := ssabuild.Of(pass)
	funcs := prog.Funcs
	// The package initializer stores the package-level variables.
	if init := prog.Pkg.Func("init"); init != nil {
		funcs = append([]*ssa.Function{init}, funcs...)
	}
	c := newChecker(pass, flow.New(prog), funcs)
	c.versionChecks()
	c.findAsks()
	if c.optIn {
		pass.ExportPackageFact(&LegacyOptIn{})
	}
	if len(c.sites) == 0 && len(c.remote) == 0 {
		return nil, nil // nothing to decide: no call graph, no provenance
	}
	c.index()
	c.reach()
	c.decide()
	return nil, nil
}
