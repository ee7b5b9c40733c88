package a

// Stable questions: nothing here is reported.

import (
	"context"
	"fmt"
	"math/rand"
	"sort"
	"strings"
	"time"

	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Name is asked, so it is stable once answered.
type Name struct {
	Name string `json:"name"`
}

func askName(ctx context.Context, in In) (resolve.Elicit[Name], error) {
	return resolve.Ask[Name]("Who orders " + in.Title + "?"), nil
}

// fromAnswer builds its question from the tool's input and an answer.
func fromAnswer(ctx context.Context, req *mcp.CallToolRequest, in In, n Name) (resolve.Elicit[Confirm], error) {
	return resolve.Ask[Confirm](fmt.Sprintf("%s, order %s (tool %s)?", n.Name, in.Title, req.Params.Name)), nil
}

// Price is given from the input: stable.
type Price struct{ Cents int }

func price(ctx context.Context, in In) (resolve.Elicit[Price], error) {
	return resolve.Given(Price{Cents: len(in.Title) * 100}), nil
}

func confirmPrice(ctx context.Context, in In, p Price) (resolve.Elicit[Ack], error) {
	return resolve.Ask[Ack](fmt.Sprintf("Pay %d cents?", p.Cents)), nil
}

// checkout uses time only in the handler, after every question.
func checkout(ctx context.Context, req *mcp.CallToolRequest, in In, n Name, a Ack) (Out, error) {
	_ = time.Now()
	return Out{OK: a.OK}, nil
}

func registerStable(s *mcp.Server) {
	resolve.MustAddTool(s, &mcp.Tool{Name: "checkout"}, checkout, askName, price, confirmPrice)
}

// sortedKeys collects a map's keys and sorts them.
func sortedKeys(ctx context.Context, in In) (resolve.Elicit[Confirm], error) {
	stock := map[string]int{"a": 1, "b": 2}
	var names []string
	total := 0
	for name, n := range stock {
		names = append(names, name)
		total += n
	}
	sort.Strings(names)
	return resolve.Ask[Confirm](fmt.Sprintf("%d in stock: %s", total, strings.Join(names, ", "))), nil
}

// seeded draws from a generator with a constant seed: the same every round.
func seeded(ctx context.Context, in In) (resolve.Elicit[Confirm], error) {
	r := rand.New(rand.NewSource(42))
	return resolve.Ask[Confirm](fmt.Sprint("ticket ", r.Intn(1000))), nil
}

// greeting is set once, in init.
var greeting string

func init() { greeting = "Hello" }

func fromConfig(ctx context.Context, in In) (resolve.Elicit[Confirm], error) {
	return resolve.Ask[Confirm](greeting + ", order " + in.Title + "?"), nil
}

// logsTime uses time beside the question, not in it.
func logsTime(ctx context.Context, in In) (resolve.Elicit[Confirm], error) {
	start := time.Now()
	q := resolve.Ask[Confirm]("Order " + in.Title + "?")
	_ = time.Since(start)
	return q, nil
}

// suppressed is a known exception.
func suppressed(ctx context.Context, in In) (resolve.Elicit[Confirm], error) {
	return resolve.Ask[Confirm]("at " + time.Now().String()), nil //mcplint:ignore askstable the test client answers in the same second
}
