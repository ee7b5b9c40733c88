package engine

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

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
	var names []string // as in requiredCapabilities
	for _, kind := range slices.Sorted(maps.Keys(kinds)) {
		switch kind {
		case KindSampling:
			required["sampling"] = map[string]any{}
			names = append(names, "sampling")
		case KindRoots:
			required["roots"] = map[string]any{}
			names = append(names, "roots")
		default:
			required["elicitation"] = map[string]any{"form": map[string]any{}}
			names = append(names, "elicitation.form")
		}
	}
	slices.Sort(names)
	names = slices.Compact(names)
	data, _ := json.Marshal(map[string]any{"requiredCapabilities": required})
	noun := "capability"
	if len(names) > 1 {
		noun = "capabilities"
	}
	return &WireError{Code: CodeMissingRequiredClientCapabilities,
		Message: fmt.Sprintf("the client did not declare the %s this %s needs: %s", noun, m.Noun(), strings.Join(names, ", ")), Data: data}
}
