// Package other declares resolvers used from package a.
package other

import (
	"context"

	"github.com/mcplint/mcplint/runtime/resolve"
)

func AskAnything(ctx context.Context) (resolve.Elicit[any], error) { // want `resolver other\.AskAnything returns resolve\.Elicit\[any\], but any has no static form schema \(it is an interface\); return resolve\.Elicit\[resolve\.Form\] and ask with resolve\.AskForm and an explicit schema`
	return resolve.Given[any](nil), nil
}

// AskFor is generic: judged where it is instantiated.
func AskFor[T any](ctx context.Context) (resolve.Elicit[T], error) {
	return resolve.Ask[T]("?"), nil
}
