package toolschema

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcplint/mcplint/analyzers/internal/check"
	"github.com/mcplint/mcplint/analyzers/internal/gotypes"
	"github.com/mcplint/mcplint/analyzers/internal/knowledge"
	"github.com/mcplint/mcplint/analyzers/internal/suppress"
	"github.com/mcplint/mcplint/internal/rules"
)

// Analyzer reports tool registrations that fail because of their schemas.
var Analyzer = check.New("toolschema", doc, check.Spec{
	Requires: []*analysis.Analyzer{inspect.Analyzer},
	Run:      run,
})

// Categories of findings.
const (
	CategoryInferred = "inferred" // a schema inferred from a type
	CategoryGiven    = "given"    // a schema written in the tool
	CategoryConflict = "conflict" // mcp-go: a raw schema with a typed one
)

func run(pass *analysis.Pass) (any, error) {
	if !check.Relevant(pass) || !importsSDK(pass.Pkg) {
		return nil, nil
	}
	c := &checker{pass: pass, rep: suppress.New(pass)}
	ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	for cur := range ins.Root().Preorder((*ast.CallExpr)(nil), (*ast.CompositeLit)(nil)) {
		switch n := cur.Node().(type) {
		case *ast.CallExpr:
			c.call(n)
		case *ast.CompositeLit:
			c.mcpGoLiteral(n)
		}
	}
	return nil, nil
}

// importsSDK reports whether pkg imports the mcp package of either SDK:
// every call this analyzer judges names one of its functions or types.
func importsSDK(pkg *types.Package) bool {
	for _, imp := range pkg.Imports() {
		if imp.Path() == knowledge.GoSDKPath || imp.Path() == knowledge.MCPGoPath {
			return true
		}
	}
	return false
}

type checker struct {
	pass *analysis.Pass
	rep  *suppress.Reporter
	// setsSchemas records, once computed, which schema fields of go-sdk's
	// mcp.Tool the package writes anywhere.
	setsSchemas *schemaFields
}

// schemaFields says which of a go-sdk tool's schema fields are set.
type schemaFields struct{ input, output bool }

func (c *checker) call(call *ast.CallExpr) {
	fn, _ := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
	if fn == nil {
		return
	}
	switch knowledge.InferenceOf(fn) {
	case knowledge.GoSDKAddTool:
		c.goSDKAddTool(call)
		return
	case knowledge.MCPGoInput:
		c.mcpGoOption(call, input)
		return
	case knowledge.MCPGoOutput:
		c.mcpGoOption(call, output)
		return
	}
	switch {
	case isGoSDKServerAddTool(fn) && len(call.Args) == 2:
		c.givenInputSchema(call, call.Args[0], true)
	case fn.Pkg() != nil && fn.Pkg().Path() == knowledge.MCPGoPath && fn.Name() == "NewTool" && fn.Signature().Recv() == nil:
		c.mcpGoNewTool(call)
	}
}

// typeArgs returns the type arguments of the generic function call calls.
func typeArgs(info *types.Info, call *ast.CallExpr) []types.Type {
	fun := ast.Unparen(call.Fun)
	switch f := fun.(type) {
	case *ast.IndexExpr:
		fun = f.X
	case *ast.IndexListExpr:
		fun = f.X
	}
	var id *ast.Ident
	switch f := ast.Unparen(fun).(type) {
	case *ast.Ident:
		id = f
	case *ast.SelectorExpr:
		id = f.Sel
	}
	if id == nil {
		return nil
	}
	inst, ok := info.Instances[id]
	if !ok {
		return nil
	}
	args := make([]types.Type, inst.TypeArgs.Len())
	for i := range args {
		args[i] = inst.TypeArgs.At(i)
	}
	return args
}

// goSDKAddTool judges mcp.AddTool[In, Out](s, tool, handler): the schemas
// it infers for the tool's unset schema fields, and the input schema the
// tool gives.
func (c *checker) goSDKAddTool(call *ast.CallExpr) {
	args := typeArgs(c.pass.TypesInfo, call)
	if len(args) != 2 || len(call.Args) != 3 {
		return
	}
	set, known := c.toolSchemas(call.Args[1])
	for i, r := range []role{input, output} {
		t := args[i]
		if gotypes.HasTypeParam(t) || (r == input && set.input) || (r == output && set.output) || !known && c.packageSets(r) {
			continue
		}
		if why := goSDKProblem(t, r); why != "" {
			c.rep.Reportf(call, CategoryInferred, "%s", why)
			return
		}
	}
	if known && set.input {
		c.givenInputSchema(call, call.Args[1], false)
	}
	if known {
		c.givenDefaults(call, call.Args[1])
	}
}

// toolSchemas says which schema fields the *mcp.Tool argument e of a
// go-sdk registration sets, when e is a composite literal.
func (c *checker) toolSchemas(e ast.Expr) (schemaFields, bool) {
	t := gotypes.ParseTool(c.pass.TypesInfo, rules.GoSDK, e)
	return schemaFields{input: t.InputSchema, output: t.OutputSchema}, t.Literal
}

// packageSets reports whether the package writes the schema field of role
// r of a go-sdk mcp.Tool anywhere: a tool that is no literal in the call
// may then have it set, and is not judged.
func (c *checker) packageSets(r role) bool {
	if c.setsSchemas == nil {
		c.setsSchemas = new(schemaFields)
		for id, obj := range c.pass.TypesInfo.Uses {
			v, ok := obj.(*types.Var)
			if !ok || !v.IsField() || v.Pkg() == nil || v.Pkg().Path() != knowledge.GoSDKPath {
				continue
			}
			switch id.Name {
			case "InputSchema":
				c.setsSchemas.input = true
			case "OutputSchema":
				c.setsSchemas.output = true
			}
		}
	}
	if r == input {
		return c.setsSchemas.input
	}
	return c.setsSchemas.output
}

// isGoSDKServerAddTool reports whether fn is go-sdk's (*mcp.Server).AddTool.
func isGoSDKServerAddTool(fn *types.Func) bool {
	recv := fn.Signature().Recv()
	return recv != nil && fn.Name() == "AddTool" && knowledge.IsNamed(knowledge.Pointee(recv.Type()), knowledge.GoSDKPath, "Server")
}

// givenInputSchema judges the input schema that the tool literal e gives
// to a go-sdk registration, as (*Server).AddTool checks it: it must be
// set (required: the registration is the method, which infers nothing),
// and be of type "object".
func (c *checker) givenInputSchema(call *ast.CallExpr, e ast.Expr, required bool) {
	lit := toolLiteral(c.pass.TypesInfo, e)
	if lit == nil {
		return
	}
	value, ok := keyedField(lit, "InputSchema")
	if !ok {
		if required && allKeyed(lit) {
			c.rep.Reportf(call, CategoryGiven, "(*mcp.Server).AddTool panics: the tool has no input schema (missing input schema); set its InputSchema, or register it with mcp.AddTool, which infers one from the handler's input type")
		}
		return
	}
	if c.pass.TypesInfo.Types[value].IsNil() {
		if required {
			c.rep.Reportf(call, CategoryGiven, "(*mcp.Server).AddTool panics: the tool's InputSchema is nil (missing input schema); set it, or register the tool with mcp.AddTool, which infers one from the handler's input type")
		}
		return
	}
	if typ, known := schemaLiteralType(c.pass.TypesInfo, value); known && typ != "object" {
		name := "(*mcp.Server).AddTool"
		if !required {
			name = "mcp.AddTool"
		}
		got := "no type"
		if typ != "" {
			got = `type "` + typ + `"`
		}
		c.rep.Reportf(call, CategoryGiven, `%s panics: the tool's InputSchema has %s, and a tool's input schema must have type "object"; set Type: "object" and describe the arguments as its properties`, name, got)
	}
}

// toolLiteral returns the composite literal of go-sdk's mcp.Tool that e
// is the address of, or nil.
func toolLiteral(info *types.Info, e ast.Expr) *ast.CompositeLit {
	u, ok := ast.Unparen(e).(*ast.UnaryExpr)
	if !ok || u.Op != token.AND {
		return nil
	}
	lit, ok := ast.Unparen(u.X).(*ast.CompositeLit)
	if !ok || !knowledge.IsNamed(info.TypeOf(lit), knowledge.GoSDKPath, "Tool") {
		return nil
	}
	return lit
}

// keyedField returns the value of the field name in the keyed literal lit.
func keyedField(lit *ast.CompositeLit, name string) (ast.Expr, bool) {
	for _, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if key, ok := kv.Key.(*ast.Ident); ok && key.Name == name {
				return kv.Value, true
			}
		}
	}
	return nil, false
}

// allKeyed reports whether every element of lit is keyed, so that a field
// it does not name is zero.
func allKeyed(lit *ast.CompositeLit) bool {
	for _, elt := range lit.Elts {
		if _, ok := elt.(*ast.KeyValueExpr); !ok {
			return false
		}
	}
	return true
}

// schemaLiteralType returns the "type" that the schema e states, when e
// is a literal that states it statically: &jsonschema.Schema{...} with
// keyed fields (Type, "" when absent), or a map literal with constant
// keys (its "type" entry, "" when absent).
func schemaLiteralType(info *types.Info, e ast.Expr) (string, bool) {
	if u, ok := ast.Unparen(e).(*ast.UnaryExpr); ok && u.Op == token.AND {
		lit, ok := ast.Unparen(u.X).(*ast.CompositeLit)
		if !ok || !knowledge.IsNamed(info.TypeOf(lit), knowledge.JSONSchemaPath, "Schema") || !allKeyed(lit) {
			return "", false
		}
		value, ok := keyedField(lit, "Type")
		if !ok {
			return "", true
		}
		return constString(info, value)
	}
	lit, ok := ast.Unparen(e).(*ast.CompositeLit)
	if !ok {
		return "", false
	}
	if _, ok := info.TypeOf(lit).Underlying().(*types.Map); !ok {
		return "", false
	}
	typ, found := "", false
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			return "", false
		}
		key, ok := constString(info, kv.Key)
		if !ok {
			return "", false
		}
		if key == "type" {
			if typ, found = constString(info, kv.Value); !found {
				return "", false
			}
		}
	}
	return typ, true
}

// constString returns the value of e if it is a string constant.
func constString(info *types.Info, e ast.Expr) (string, bool) {
	if tv := info.Types[e]; tv.Value != nil && tv.Value.Kind() == constant.String {
		return constant.StringVal(tv.Value), true
	}
	return "", false
}

// mcpGoOption judges mcp.WithInputSchema[T]() (r input) or
// mcp.WithOutputSchema[T]() (r output) of mcp-go.
func (c *checker) mcpGoOption(call *ast.CallExpr, r role) {
	args := typeArgs(c.pass.TypesInfo, call)
	if len(args) != 1 || gotypes.HasTypeParam(args[0]) {
		return
	}
	if why := mcpGoProblem(args[0], r); why != "" {
		c.rep.Reportf(call, CategoryInferred, "%s", why)
	}
}

// mcpGoNewTool reports mcp.NewTool(name, options...) of mcp-go whose
// options set a raw schema while the typed one keeps a type: mcp.Tool's
// MarshalJSON then fails, and with it every tools/list of the server.
// NewTool gives the input schema type "object"; WithInputSchema[T]
// clears it when it infers T's schema, WithOutputSchema[T] sets the output
// schema's type to "object".
func (c *checker) mcpGoNewTool(call *ast.CallExpr) {
	if call.Ellipsis.IsValid() || len(call.Args) == 0 {
		return
	}
	inputTyped, inputRaw, outputTyped, outputRaw := true, false, false, false
	for _, opt := range call.Args[1:] {
		oc, ok := ast.Unparen(opt).(*ast.CallExpr)
		if !ok {
			return
		}
		fn, _ := typeutil.Callee(c.pass.TypesInfo, oc).(*types.Func)
		switch knowledge.MCPGoRawSchemaWrite(fn) {
		case knowledge.WritesUnknown:
			return
		case knowledge.WritesRawInput:
			inputRaw = true
		case knowledge.WritesRawOutput:
			outputRaw = true
		case knowledge.InfersInput, knowledge.InfersOutput:
			args := typeArgs(c.pass.TypesInfo, oc)
			if len(args) != 1 || gotypes.HasTypeParam(args[0]) {
				return
			}
			kind, ok := mcpGoInfers(args[0])
			switch {
			case !ok: // it writes nothing
			case fn.Name() == "WithInputSchema":
				inputTyped, inputRaw = false, true
			case kind == gotypes.SchemaOther:
				return // the schema decodes into the output schema or not, by its JSON type
			default:
				outputTyped = true
			}
		}
	}
	if inputTyped && inputRaw {
		c.rep.Reportf(call, CategoryConflict, "%s", conflict(input, "mcp.NewTool gives the input schema type \"object\" and WithRawInputSchema sets RawInputSchema", "use mcp.NewToolWithRawSchema"))
	}
	if outputTyped && outputRaw {
		c.rep.Reportf(call, CategoryConflict, "%s", conflict(output, "WithOutputSchema sets the output schema's type and WithRawOutputSchema sets RawOutputSchema", "keep one of the two options"))
	}
}

// conflict is the message of a tool of mcp-go with both schemas of role
// r: how they come to be set, and the fix.
func conflict(r role, how, fix string) string {
	return fmt.Sprintf("every tools/list of the server fails: %s, and mcp.Tool's MarshalJSON refuses a tool with both (\"has both %sSchema and Raw%sSchema set\"); %s",
		how, title(r), title(r), fix)
}

// mcpGoLiteral reports an mcp.Tool literal of mcp-go that sets both the
// raw schema and the type of the typed one, of either role.
func (c *checker) mcpGoLiteral(lit *ast.CompositeLit) {
	info := c.pass.TypesInfo
	if !knowledge.IsNamed(info.TypeOf(lit), knowledge.MCPGoPath, "Tool") {
		return
	}
	for _, r := range []role{input, output} {
		raw, ok := keyedField(lit, "Raw"+title(r)+"Schema")
		if !ok || info.Types[raw].IsNil() {
			continue
		}
		typed, ok := keyedField(lit, title(r)+"Schema")
		if !ok {
			continue
		}
		schema, ok := ast.Unparen(typed).(*ast.CompositeLit)
		if !ok {
			continue
		}
		if typ, ok := keyedField(schema, "Type"); ok {
			if s, ok := constString(info, typ); ok && s != "" {
				c.rep.Reportf(lit, CategoryConflict, "%s", conflict(r, "the literal sets "+title(r)+"Schema.Type and Raw"+title(r)+"Schema", "leave "+title(r)+"Schema out"))
			}
		}
	}
}

// mcpGoInfers reports whether mcp-go's schemaFor infers a schema for t,
// and of which kind.
func mcpGoInfers(t types.Type) (gotypes.SchemaKind, bool) {
	inferred := gotypes.InferSchema(t, true)
	switch f := inferred.Failure; {
	case f == nil:
		return inferred.Kind, true
	case f.Cause == gotypes.CauseWordTag && mcpGoTagFallback(t):
		return gotypes.SchemaObject, true
	}
	return 0, false
}
