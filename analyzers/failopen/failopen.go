package failopen

import (
	"iter"
	"strings"

	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/mcplint/mcplint/analyzers/internal/check"
	"github.com/mcplint/mcplint/analyzers/internal/flow"
	"github.com/mcplint/mcplint/analyzers/internal/rounds"
	"github.com/mcplint/mcplint/analyzers/internal/ssabuild"
	"github.com/mcplint/mcplint/analyzers/internal/suppress"
)

// Analyzer reports confirmations that go ahead when asking fails.
var Analyzer = check.New("failopen", doc, check.Spec{
	Requires:  []*analysis.Analyzer{ssabuild.Analyzer, rounds.Analyzer},
	Run:       run,
	FactTypes: []analysis.Fact{new(Confirmer), new(Predicate), new(Reader)},
})

// unsupported is the value of the flag -failopen.unsupported.
var unsupported bool

func init() {
	Analyzer.Flags.BoolVar(&unsupported, "unsupported", false,
		"also report going ahead without asking when the client declares no elicitation capability")
}

// Categories of findings.
const (
	// CategoryReturns: the failure returns the "go ahead" value.
	CategoryReturns = "returns"
	// CategoryProceeds: the failure goes on to what acceptance reaches.
	CategoryProceeds = "proceeds"
	// CategoryIgnored: the answer decides nothing: a decline goes on as
	// an acceptance does.
	CategoryIgnored = "ignored"
	// CategoryUnticked: a question that is one checkbox goes ahead on
	// an accepted answer with the box unticked, or left out.
	CategoryUnticked = "unticked"
	// CategoryUnsupported: a client without elicitation gets the "go
	// ahead" value (with -failopen.unsupported).
	CategoryUnsupported = "unsupported"
)

func run(pass *analysis.Pass) (any, error) {
	if !check.Relevant(pass) {
		return nil, nil
	}
	prog := ssabuild.Of(pass)
	c := &checker{pass: pass, rep: suppress.New(pass), graph: flow.New(prog), rounds: rounds.Of(pass), sentinels: make(map[string]bool), cannotAsk: make(map[string]bool)}
	c.classes = tellsFailures(pass)
	c.paths = flow.NewPaths(pass.Pkg, flow.Hooks{Value: c.knownValue, Call: c.knownCall, Equal: c.knownEqual})
	funcs := prog.Funcs

	// The package's readers of answers first, to a fixed point (a
	// function that returns what a reader it calls read is one too): a
	// confirmation may read its answer through one.
	c.readers = flow.Fixpoint(funcs, func(fn *ssa.Function, known map[*ssa.Function]*Reader) (*Reader, bool) {
		c.readers = known
		r := c.readerOf(fn)
		return r, r != nil
	})
	for fn, r := range c.readers {
		if obj, ok := fn.Object().(*types.Func); ok && obj.Pkg() == pass.Pkg {
			pass.ExportObjectFact(obj, r)
		}
	}

	// The package's confirmers, to a fixed point: a function that
	// returns the outcome of a confirmer it calls is one too.
	c.local = flow.Fixpoint(funcs, func(fn *ssa.Function, known map[*ssa.Function]*Confirmer) (*Confirmer, bool) {
		c.local = known
		f := c.analyze(fn)
		return f, f != nil
	})
	for fn, f := range c.local {
		if obj, ok := fn.Object().(*types.Func); ok && obj.Pkg() == pass.Pkg {
			pass.ExportObjectFact(obj, f)
		}
	}
	for _, fn := range funcs {
		if obj, ok := fn.Object().(*types.Func); ok && obj.Pkg() == pass.Pkg {
			if p := c.predicate(fn); p != nil {
				pass.ExportObjectFact(obj, p)
			}
		}
	}

	c.reporting = true
	for _, fn := range funcs {
		if !inTestFile(pass, fn) {
			c.analyze(fn)
		}
	}
	return nil, nil
}

// inTestFile reports whether fn is written in a _test.go file: a test's
// confirmation confirms nothing real.
func inTestFile(pass *analysis.Pass, fn *ssa.Function) bool {
	f := pass.Fset.File(fn.Pos())
	return f != nil && strings.HasSuffix(f.Name(), "_test.go")
}

type checker struct {
	pass      *analysis.Pass
	rep       *suppress.Reporter
	graph     *flow.Graph
	paths     *flow.Paths
	rounds    *rounds.Result
	local     map[*ssa.Function]*Confirmer
	readers   map[*ssa.Function]*Reader
	reporting bool
	// sentinels holds the tags of the sentinel errors of the user's
	// packages (not the standard library's, nor the SDKs'): a request's
	// own failure is never one of them.
	sentinels map[string]bool
	// cannotAsk holds the tags of the SDKs' errors of an elicitation that
	// could not be sent at all (knowledge.IsCannotAskError): the failure
	// judged by default is none of them; going ahead on one is the policy
	// that -failopen.unsupported reports.
	cannotAsk map[string]bool
	// classes: the package tells a failure's classes apart (it names
	// the context's errors), so the failed outcome is walked by class.
	classes bool
}

// analyze checks each confirmation of fn (reporting, in the second pass)
// and returns fn's Confirmer fact, if it has one.
func (c *checker) analyze(fn *ssa.Function) *Confirmer {
	var fact *Confirmer
	for s := range c.sites(fn) {
		if f := c.check(fn, s); f != nil && fact == nil {
			fact = f
		}
	}
	return fact
}

// sites yields the confirmations of fn, in the order of its blocks: the
// calls that ask or that read an answer, and the reads of a hand-written
// handler's answers.
func (c *checker) sites(fn *ssa.Function) iter.Seq[*site] {
	return func(yield func(*site) bool) {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				var s *site
				var ok bool
				switch instr := instr.(type) {
				case ssa.CallInstruction:
					if s, ok = c.confirmation(instr); !ok {
						if s, ok = countedSite(instr); ok {
							break
						}
						for _, h := range c.heldConfirmations(instr) {
							if !yield(h) {
								return
							}
						}
					}
				case *ssa.BinOp:
					s, ok = countedSite(instr)
				case *ssa.Next:
					s, ok = rangedSite(instr)
				case *ssa.Lookup:
					if s, ok = answerRead(instr); ok {
						if c.asksOtherKind(instr.Index) {
							continue
						}
						s.checkbox = c.keyCheckbox(instr.Index)
					}
				}
				if ok && !yield(s) {
					return
				}
			}
		}
	}
}
