package knowledge

import (
	"go/types"
	"strings"
)

// This file knows the values that change between the rounds of one
// multi-round call (analyzer askstable), and the questions of the runtime
// that must not depend on them.

// A Question describes a constructor of a resolver's question:
// resolve.Ask, resolve.AskForm or resolve.AskSampling.
type Question struct {
	Func string   // "resolve.Ask"
	Args []string // what each argument is in messages: "message", "schema"
}

// QuestionOf describes fn if it builds a question whose content the runtime
// pins answers to, or returns false. resolve.AskRoots has no content.
func QuestionOf(fn *types.Func) (Question, bool) {
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != ResolvePath || fn.Signature().Recv() != nil {
		return Question{}, false
	}
	switch fn.Origin().Name() {
	case "Ask":
		return Question{"resolve.Ask", []string{"message"}}, true
	case "AskForm":
		return Question{"resolve.AskForm", []string{"message", "schema"}}, true
	case "AskSampling":
		return Question{"resolve.AskSampling", []string{"sampling request"}}, true
	}
	return Question{}, false
}

// IsGiven reports whether fn is resolve.Given, whose result is the value
// passed to it.
func IsGiven(fn *types.Func) bool {
	return fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == ResolvePath && fn.Origin().Name() == "Given" && fn.Signature().Recv() == nil
}

// idPackages generate identifiers: each function of theirs without
// parameters returns a new one.
var idPackages = [...]string{
	"github.com/google/uuid",
	"github.com/gofrs/uuid",
	"github.com/gofrs/uuid/v5",
	"github.com/satori/go.uuid",
	"github.com/oklog/ulid",
	"github.com/oklog/ulid/v2",
	"github.com/rs/xid",
	"github.com/segmentio/ksuid",
	"github.com/lithammer/shortuuid/v4",
	"github.com/jaevor/go-nanoid",
	"github.com/matoous/go-nanoid/v2",
}

// UnstableCall describes the value that a call of fn returns if it changes
// from one call to the next whatever the arguments ("time.Now",
// "math/rand.Intn"), or returns "". Methods are left to their receiver: a
// *rand.Rand seeded with a constant is stable.
func UnstableCall(fn *types.Func) string {
	if fn == nil || fn.Pkg() == nil || fn.Signature().Recv() != nil {
		return ""
	}
	path, name := fn.Pkg().Path(), fn.Name()
	switch path {
	case "time":
		switch name {
		case "Now", "Since", "Until":
			return "time." + name
		}
	case "math/rand", "math/rand/v2":
		if strings.HasPrefix(name, "New") {
			return "" // a generator or a source: stable if its seed is
		}
		return path + "." + name
	case "crypto/rand":
		return "crypto/rand." + name
	case "os":
		if name == "Getpid" || name == "Getppid" {
			return "os." + name
		}
	}
	for _, p := range idPackages {
		if path == p && fn.Signature().Params().Len() == 0 && fn.Signature().Results().Len() > 0 {
			return fn.Pkg().Name() + "." + name
		}
	}
	return ""
}

// callToolParams reports whether t is go-sdk's mcp.CallToolParams or
// mcp.CallToolParamsRaw, or a pointer to one.
func callToolParams(t types.Type) bool {
	if p := Pointee(t); p != nil {
		t = p
	}
	return IsNamed(t, GoSDKPath, "CallToolParams") || IsNamed(t, GoSDKPath, "CallToolParamsRaw")
}

// UnstableMethod describes a method of a tools/call request whose result
// is the identity of that one request ("the request's progress token"),
// or returns "".
func UnstableMethod(fn *types.Func) string {
	if fn == nil || fn.Signature().Recv() == nil || !callToolParams(fn.Signature().Recv().Type()) {
		return ""
	}
	switch fn.Name() {
	case "GetProgressToken":
		return "the request's progress token"
	case "GetMeta":
		return "the request's _meta"
	}
	return ""
}

// UnstableGlobal describes a package-level variable of the standard
// library that changes at each use ("crypto/rand.Reader"), or returns "".
func UnstableGlobal(v *types.Var) string {
	if v != nil && v.Pkg() != nil && v.Pkg().Path() == "crypto/rand" && v.Name() == "Reader" {
		return "crypto/rand.Reader"
	}
	return ""
}

// UnstableField describes the field that a selection of field v from a
// value of type recv reads if it is the identity of one request rather
// than of the call, or returns "": the _meta of a tools/call request's
// params (which carries the progress token), and the transport's extra
// information of a request (headers such as a request id).
func UnstableField(recv types.Type, v *types.Var) string {
	if v == nil || !v.IsField() || v.Pkg() == nil || v.Pkg().Path() != GoSDKPath {
		return ""
	}
	switch v.Name() {
	case "Meta":
		if callToolParams(recv) {
			return "the request's _meta"
		}
	case "Extra":
		if p := Pointee(v.Type()); p != nil && IsNamed(p, GoSDKPath, "RequestExtra") {
			return "the request's transport extras"
		}
	}
	return ""
}

// IsAskRoots reports whether fn is resolve.AskRoots, a question without
// content.
func IsAskRoots(fn *types.Func) bool {
	return fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == ResolvePath && fn.Name() == "AskRoots" && fn.Signature().Recv() == nil
}

// Sorts reports whether fn sorts the slice it is passed first (sort.Strings,
// sort.Slice, slices.Sort...), which makes a map's iteration order stable.
func Sorts(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	switch fn.Pkg().Path() {
	case "sort":
		switch fn.Name() {
		case "Strings", "Ints", "Float64s", "Slice", "SliceStable", "Sort", "Stable":
			return true
		}
	case "slices":
		return strings.HasPrefix(fn.Origin().Name(), "Sort")
	}
	return false
}
