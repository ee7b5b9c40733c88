package b

// Facts from package lib.

import (
	"context"
	"fmt"
	"time"

	"example.com/askstable/lib"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type In struct {
	Title string `json:"title"`
}

type Out struct {
	OK bool `json:"ok"`
}

func viaFact(ctx context.Context, in In) (resolve.Elicit[lib.Confirm], error) {
	return resolve.Ask[lib.Confirm]("as of " + lib.Stamp()), nil // want `message depends on the result of lib.Stamp \(time.Now\)`
}

func viaGlobal(ctx context.Context, in In) (resolve.Elicit[lib.Confirm], error) {
	return resolve.Ask[lib.Confirm](fmt.Sprint("call ", lib.Calls)), nil // want `message depends on package variable lib.Calls, written at run time in lib.Count`
}

func viaHelper(ctx context.Context, in In) (resolve.Elicit[lib.Confirm], error) {
	return lib.Ask(time.Now().String()), nil // want `^call of lib.Ask, which puts its argument into a question's content: the argument depends on time.Now`
}

func stableHelper(ctx context.Context, in In) (resolve.Elicit[lib.Confirm], error) {
	return lib.Ask("Order " + in.Title + "?"), nil
}

func due(ctx context.Context, in In) (lib.Due, error) {
	return lib.Due{At: time.Now().Add(time.Hour).String()}, nil
}

func handle(ctx context.Context, req *mcp.CallToolRequest, in In, c lib.Confirm) (Out, error) {
	return Out{OK: c.OK}, nil
}

func register(s *mcp.Server) {
	resolve.MustAddTool(s, &mcp.Tool{Name: "remind"}, handle, due, lib.Remind) // want `^resolver lib.Remind puts its parameter d into a question, and it receives the value resolver due gives \(the result of b.due \(time.Now\)\)`
}
