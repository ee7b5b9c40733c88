package gotypes

import (
	"go/types"

	"github.com/mcplint/mcplint/analyzers/internal/knowledge"
	"github.com/mcplint/mcplint/internal/rules"
)

// TypeString spells t as the go-sdk binding's messages do: as reflect's
// String does, with every package-level name qualified by its package name
// and aliases replaced by the types they denote, except
// *mcp.CallToolRequest, *mcp.GetPromptRequest and *mcp.ReadResourceRequest,
// which both sides spell so.
func TypeString(t types.Type) string { return TypeStringIn(rules.GoSDK, t) }

// TypeStringIn spells t as the messages of sdk's binding do. The mcp-go
// binding spells every type as reflect does, go-sdk's request aliases
// too: its users write mcp-go's request types, which are no aliases.
func TypeStringIn(sdk rules.SDK, t types.Type) string {
	return typeString(unaliasDeep(t, sdk == rules.GoSDK))
}

// unaliasDeep replaces the aliases in t, at any depth of its pointer,
// slice, array, map and channel types and type arguments, by the types
// they denote; the request types of go-sdk stay if keepRequests.
func unaliasDeep(t types.Type, keepRequests bool) types.Type {
	if keepRequests && (knowledge.IsCallToolRequest(t) || knowledge.IsGetPromptRequest(t) || knowledge.IsReadResourceRequest(t)) {
		return t
	}
	switch u := unaliasKeepAny(t).(type) {
	case *types.Alias:
		return u // the universe's any
	case *types.Pointer:
		return types.NewPointer(unaliasDeep(u.Elem(), keepRequests))
	case *types.Slice:
		return types.NewSlice(unaliasDeep(u.Elem(), keepRequests))
	case *types.Array:
		return types.NewArray(unaliasDeep(u.Elem(), keepRequests), u.Len())
	case *types.Map:
		return types.NewMap(unaliasDeep(u.Key(), keepRequests), unaliasDeep(u.Elem(), keepRequests))
	case *types.Chan:
		return types.NewChan(u.Dir(), unaliasDeep(u.Elem(), keepRequests))
	case *types.Named:
		args := u.TypeArgs()
		if args.Len() == 0 {
			return u
		}
		var targs []types.Type
		for a := range args.Types() {
			targs = append(targs, unaliasDeep(a, keepRequests))
		}
		if inst, err := types.Instantiate(nil, u.Origin(), targs, false); err == nil {
			return inst
		}
		return u
	default:
		return u
	}
}

// universeAny is the universe's any.
var universeAny = types.Universe.Lookup("any")

// unaliasKeepAny is types.Unalias, except that it stops at the universe's
// any: go/types prints the empty interface that any denotes as "any" up
// to Go 1.26 and as "interface{}" from Go 1.27 on, so a message would
// change with the Go that built the analyzer (gopls v0.24.0 needs Go
// 1.27), and with it the key of a baseline.
func unaliasKeepAny(t types.Type) types.Type {
	for {
		a, ok := t.(*types.Alias)
		if !ok || a.Obj() == universeAny {
			return t
		}
		if a.TypeArgs().Len() > 0 {
			return types.Unalias(a) // an instance: its Rhs is not substituted
		}
		t = a.Rhs()
	}
}

// ReflectName returns what reflect's Type.String returns for t, when that
// is known: for a basic type, and for a named type without type arguments
// or a pointer to one. The runtime uses it as the default wire key of a
// question about t.
func ReflectName(t types.Type) (string, bool) {
	e := types.Unalias(t)
	if p, ok := e.(*types.Pointer); ok {
		e = types.Unalias(p.Elem())
	}
	switch e := e.(type) {
	case *types.Basic:
	case *types.Named:
		if e.TypeArgs().Len() > 0 || e.Obj().Pkg() == nil {
			return "", false
		}
	default:
		return "", false
	}
	return typeString(t), true
}
