package kit

import (
	"encoding/json"
	"slices"
	"sort"
)

// Outcome is one way a client may answer a question.
type Outcome string

// The outcomes of failopen: Confirm is the answer the kit builds (or the
// user gave) for a question; every other one must not end the call as it
// does.
const (
	Confirm   Outcome = "accept"
	Unticked  Outcome = "accept with the box unticked"
	Missing   Outcome = "accept with the fields missing"
	Decline   Outcome = "decline"
	Cancel    Outcome = "cancel"
	NoAnswer  Outcome = "no answer"
	OtherKind Outcome = "an answer of another kind"
	Failure   Outcome = "a failed request"
	// AnotherKey is no answer under the question's key, and the
	// confirming answer under a key the call never asks: a tool that
	// takes a ticked answer under any key goes ahead on it.
	AnotherKey Outcome = "the confirming answer under another key"
)

// anotherKey is the key AnotherKey sends the confirming answer under:
// one the tool never asks.
func anotherKey(asked []string) string {
	key := "mcptest-unasked"
	for slices.Contains(asked, key) {
		key += "-again"
	}
	return key
}

const (
	methodElicit   = "elicitation/create"
	methodSampling = "sampling/createMessage"
	methodRoots    = "roots/list"
)

// form is what the kit reads of an elicitation request.
type form struct {
	Mode            string `json:"mode"`
	Message         string `json:"message"`
	RequestedSchema struct {
		Properties map[string]map[string]any `json:"properties"`
		Required   []string                  `json:"required"`
	} `json:"requestedSchema"`
}

func readForm(params json.RawMessage) form {
	var f form
	_ = json.Unmarshal(params, &f) // a malformed question is answered as a form with no fields
	return f
}

// outcomes lists the non-confirming outcomes that apply to a request. A
// roots or sampling question confirms nothing (failopen's static check
// holds the same): a tool may go on without its answer, so it has none;
// it is only asked again unanswered, for askstable.
func outcomes(r Request, legacy bool) []Outcome {
	if r.Method != methodElicit {
		if legacy {
			return nil
		}
		return []Outcome{NoAnswer}
	}
	f := readForm(r.Params)
	var out []Outcome
	if isCheckbox(f) {
		out = append(out, Unticked)
	}
	// A form may come back without its required fields (a client's bug),
	// and a checkbox without its box, which the schema may leave out.
	if len(f.RequestedSchema.Required) > 0 || isCheckbox(f) {
		out = append(out, Missing)
	}
	out = append(out, Decline, Cancel)
	if legacy {
		return append(out, Failure)
	}
	return append(out, NoAnswer, AnotherKey, OtherKind)
}

// isCheckbox says whether the form is a checkbox: its one field is a
// boolean, which unticked says no. A boolean beside other fields may say
// anything (notify the owner), as for failopen's static check.
func isCheckbox(f form) bool {
	if len(f.RequestedSchema.Properties) != 1 {
		return false
	}
	for _, p := range f.RequestedSchema.Properties {
		return p["type"] == "boolean"
	}
	return false
}

// answer builds the answer o to request r, as JSON. given is the user's
// confirming content for the question, if any. NoAnswer and Failure have
// no JSON.
func answer(r Request, o Outcome, given map[string]any) json.RawMessage {
	var v any
	switch {
	case o == OtherKind:
		v = samplingAnswer()
	case r.Method == methodSampling:
		v = samplingAnswer()
	case r.Method == methodRoots:
		v = map[string]any{"roots": []any{map[string]any{"uri": "file:///tmp/mcptest", "name": "mcptest"}}}
	case o == Decline || o == Cancel:
		v = map[string]any{"action": string(o)}
	case o == Missing:
		v = map[string]any{"action": "accept", "content": map[string]any{}}
	default:
		f := readForm(r.Params)
		if f.Mode == "url" {
			v = map[string]any{"action": "accept"}
			break
		}
		content := given
		if content == nil {
			content = fill(f.RequestedSchema.Properties)
		}
		if o == Unticked {
			content = untick(content, f)
		}
		v = map[string]any{"action": "accept", "content": content}
	}
	data, _ := json.Marshal(v) // maps of JSON values marshal
	return data
}

func samplingAnswer() map[string]any {
	return map[string]any{"role": "assistant", "model": "mcptest", "content": map[string]any{"type": "text", "text": "yes"}}
}

// fill builds a confirming form answer from a form's properties.
func fill(props map[string]map[string]any) map[string]any {
	content := make(map[string]any, len(props))
	for name, p := range props {
		content[name] = example(p)
	}
	return content
}

// example is a value of a property's schema.
func example(p map[string]any) any {
	if d, ok := p["default"]; ok {
		return d
	}
	if e, ok := p["enum"].([]any); ok && len(e) > 0 {
		return e[0]
	}
	if c, ok := p["const"]; ok {
		return c
	}
	switch typeOf(p) {
	case "boolean":
		return true
	case "integer", "number":
		if m, ok := p["minimum"].(float64); ok {
			return m
		}
		return 1
	case "array":
		if items, ok := p["items"].(map[string]any); ok {
			return []any{example(items)}
		}
		return []any{}
	case "object":
		props, _ := p["properties"].(map[string]any)
		obj := map[string]any{}
		for _, name := range requiredOf(p) {
			if sub, ok := props[name].(map[string]any); ok {
				obj[name] = example(sub)
			}
		}
		return obj
	default:
		switch p["format"] {
		case "email":
			return "user@example.com"
		case "uri":
			return "https://example.com/mcptest"
		case "date":
			return "2026-01-02"
		case "date-time":
			return "2026-01-02T03:04:05Z"
		}
		return "mcptest"
	}
}

// typeOf is a schema's type; the first non-null one of a list.
func typeOf(p map[string]any) string {
	switch t := p["type"].(type) {
	case string:
		return t
	case []any:
		for _, e := range t {
			if s, ok := e.(string); ok && s != "null" {
				return s
			}
		}
	}
	return ""
}

func requiredOf(p map[string]any) []string {
	var names []string
	if req, ok := p["required"].([]any); ok {
		for _, r := range req {
			if s, ok := r.(string); ok {
				names = append(names, s)
			}
		}
	}
	sort.Strings(names)
	return names
}

func untick(content map[string]any, f form) map[string]any {
	out := make(map[string]any, len(content))
	for k, v := range content {
		out[k] = v
	}
	for name, p := range f.RequestedSchema.Properties {
		if p["type"] == "boolean" {
			out[name] = false
		}
	}
	return out
}

// argsFromSchema builds example arguments from a tool's input schema: its
// required properties, each an example of its schema.
func argsFromSchema(schema json.RawMessage) map[string]any {
	var s map[string]any
	if json.Unmarshal(schema, &s) != nil {
		return map[string]any{}
	}
	v, _ := example(map[string]any{"type": "object", "properties": s["properties"], "required": s["required"]}).(map[string]any)
	return v
}

// otherArgs changes every argument of args: the same call, about
// something else.
func otherArgs(args map[string]any) map[string]any {
	out := make(map[string]any, len(args))
	for k, v := range args {
		switch v := v.(type) {
		case string:
			out[k] = v + "-other"
		case bool:
			out[k] = !v
		case float64:
			out[k] = v + 1
		case int:
			out[k] = v + 1
		default:
			out[k] = v
		}
	}
	return out
}
