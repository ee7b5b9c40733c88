package a

// Calls through interface methods and function values, resolved by the
// flow layer within the package.

import (
	"context"
	"time"

	"github.com/mcplint/mcplint/runtime/resolve"
)

// A Clock tells the time; wallClock is the package's one implementation.
type Clock interface{ Now() string }

type wallClock struct{}

func (wallClock) Now() string { return time.Now().Format(time.Kitchen) } // want Now:`unstable\(time.Now\)`

// fixedClock is stable: its calls are no source.
type fixedClock struct{}

func (fixedClock) Now() string { return "noon" }

func byInterface(ctx context.Context, in In, c Clock) (resolve.Elicit[Confirm], error) {
	return resolve.Ask[Confirm]("at " + c.Now() + "?"), nil // want `message depends on the result of a.wallClock.Now \(time.Now\)`
}

var clockFunc = func() string { return time.Now().String() }

func byFuncValue(ctx context.Context, in In) (resolve.Elicit[Confirm], error) {
	return resolve.Ask[Confirm]("at " + clockFunc() + "?"), nil // want `message depends on time.Now`
}

func byStableFuncValue(ctx context.Context, in In) (resolve.Elicit[Confirm], error) {
	label := func() string { return in.Title }
	return resolve.Ask[Confirm](label() + "?"), nil
}

var _ = fixedClock{}
