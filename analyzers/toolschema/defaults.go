package toolschema

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"iter"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/mcplint/mcplint/analyzers/internal/gotypes"
	"github.com/mcplint/mcplint/analyzers/internal/knowledge"
)

// givenDefaults judges the defaults of the schemas that the tool literal e
// gives to go-sdk's mcp.AddTool, which resolves each given schema with
// jsonschema-go's ValidateDefaults and panics when a default does not
// validate against the schema it stands in. (*mcp.Server).AddTool resolves
// nothing, so a bad default there fails no registration, and is left
// alone.
//
// Only what the literal states with constants is judged: a default that is
// not JSON, and one whose JSON type is not the schema's Type or one of its
// Types, or that is not one of the strings or booleans of its Enum. The
// rest of a default's validation (its properties and items, bounds,
// patterns) is not, which may miss a default that fails, never report one
// that passes.
func (c *checker) givenDefaults(call *ast.CallExpr, e ast.Expr) {
	lit := toolLiteral(c.pass.TypesInfo, e)
	if lit == nil {
		return
	}
	for _, r := range []role{input, output} {
		field := "InputSchema"
		if r == output {
			field = "OutputSchema"
		}
		value, ok := keyedField(lit, field)
		if !ok {
			continue
		}
		if where, why, bad := c.badDefault(value, ""); bad {
			at := "the " + string(r) + " schema"
			if where != "" {
				at += "'s " + where
			}
			c.rep.Reportf(call, CategoryGiven, "mcp.AddTool panics: the default of %s does not validate: %s (mcp.AddTool resolves a given schema with jsonschema-go's ValidateDefaults); make the default a value of the schema, or drop it", at, why)
			return
		}
	}
}

// badDefault looks for a default that cannot validate in the schema
// literal e (&jsonschema.Schema{...}, or {...} where the pointer is elided)
// and the schema literals it holds, depth first: where names it from the
// root ("properties[\"limit\"]"), why says what is wrong.
func (c *checker) badDefault(e ast.Expr, path string) (where, why string, bad bool) {
	lit := c.schemaLiteral(e)
	if lit == nil {
		return "", "", false
	}
	if why, bad := c.defaultProblem(lit); bad {
		return path, why, true
	}
	for _, elt := range lit.Elts { // all keyed: schemaLiteral checked
		kv := elt.(*ast.KeyValueExpr)
		key, _ := kv.Key.(*ast.Ident)
		if key == nil {
			continue
		}
		name := jsonKeyword(key.Name)
		for sub, at := range c.subschemas(kv.Value) {
			if where, why, bad := c.badDefault(sub, join(path, name+at)); bad {
				return where, why, true
			}
		}
	}
	return "", "", false
}

// subschemas yields the schema-valued expressions of a field's value: the
// value itself, or the elements of a map or slice literal of schemas,
// each with its index or key ("", "[0]", "[\"limit\"]").
func (c *checker) subschemas(value ast.Expr) iter.Seq2[ast.Expr, string] {
	return func(yield func(ast.Expr, string) bool) {
		lit, ok := ast.Unparen(value).(*ast.CompositeLit)
		if !ok {
			yield(value, "")
			return
		}
		switch c.pass.TypesInfo.TypeOf(lit).Underlying().(type) {
		case *types.Map:
			for _, elt := range lit.Elts {
				if kv, ok := elt.(*ast.KeyValueExpr); ok {
					key, _ := constString(c.pass.TypesInfo, kv.Key)
					if !yield(kv.Value, "["+strconv.Quote(key)+"]") {
						return
					}
				}
			}
		case *types.Slice:
			for i, elt := range lit.Elts {
				if !yield(elt, fmt.Sprintf("[%d]", i)) {
					return
				}
			}
		default:
			yield(value, "")
		}
	}
}

// schemaLiteral returns the keyed composite literal of jsonschema.Schema
// that e is, or is the address of, or nil.
func (c *checker) schemaLiteral(e ast.Expr) *ast.CompositeLit {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	lit, ok := e.(*ast.CompositeLit)
	if !ok || !knowledge.IsNamed(gotypes.Deref(c.pass.TypesInfo.TypeOf(lit)), knowledge.JSONSchemaPath, "Schema") || !allKeyed(lit) {
		return nil
	}
	return lit
}

// defaultProblem says why the Default of the schema literal lit cannot
// validate against lit's own Type, Types or Enum, when lit states them
// and the default with constants.
func (c *checker) defaultProblem(lit *ast.CompositeLit) (string, bool) {
	value, ok := keyedField(lit, "Default")
	if !ok {
		return "", false
	}
	text, ok := c.rawJSON(value)
	if !ok {
		return "", false
	}
	var d any
	dec := json.NewDecoder(strings.NewReader(text))
	if err := dec.Decode(&d); err != nil || dec.More() {
		return fmt.Sprintf("%s is not a JSON value", shortQuote(text)), true
	}
	got := jsonType(d)
	if typ, ok := keyedField(lit, "Type"); ok {
		want, known := constString(c.pass.TypesInfo, typ)
		if known && want != "" && !typeAccepts(want, got) {
			return fmt.Sprintf("%s has type %q, and the schema's type is %q", shortQuote(text), got, want), true
		}
	} else if typs, ok := keyedField(lit, "Types"); ok {
		if want, known := c.constStrings(typs); known && !slices.ContainsFunc(want, func(w string) bool { return typeAccepts(w, got) }) {
			return fmt.Sprintf("%s has type %q, and the schema's types are %q", shortQuote(text), got, want), true
		}
	}
	if enum, ok := keyedField(lit, "Enum"); ok && (got == "string" || got == "boolean") {
		if values, known := c.constScalars(enum); known && !slices.Contains(values, d) {
			return fmt.Sprintf("%s is none of the schema's enum values", shortQuote(text)), true
		}
	}
	return "", false
}

// rawJSON returns the text of a default written as a conversion of a
// string constant: json.RawMessage(`...`) or []byte("...").
func (c *checker) rawJSON(e ast.Expr) (string, bool) {
	conv, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(conv.Args) != 1 || !c.pass.TypesInfo.Types[conv.Fun].IsType() {
		return "", false
	}
	return constString(c.pass.TypesInfo, conv.Args[0])
}

// constStrings returns the elements of a slice literal of string
// constants.
func (c *checker) constStrings(e ast.Expr) ([]string, bool) {
	values, ok := c.constScalars(e)
	if !ok {
		return nil, false
	}
	out := make([]string, len(values))
	for i, v := range values {
		if out[i], ok = v.(string); !ok {
			return nil, false
		}
	}
	return out, true
}

// constScalars returns the elements of a slice literal of string and
// boolean constants, as JSON decodes them; not known if any element is
// another constant (numbers compare across Go kinds in jsonschema-go) or
// no constant at all.
func (c *checker) constScalars(e ast.Expr) ([]any, bool) {
	lit, ok := ast.Unparen(e).(*ast.CompositeLit)
	if !ok {
		return nil, false
	}
	var out []any
	for _, elt := range lit.Elts {
		tv := c.pass.TypesInfo.Types[elt]
		if tv.Value == nil {
			return nil, false
		}
		switch tv.Value.Kind() {
		case constant.String:
			out = append(out, constant.StringVal(tv.Value))
		case constant.Bool:
			out = append(out, constant.BoolVal(tv.Value))
		default:
			return nil, false
		}
	}
	return out, true
}

// jsonType is the JSON type of a decoded value as jsonschema-go's
// validation names it: a number without a fraction is an "integer".
func jsonType(v any) string {
	switch v := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case float64:
		if _, frac := math.Modf(v); frac == 0 {
			return "integer"
		}
		return "number"
	case []any:
		return "array"
	default:
		return "object"
	}
}

// typeAccepts reports whether a schema of type want accepts a value of
// JSON type got ("number" subsumes integers).
func typeAccepts(want, got string) bool {
	return want == got || want == "number" && got == "integer"
}

// jsonKeyword is the JSON name of a field of jsonschema.Schema, for
// messages: its first letter lowered ("Properties" -> "properties").
func jsonKeyword(field string) string {
	if field == "" {
		return field
	}
	return strings.ToLower(field[:1]) + field[1:]
}

func join(path, step string) string {
	if path == "" {
		return step
	}
	return path + "." + step
}

// shortQuote quotes a default's text for a message, cut if long.
func shortQuote(text string) string {
	text = strings.TrimSpace(text)
	if len(text) > 40 {
		text = text[:37] + "..."
	}
	return "`" + text + "`"
}
