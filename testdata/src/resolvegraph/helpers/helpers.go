// Package helpers holds resolvers used from another package.
package helpers

import (
	"context"

	"github.com/mcplint/mcplint/runtime/resolve"
)

type Region struct{ Name string }

type Confirm struct {
	OK bool `json:"ok"`
}

func LookupRegion(ctx context.Context) (Region, error) { return Region{}, nil }

func AskConfirm(ctx context.Context, r Region) (resolve.Elicit[Confirm], error) {
	return resolve.Ask[Confirm]("ok?"), nil
}

// Generic resolvers, instantiated at the call site.
func Const[T any](v T) func(context.Context) (T, error) {
	return func(context.Context) (T, error) { return v, nil }
}

func Provide[T any](ctx context.Context) (T, error) {
	var v T
	return v, nil
}
