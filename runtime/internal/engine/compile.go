package engine

import (
	"errors"
	"fmt"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/mcplint/mcplint/internal/rules"
)

// A RegistrationError is one reason registration rejected a tool, prompt
// or resource. Both bindings return it; Add* returns all of them, joined
// with [errors.Join].
type RegistrationError struct {
	Rule rules.Rule
	Kind rules.Kind
	// Tool names the tool or prompt, or the resource's URI or URI
	// template.
	Tool   string
	Msg    string
	Method rules.Method
}

func (e *RegistrationError) Error() string {
	return fmt.Sprintf("resolve: %s %q: %s (%s)", e.Method.Noun(), e.Tool, e.Msg, e.Rule)
}

// Rules returns the rule id of every [RegistrationError] in err, in order.
func Rules(err error) []rules.Rule {
	var found []rules.Rule
	var walk func(error)
	walk = func(err error) {
		switch e := err.(type) {
		case nil:
		case *RegistrationError:
			found = append(found, e.Rule)
		case interface{ Unwrap() []error }:
			for _, e := range e.Unwrap() {
				walk(e)
			}
		case interface{ Unwrap() error }:
			walk(e.Unwrap())
		}
	}
	walk(err)
	return found
}

// arg says where the engine takes one argument of a resolver or the
// handler from.
type arg struct {
	kind rules.ArgKind
	node int          // ArgValue, ArgOutcome
	typ  reflect.Type // the parameter's type
}

// node is one resolver of a registration.
type node struct {
	name      string // the function's name, for messages
	who       string // "resolver " and the name
	key       string // wire key of its question
	fn        reflect.Value
	provides  reflect.Type
	eliciting bool
	form      *jsonschema.Resolved // Ask[T]: the schema inferred from T
	formJSON  []byte               // and its JSON, as sent
	flat      *FlatSchema          // the form's fast validator, if it has the shape
	answer    *decoder             // decodes a form answer into what the node provides
	args      []arg
	// asked is the last question of an Ask[T] rendered, with its digest:
	// a resolver asks the same message every round.
	asked atomic.Pointer[renderedForm]
}

type renderedForm struct{ message, digest string }

// Compile checks a registration with the rule core and builds the engine
// that serves it, for the SDK sdk. The plan tells a tool's binding its
// input and output types. On findings it returns their errors, joined.
func Compile(c *Config, sdk SDK, reg *rules.Registration[reflect.Type], handler any, resolvers []any) (*Engine, *rules.Plan[reflect.Type], error) {
	ts := &reflectTypes{sdk: sdk, forms: make(map[reflect.Type]*form)}
	reg.Handler = describe(handler)
	reg.Budget = c.budget
	for _, r := range resolvers {
		reg.Resolvers = append(reg.Resolvers, describe(r))
	}
	plan := rules.Check[reflect.Type](ts, reg)
	var errs []error
	for _, f := range plan.Findings {
		errs = append(errs, &RegistrationError{Rule: f.Rule, Kind: f.Kind, Tool: reg.Tool, Method: reg.Method, Msg: f.Msg})
	}
	if len(errs) > 0 {
		return nil, nil, errors.Join(errs...)
	}
	hv := reflect.ValueOf(handler)
	e := &Engine{cfg: c, sdk: sdk, codec: c.codec, method: reg.Method, name: reg.Tool,
		handler: hv, handlerWho: "handler " + funcName(hv), resolved: plan.Resolved}
	e.args = toArgs(plan.Args, hv.Type().In)
	if plan.In != nil {
		e.input = newDecoder(plan.In)
	}
	for _, pn := range plan.Nodes {
		fn := reflect.ValueOf(resolvers[pn.Resolver])
		name := reg.Resolvers[pn.Resolver].Name
		n := &node{name: name, who: "resolver " + name, key: pn.Key, fn: fn, provides: pn.Provides, eliciting: pn.Eliciting,
			args: toArgs(pn.Args, fn.Type().In)}
		if f := ts.forms[pn.Provides]; pn.Eliciting && f != nil {
			n.form, n.formJSON, n.flat = f.schema, f.json, NewFlatSchema(f.schema.Schema())
		}
		if pn.Eliciting {
			n.answer = newDecoder(pn.Provides)
		}
		e.nodes = append(e.nodes, n)
		e.asks = e.asks || n.eliciting
		if n.eliciting {
			e.keys = append(e.keys, n.key)
		}
	}
	slices.Sort(e.keys)
	return e, plan, nil
}

// toArgs converts the core's arguments of a function whose parameter types
// in gives.
func toArgs(args []rules.Arg, in func(int) reflect.Type) []arg {
	out := make([]arg, len(args))
	for i, a := range args {
		out[i] = arg{kind: a.Kind, node: a.Node, typ: in(i)}
	}
	return out
}

// describe describes a handler or resolver argument for the rule core.
func describe(f any) rules.Func[reflect.Type] {
	v := reflect.ValueOf(f)
	switch {
	case f == nil || (v.Kind() == reflect.Func && v.IsNil()):
		return rules.Func[reflect.Type]{Nil: true}
	case v.Kind() != reflect.Func:
		return rules.Func[reflect.Type]{Type: v.Type()}
	}
	t := v.Type()
	d := rules.Func[reflect.Type]{Name: funcName(v), IsFunc: true, Type: t, Variadic: t.IsVariadic()}
	for i := range t.NumIn() {
		d.Params = append(d.Params, t.In(i))
	}
	for i := range t.NumOut() {
		d.Results = append(d.Results, t.Out(i))
	}
	return d
}

// funcName names a function for messages: its package and name, without
// the import path.
func funcName(v reflect.Value) string {
	f := runtime.FuncForPC(v.Pointer())
	if f == nil {
		return v.Type().String()
	}
	name := f.Name()
	if i := strings.LastIndexByte(name, '/'); i >= 0 {
		name = name[i+1:]
	}
	return strings.TrimSuffix(name, "-fm")
}
