// Package off has a directive that suppresses nothing: without
// -suppress.unused, it is not reported.
package off

import "context"

func stale(ctx context.Context) {
	//mcplint:ignore syncask the call below was removed
	_ = ctx
}
