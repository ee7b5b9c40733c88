package engine

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/mcplint/mcplint/runtime/internal/resolve"
)

// The actions of an elicitation result, as the bindings' Action types spell
// them. Sampling and roots answers are always accepted.
const (
	Accept  = string(resolve.Accept)
	Decline = string(resolve.Decline)
	Cancel  = string(resolve.Cancel)
)

// ErrMalformedAnswer marks an input response that is not a response of its
// question's kind at all (a number for an elicitation result, content that
// is not an object): a malformed request, answered with -32602, as an SDK
// that decodes responses with the request's params answers it.
var ErrMalformedAnswer = errors.New("malformed input response")

// malformedAnswer is the error of a request whose fresh answer to key is
// malformed.
func malformedAnswer(key string) *WireError {
	return &WireError{Code: CodeInvalidParams, Message: fmt.Sprintf("Invalid params: the input response %q is not a response to the question asked", key)}
}

// An Answer is one input response, read by the SDK.
type Answer struct {
	// Action is a form answer's action: Accept, Decline, Cancel, or
	// another string the client sent.
	Action string
	// Content is an accepted form answer's content.
	Content map[string]any
	// Result is a sampling or roots answer: the SDK's result value, of the
	// SDK's AnswerType of its kind; nil if the answer had none.
	Result any
	// Raw is the answer as the client sent it, which the engine stores.
	Raw json.RawMessage
}

// decode checks an answer against the question asked and decodes its
// value, of the type the resolver of n provides.
func (e *Engine) decode(n *node, kind Kind, schema *jsonschema.Resolved, a Answer) (reflect.Value, string, error) {
	none := reflect.Value{}
	switch kind {
	case KindForm:
		switch a.Action {
		case Decline, Cancel:
			return reflect.Zero(n.provides), a.Action, nil
		case Accept:
		default:
			return none, "", fmt.Errorf("unknown action %q", a.Action)
		}
		content := a.Content
		if content == nil {
			content = map[string]any{}
		}
		// The inferred form's fast validator, where it applies, says only
		// "valid"; the validator still says why not.
		if schema != n.form || n.flat == nil || !n.flat.Valid(content) {
			if err := schema.Validate(content); err != nil {
				return none, "", err
			}
		}
		if n.provides == e.answerType(KindForm) {
			return reflect.ValueOf(content).Convert(n.provides), Accept, nil
		}
		v, err := n.answer.decode(content, nil)
		if err != nil {
			return none, "", err
		}
		return v, Accept, nil
	case KindSampling, KindRoots:
		if a.Result != nil {
			if v := reflect.ValueOf(a.Result); v.Type() == n.provides && !(v.Kind() == reflect.Pointer && v.IsNil()) {
				return v, Accept, nil
			}
		}
	}
	return none, "", fmt.Errorf("answer is not a %s result", kind)
}

// storedAnswer is what the state keeps of a fresh answer that decode
// accepted with action: a form answer's action and content, or the
// client's response to a question of another kind. The client's whole
// response to a form (its action and content in JSON, and whatever else it
// sent) would travel to the client and back in every later round. The
// content of an answer to a flat form (flat, the form's FlatSchema, when
// the question was asked with the form inferred for its resolver) is kept
// in the form's own layout, by property index, and any other as JSON.
func storedAnswer(digest string, kind Kind, action string, a Answer, flat *FlatSchema) StoredAnswer {
	if kind != KindForm {
		return StoredAnswer{Digest: digest, Response: a.Raw}
	}
	s := StoredAnswer{Digest: digest, Action: action}
	if action == Accept {
		if flat != nil {
			if b, ok := flat.appendContent(make([]byte, 0, 8*len(a.Content)), a.Content); ok {
				s.flat = b
				return s
			}
		}
		content, err := json.Marshal(a.Content)
		if err != nil { // content decoded from JSON marshals; keep what the client sent
			return StoredAnswer{Digest: digest, Response: a.Raw}
		}
		s.Content = content
	}
	return s
}

// parseStored reads a stored answer for a question of kind k, whose form
// has the FlatSchema flat (nil: not the flat form inferred for its
// resolver): a form answer that the engine stored by its action, or a
// response as the client sent it, which the SDK reads.
func (e *Engine) parseStored(k Kind, stored StoredAnswer, flat *FlatSchema) (Answer, error) {
	if stored.Action == "" {
		return e.sdk.ParseStored(k, stored.Response)
	}
	if k != KindForm {
		return Answer{}, fmt.Errorf("stored answer is a form answer, not a %s result", k)
	}
	content, err := stored.FormContent(flat)
	if err != nil {
		return Answer{}, err
	}
	return Answer{Action: stored.Action, Content: content}, nil
}

// FormContent returns the content of an accepted form answer that the
// engine stored by its action (nil for another), for a question whose form
// has the FlatSchema flat (nil if it has none).
func (a StoredAnswer) FormContent(flat *FlatSchema) (map[string]any, error) {
	switch {
	case a.flat != nil:
		if flat == nil {
			return nil, errors.New("stored answer is in a flat form's layout, and the question's form is not flat")
		}
		return flat.content(a.flat)
	case a.Action == Accept:
		var content map[string]any
		if err := json.Unmarshal(a.Content, &content); err != nil {
			return nil, fmt.Errorf("stored content: %w", err)
		}
		return content, nil
	}
	return nil, nil
}
