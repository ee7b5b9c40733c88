package askcaps

import (
	"fmt"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/mcplint/mcplint/analyzers/internal/check"
	"github.com/mcplint/mcplint/analyzers/internal/flow"
	"github.com/mcplint/mcplint/analyzers/internal/knowledge"
	"github.com/mcplint/mcplint/analyzers/internal/rounds"
	"github.com/mcplint/mcplint/analyzers/internal/ssabuild"
	"github.com/mcplint/mcplint/analyzers/internal/suppress"
	"github.com/mcplint/mcplint/internal/rules"
)

// Analyzer reports input requests that a handler sends without its
// package ever reading whether the client declared what they need.
var Analyzer = check.New("askcaps", doc, check.Spec{
	Requires:  []*analysis.Analyzer{rounds.Analyzer, ssabuild.Analyzer},
	Run:       run,
	FactTypes: []analysis.Fact{new(ReadsCapabilities), new(ChecksCapabilities)},
})

// Category is the category of askcaps's findings.
const Category = "capability"

// ReadsCapabilities is the package fact that a package, or a package it
// imports, reads the client capabilities listed.
type ReadsCapabilities struct {
	Kinds []string // sorted: knowledge.CapabilityElicitation, ...
}

func (*ReadsCapabilities) AFact() {}

func (f *ReadsCapabilities) String() string {
	return "readsCapabilities(" + strings.Join(f.Kinds, ", ") + ")"
}

func run(pass *analysis.Pass) (any, error) {
	if !check.Relevant(pass) {
		return nil, nil
	}
	read, checks := readCapabilities(pass)
	if len(read) > 0 {
		pass.ExportPackageFact(&ReadsCapabilities{Kinds: sortedKinds(read)})
	}
	rep := suppress.New(pass)
	registers := registersHandlers(pass)
	var gt *gate
	gateOf := func() *gate {
		if gt == nil {
			g := rounds.Of(pass).Graph()
			if g == nil {
				g = flow.New(ssabuild.Of(pass))
			}
			gt = newGate(pass, g, read)
		}
		return gt
	}
	if checks {
		gateOf().exportFacts()
	}
	for _, req := range rounds.Of(pass).Requests {
		if req.Capability == "" || !registers && !inHandler(req.Fn) || inTest(pass, req) {
			continue
		}
		if gateOf().gated(flow.PointOf(req.At), req.Capability) {
			continue
		}
		rep.Report(analysis.Diagnostic{
			Pos:      req.Pos(),
			Category: Category,
			Message: fmt.Sprintf("%s sends %s %s input request without checking that the client declared %s: "+
				"the protocol forbids asking a client that did not, which then cannot answer, and the call fails; "+
				"check %s first (or ask with resolvers, which answer the missing-capability error -32021; see %s)",
				name(req.Fn), article(req.Capability), req.Capability, req.Capability, howToCheck(requestSDK(req), req.Capability), check.DocURL("migrate.md")),
		})
	}
	return nil, nil
}

// readCapabilities returns the client capabilities that the package, or a
// package it imports, reads, and whether the package itself checks any:
// reads one, or calls a function of another package that checks one.
func readCapabilities(pass *analysis.Pass) (read map[string]bool, checks bool) {
	read = make(map[string]bool)
	for _, imp := range pass.Pkg.Imports() {
		var f ReadsCapabilities
		if pass.ImportPackageFact(imp, &f) {
			for _, k := range f.Kinds {
				read[k] = true
			}
		}
	}
	for _, obj := range pass.TypesInfo.Uses {
		switch obj := obj.(type) {
		case *types.Var:
			if k := knowledge.ClientCapability(obj); k != "" {
				read[k] = true
				checks = true
			}
		case *types.Func:
			if !checks && len(read) > 0 && obj.Pkg() != nil && obj.Pkg() != pass.Pkg && pass.ImportObjectFact(obj.Origin(), new(ChecksCapabilities)) {
				checks = true
			}
		}
	}
	return read, checks
}

// registersHandlers reports whether the package registers handlers with an
// SDK's server: its functions that build an input request without a
// request of their own (a helper the handler calls) are its handlers'.
func registersHandlers(pass *analysis.Pass) bool {
	for _, obj := range pass.TypesInfo.Uses {
		if fn, ok := obj.(*types.Func); ok && knowledge.RegistersHandler(fn.Origin()) {
			return true
		}
	}
	return false
}

// requestSDK returns the SDK whose input request req is: go-sdk's are
// entries of its mcp.InputRequestMap; mcp-go's the others.
func requestSDK(req *rounds.Request) rules.SDK {
	if u, ok := req.At.(*ssa.MapUpdate); ok && knowledge.IsNamed(u.Map.Type(), knowledge.GoSDKPath, "InputRequestMap") {
		return rules.GoSDK
	}
	return rules.MCPGo
}

// inHandler reports whether fn, or a function it is written in, has the
// request of an SDK's handler among its parameters.
func inHandler(fn *ssa.Function) bool {
	for ; fn != nil; fn = fn.Parent() {
		for _, p := range fn.Params {
			if knowledge.IsAnyRequest(p.Type()) {
				return true
			}
		}
	}
	return false
}

// inTest reports whether req is written in a test file, whose server's
// client is the test's own, with the capabilities the test chose.
func inTest(pass *analysis.Pass, req *rounds.Request) bool {
	return strings.HasSuffix(pass.Fset.File(req.Pos()).Name(), "_test.go")
}

// name names fn in a message: a function literal by the declared function
// it is written in.
func name(fn *ssa.Function) string {
	outer := flow.Outermost(fn)
	n := outer.Name()
	if obj, ok := outer.Object().(*types.Func); ok {
		n = check.FuncName(obj)
	}
	if fn != outer {
		return check.LiteralIn(n)
	}
	return n
}

func article(capability string) string {
	if capability == knowledge.CapabilityElicitation {
		return "an"
	}
	return "a"
}

// capabilityField is the field of ClientCapabilities that declares each
// capability, as a message names it.
var capabilityField = map[string]string{
	knowledge.CapabilityElicitation: "Elicitation",
	knowledge.CapabilitySampling:    "Sampling",
	knowledge.CapabilityRoots:       "Roots",
}

// howToCheck says, in the words of the handler's SDK, how it reads the
// capability.
func howToCheck(sdk rules.SDK, capability string) string {
	field := capabilityField[capability]
	if sdk == rules.MCPGo {
		return "GetClientCapabilities()." + field + " of the session (server.ClientSessionFromContext, as a server.SessionWithClientInfo)"
	}
	if capability == knowledge.CapabilityRoots {
		field = "RootsV2"
	}
	return "req.ClientCapabilities()." + field + " != nil"
}
