package knowledge

import "go/types"

// ContextPath is the import path of the standard library's context
// package.
const ContextPath = "context"

// The context package's errors: what a request returns, wrapped or not,
// when the context it was sent with is done, and what the context's Err
// method returns then. A request that fails with one timed out, or was
// cancelled; one that fails with neither was refused or broke otherwise
// (the SDK's refusal on a 2026-07-28 session, a client without the
// capability, a client's error, a disconnect).
const (
	ContextDeadlineExceeded = "DeadlineExceeded"
	ContextCanceled         = "Canceled"
)

// ContextError returns the name of the context package's error that obj
// is (ContextDeadlineExceeded or ContextCanceled), or "".
func ContextError(obj types.Object) string {
	v, ok := obj.(*types.Var)
	if !ok || v.Pkg() == nil || v.Pkg().Path() != ContextPath || v.Parent() != v.Pkg().Scope() {
		return ""
	}
	switch v.Name() {
	case ContextDeadlineExceeded, ContextCanceled:
		return v.Name()
	}
	return ""
}

// IsContextErr reports whether fn is context.Context's Err method: nil
// while the context is live, its error once it is done.
func IsContextErr(fn *types.Func) bool {
	recv := fn.Signature().Recv()
	return fn.Name() == "Err" && fn.Pkg() != nil && fn.Pkg().Path() == ContextPath && recv != nil && types.IsInterface(recv.Type())
}
