package askstable

import (
	"fmt"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// Unstable is the fact that a function returns a value that changes from
// one call to the next whatever its arguments.
type Unstable struct {
	Why string // "time.Now", "the result of stamp (time.Now)"
}

func (*Unstable) AFact() {}

func (f *Unstable) String() string { return "unstable(" + f.Why + ")" }

// AsksWith is the fact that a function puts some of its parameters into a
// question.
type AsksWith struct {
	Params []int // indexes into the signature's parameters, in increasing order
}

func (*AsksWith) AFact() {}

func (f *AsksWith) String() string { return fmt.Sprintf("asksWith%v", f.Params) }

// WrittenAtRunTime is the fact that a package-level variable is written
// by a function other than an initializer.
type WrittenAtRunTime struct {
	In string // the function that writes it
}

func (*WrittenAtRunTime) AFact() {}

func (f *WrittenAtRunTime) String() string { return "writtenAtRunTime(" + f.In + ")" }

// exportFacts exports the facts of the package's exported functions and
// variables, and reports whether it exported any.
func (c *checker) exportFacts() bool {
	if c.pass.Pkg.Name() == "main" {
		return false
	}
	exported := false
	for _, fn := range c.funcs {
		obj, ok := fn.Object().(*types.Func)
		if !ok || !obj.Exported() {
			continue
		}
		if why := c.returns(fn); why != "" {
			c.pass.ExportObjectFact(obj, &Unstable{Why: why})
			exported = true
		}
		recv := len(fn.Params) - obj.Signature().Params().Len()
		var params []int
		for p := range c.asksWith[fn] {
			if p >= recv {
				params = append(params, p-recv)
			}
		}
		if len(params) > 0 {
			slices.Sort(params)
			c.pass.ExportObjectFact(obj, &AsksWith{Params: params})
			exported = true
		}
	}
	for v, in := range c.written {
		if v.Exported() {
			c.pass.ExportObjectFact(v, &WrittenAtRunTime{In: in})
			exported = true
		}
	}
	return exported
}

// funcObj returns the declared function of fn, or nil for a literal.
func funcObj(fn *ssa.Function) *types.Func {
	obj, _ := fn.Object().(*types.Func)
	return obj
}
