package approval

import (
	"context"
	"errors"
	"time"
)

// WithTimeout runs ask with a deadline. An expired prompt is reported as a
// Decision with Action == ActionExpired rather than as an error: the operator
// walking away is an outcome, not an infrastructure fault, and we do not want
// it to page anyone. Callers must therefore use Decision.Approved.
func WithTimeout(ctx context.Context, d time.Duration, ask func(context.Context) (Decision, error)) (Decision, error) {
	if d <= 0 {
		return ask(ctx)
	}
	cctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()

	type outcome struct {
		d   Decision
		err error
	}
	ch := make(chan outcome, 1)
	go func() {
		dec, err := ask(cctx)
		ch <- outcome{dec, err}
	}()

	select {
	case o := <-ch:
		if o.err != nil && errors.Is(o.err, context.DeadlineExceeded) && ctx.Err() == nil {
			return Decision{Action: ActionExpired}, nil
		}
		return o.d, o.err
	case <-cctx.Done():
		if ctx.Err() != nil {
			return Decision{}, ctx.Err()
		}
		return Decision{Action: ActionExpired}, nil
	}
}
