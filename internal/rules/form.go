package rules

import "fmt"

// FormKind is the kind of a type as a form answer: what it is after one
// pointer is removed.
type FormKind int

// The kinds of form answer types.
const (
	FormStruct FormKind = iota
	FormInterface
	FormMap
	FormRawJSON // json.RawMessage itself
	FormOther
)

// A FormField is a field of a form answer struct, as reflect.VisibleFields
// lists it: fields promoted through embedded structs included.
type FormField[T any] struct {
	Name     string
	Type     T
	Embedded bool
	Exported bool
	Omitted  bool // tagged json:"-"
}

// FormTypes answers the questions about types that the form rule needs.
type FormTypes[T any] interface {
	// ExplicitAnswer reports whether t is the answer of a question that
	// carries its own schema: resolve.Form, *mcp.CreateMessageWithToolsResult
	// or *mcp.ListRootsResult.
	ExplicitAnswer(t T) bool
	// FormShape returns the kind of t, one pointer removed, and for a
	// struct its visible fields.
	FormShape(t T) (FormKind, []FormField[T])
	// IsPrimitive reports whether t, one pointer removed, is a string,
	// boolean or number type.
	IsPrimitive(t T) bool
	// String spells t for messages.
	String(t T) string
	// FormSchemaProblem says why the schema of t (a struct of primitive
	// fields) cannot be inferred, or returns "".
	FormSchemaProblem(t T) string
}

// FormProblem says why t may not be the answer type of an eliciting
// resolver (rule elicitbase), or returns "". A form schema is a flat
// object: clients render each property as one input, and the go-sdk client
// rejects nested objects. So t must be a struct, or a pointer to one, whose
// JSON fields are strings, booleans or numbers, each optionally behind a
// pointer. It is judged on the schema it renders: the fields of unexported
// embedded structs are promoted into it, at any depth, and judged as its
// own.
func FormProblem[T any](ts FormTypes[T], t T) string {
	if ts.ExplicitAnswer(t) {
		return ""
	}
	kind, fields := ts.FormShape(t)
	switch kind {
	case FormInterface:
		return "it is an interface"
	case FormMap:
		return "it is a map"
	case FormRawJSON:
		return "it is raw JSON"
	case FormOther:
		return "it is not a struct"
	}
	for _, f := range fields {
		switch {
		case f.Embedded && !f.Exported:
			// Its fields are listed on their own.
		case !f.Exported || f.Omitted:
		case f.Embedded:
			return fmt.Sprintf("field %s is embedded", f.Name)
		case !ts.IsPrimitive(f.Type):
			return fmt.Sprintf("field %s has type %s, not a string, boolean or number", f.Name, ts.String(f.Type))
		}
	}
	if why := ts.FormSchemaProblem(t); why != "" {
		return "its schema cannot be inferred: " + why
	}
	return ""
}
