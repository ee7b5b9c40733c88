package gotypes

import (
	"go/types"

	"github.com/mcplint/mcplint/analyzers/internal/knowledge"
)

// TypeString spells t as the runtime's messages do: as reflect's String
// does, with every package-level name qualified by its package name and
// aliases replaced by the types they denote, except *mcp.CallToolRequest,
// *mcp.GetPromptRequest and *mcp.ReadResourceRequest, which both sides
// spell so.
func TypeString(t types.Type) string { return typeString(unaliasDeep(t)) }

// unaliasDeep replaces the aliases in t, at any depth of its pointer,
// slice, array, map and channel types and type arguments, by the types
// they denote; the request types of go-sdk stay.
func unaliasDeep(t types.Type) types.Type {
	if knowledge.IsCallToolRequest(t) || knowledge.IsGetPromptRequest(t) || knowledge.IsReadResourceRequest(t) {
		return t
	}
	switch u := types.Unalias(t).(type) {
	case *types.Pointer:
		return types.NewPointer(unaliasDeep(u.Elem()))
	case *types.Slice:
		return types.NewSlice(unaliasDeep(u.Elem()))
	case *types.Array:
		return types.NewArray(unaliasDeep(u.Elem()), u.Len())
	case *types.Map:
		return types.NewMap(unaliasDeep(u.Key()), unaliasDeep(u.Elem()))
	case *types.Chan:
		return types.NewChan(u.Dir(), unaliasDeep(u.Elem()))
	case *types.Named:
		args := u.TypeArgs()
		if args.Len() == 0 {
			return u
		}
		var targs []types.Type
		for a := range args.Types() {
			targs = append(targs, unaliasDeep(a))
		}
		if inst, err := types.Instantiate(nil, u.Origin(), targs, false); err == nil {
			return inst
		}
		return u
	default:
		return u
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
