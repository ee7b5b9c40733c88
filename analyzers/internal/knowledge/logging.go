package knowledge

import (
	"go/types"
	"strings"
)

// IsReportOnly reports whether fn only reports or formats something (the
// standard library's log, log/slog and fmt printing and formatting
// functions, and errors.New, errors.Is, errors.As): a call of it does
// nothing a confirmation guards.
func IsReportOnly(fn *types.Func) bool {
	if fn.Pkg() == nil {
		return false
	}
	switch fn.Pkg().Path() {
	case "log", "log/slog", "errors":
		return true
	case "fmt":
		name := fn.Name()
		return strings.HasPrefix(name, "Print") || strings.HasPrefix(name, "Sprint") || name == "Errorf"
	}
	return false
}

// IsErrorsIs reports whether fn is errors.Is, which is false when its
// error is nil and its target is not.
func IsErrorsIs(fn *types.Func) bool {
	return fn.Name() == "Is" && fn.Pkg() != nil && fn.Pkg().Path() == "errors" && fn.Signature().Recv() == nil
}

// IsErrorsAs reports whether fn is errors.As, which is false when its
// error is nil and true when the error, or one it wraps, is of the type
// its target points to.
func IsErrorsAs(fn *types.Func) bool {
	return fn.Name() == "As" && fn.Pkg() != nil && fn.Pkg().Path() == "errors" && fn.Signature().Recv() == nil
}

// IsErrorf reports whether fn is fmt.Errorf, whose result wraps each
// operand of a %w verb (errors.Is sees through it).
func IsErrorf(fn *types.Func) bool {
	return fn.Name() == "Errorf" && fn.Pkg() != nil && fn.Pkg().Path() == "fmt" && fn.Signature().Recv() == nil
}

// IsLogging reports whether fn only writes a report (log's and log/slog's
// functions and methods, fmt.Print and its siblings): what it is given
// decides nothing.
func IsLogging(fn *types.Func) bool {
	if fn.Pkg() == nil {
		return false
	}
	switch fn.Pkg().Path() {
	case "log", "log/slog":
		return true
	case "fmt":
		return strings.HasPrefix(fn.Name(), "Print") || strings.HasPrefix(fn.Name(), "Fprint")
	}
	return false
}

// IsFormatting reports whether fn formats its operands into a string or
// an error (fmt.Sprint and its siblings, fmt.Errorf).
func IsFormatting(fn *types.Func) bool {
	return fn.Pkg() != nil && fn.Pkg().Path() == "fmt" && (strings.HasPrefix(fn.Name(), "Sprint") || fn.Name() == "Errorf")
}
