package engine

import (
	"encoding/json"
	"maps"
	"slices"

	"github.com/mcplint/mcplint/internal/rules"
)

// CodeMissingRequiredClientCapabilities is the JSON-RPC error code of a
// request that needs a capability the client did not declare (SEP-2322).
const CodeMissingRequiredClientCapabilities = -32021

// Caps are the question kinds the client declared it takes.
type Caps struct {
	Form, Sampling, Roots bool
}

func (c Caps) can(kind Kind) bool {
	switch kind {
	case KindSampling:
		return c.Sampling
	case KindRoots:
		return c.Roots
	default:
		return c.Form
	}
}

// missingCapabilities is the -32021 error for questions the client cannot
// take.
func missingCapabilities(m rules.Method, kinds map[Kind]bool) error {
	required := map[string]any{}
	for _, kind := range slices.Sorted(maps.Keys(kinds)) {
		switch kind {
		case KindSampling:
			required["sampling"] = map[string]any{}
		case KindRoots:
			required["roots"] = map[string]any{}
		default:
			required["elicitation"] = map[string]any{"form": map[string]any{}}
		}
	}
	data, _ := json.Marshal(map[string]any{"requiredCapabilities": required})
	return &WireError{Code: CodeMissingRequiredClientCapabilities, Message: "the client lacks a capability this " + m.Noun() + " needs", Data: data}
}
