// Package input_key_default_collision is a case of the agreement corpus: an
// InputKey method returns the default key of another provided type. It
// registers the tool twice, with the resolvers in both orders: the collision
// is rejected in either order, and no key is renamed.
//
//agree:want resolvegraph/input-key resolvegraph/input-key
package input_key_default_collision

import (
	"context"
	"errors"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Count asks under its default key, its type name.
type Count struct {
	N int `json:"n"`
}

func askStock(ctx context.Context) (resolve.Elicit[Count], error) {
	return resolve.Ask[Count]("how many?"), nil
}

// Poser chooses the default key of Count.
type Poser struct {
	Name string `json:"name"`
}

func (Poser) InputKey() string { return "input_key_default_collision.Count" }

func askPoser(ctx context.Context) (resolve.Elicit[Poser], error) {
	return resolve.Ask[Poser]("name?"), nil
}

func handle(ctx context.Context, req *mcp.CallToolRequest, in kit.In, c Count, p Poser) (kit.Out, error) {
	return kit.Out{}, nil
}

func Register(s *mcp.Server) error {
	return errors.Join(
		resolve.AddTool(s, &mcp.Tool{Name: "default_key_first"}, handle, askStock, askPoser),
		resolve.AddTool(s, &mcp.Tool{Name: "chosen_key_first"}, handle, askPoser, askStock))
}
