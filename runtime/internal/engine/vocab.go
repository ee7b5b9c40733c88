package engine

import (
	"reflect"

	"github.com/mcplint/mcplint/runtime/internal/resolve"
)

// The question kinds and questions are the resolver vocabulary's
// (runtime/internal/resolve), which both bindings share.
type (
	Kind     = resolve.Kind
	Question = resolve.Question
)

const (
	KindForm     = resolve.KindForm
	KindSampling = resolve.KindSampling
	KindRoots    = resolve.KindRoots
)

// answerType is the type that an explicit question of kind k provides:
// Form, or the SDK's sampling or roots result.
func (e *Engine) answerType(k Kind) reflect.Type {
	if k == KindForm {
		return resolve.FormType
	}
	return e.sdk.AnswerType(k)
}
