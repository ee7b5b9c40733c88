// Package b registers resolvers that act through package lib.
package b

import (
	"context"

	"example.com/resolvepure/lib"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Out struct {
	Done bool `json:"done"`
}

type Saved struct{ OK bool }

type Confirm struct {
	OK bool `json:"ok"`
}

func handle(ctx context.Context, req *mcp.CallToolRequest, in lib.In, it lib.Item) (Out, error) {
	return Out{Done: true}, lib.Purge(it.Path) // the handler may act
}

func viaFact(ctx context.Context, in lib.In) (resolve.Elicit[Confirm], error) {
	lib.Purge(in.Path + ".bak") // want `^resolver b.viaFact writes to the file system \(os.Remove, through lib.Purge\)`
	return resolve.Ask[Confirm]("Purge " + in.Path + "?"), nil
}

func viaMethodFact(ctx context.Context, in lib.In, st *lib.Store) (Saved, error) {
	if _, err := st.Load(in.Path); err != nil { // reads: no fact
		return Saved{}, err
	}
	return Saved{OK: true}, st.Save(in.Path, nil) // want `writes to the file system \(os.WriteFile, through lib.\(\*Store\).Save\)`
}

func storeOf(ctx context.Context, in lib.In) (*lib.Store, error) {
	return &lib.Store{Dir: "store"}, nil
}

func handleSaved(ctx context.Context, req *mcp.CallToolRequest, in lib.In, s Saved) (Out, error) {
	return Out{Done: s.OK}, lib.Notify("ops@example.com")
}

func register(s *mcp.Server) {
	resolve.MustAddTool(s, &mcp.Tool{Name: "fact"}, handle, viaFact, lib.Describe)
	resolve.MustAddTool(s, &mcp.Tool{Name: "method_fact"}, handleSaved, storeOf, viaMethodFact)
	resolve.MustAddTool(s, &mcp.Tool{Name: "declared_elsewhere"}, handle, lib.Cleanup) // want `^resolver lib.Cleanup writes to the file system \(os.Remove, through lib.Purge\)`
}
