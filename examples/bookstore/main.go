// Command bookstore is a small MCP server with one resolver tool,
// order_book: a stock resolver checks the shelf, and a backorder resolver
// asks the user one question only when the book is out of stock.
//
// Serve it over stdio (for an MCP host), over streamable HTTP with -http, or
// run -demo to watch a go-sdk client call it in-process:
//
//	go run ./examples/bookstore -demo
//	go run ./examples/bookstore -http localhost:8080
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"net/http"
	"os"

	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// OrderIn is the tool's input: the only thing the client supplies.
type OrderIn struct {
	Title string `json:"title" jsonschema:"the title of the book"`
}

// Stock is computed by the server and never supplied by the client.
type Stock struct{ Copies int }

// Backorder is the user's answer to the out-of-stock question.
type Backorder struct {
	Confirm bool `json:"confirm" jsonschema:"order although the book is out of stock"`
}

// Receipt is the tool's structured result.
type Receipt struct {
	Title       string `json:"title"`
	Backordered bool   `json:"backordered"`
}

// shelf is the store's stock.
var shelf = map[string]int{"Dune": 0, "Neuromancer": 3}

func checkStock(ctx context.Context, in OrderIn) (Stock, error) {
	copies, ok := shelf[in.Title]
	if !ok {
		return Stock{}, fmt.Errorf("we do not sell %q", in.Title)
	}
	return Stock{Copies: copies}, nil
}

func confirmBackorder(ctx context.Context, in OrderIn, s Stock) (resolve.Elicit[Backorder], error) {
	if s.Copies > 0 {
		return resolve.Given(Backorder{Confirm: true}), nil
	}
	return resolve.Ask[Backorder](fmt.Sprintf("%q is out of stock. Order anyway?", in.Title)), nil
}

func orderBook(ctx context.Context, req *mcp.CallToolRequest, in OrderIn, s Stock, b Backorder) (Receipt, error) {
	if !b.Confirm {
		return Receipt{}, fmt.Errorf("order of %q not confirmed", in.Title)
	}
	return Receipt{Title: in.Title, Backordered: s.Copies == 0}, nil
}

// newServer builds the bookstore server.
func newServer() *mcp.Server {
	server := mcp.NewServer(&mcp.Implementation{Name: "bookstore", Version: "v1.0.0"}, nil)
	resolve.MustAddTool(server, &mcp.Tool{Name: "order_book", Description: "Order a book by title."},
		orderBook, checkStock, confirmBackorder)
	return server
}

func main() {
	httpAddr := flag.String("http", "", "serve streamable HTTP on this address instead of stdio")
	demo := flag.Bool("demo", false, "call order_book with an in-process go-sdk client that answers yes")
	flag.Parse()
	switch {
	case *demo:
		if err := runDemo(context.Background()); err != nil {
			log.Fatal(err)
		}
	case *httpAddr != "":
		handler := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return newServer() }, nil)
		log.Printf("bookstore: serving MCP on http://%s", *httpAddr)
		log.Fatal(http.ListenAndServe(*httpAddr, handler))
	default:
		if err := newServer().Run(context.Background(), &mcp.StdioTransport{}); err != nil {
			log.Fatal(err)
		}
	}
}

// runDemo orders two books through a real go-sdk client whose user answers
// every question with yes.
func runDemo(ctx context.Context) error {
	ct, st := mcp.NewInMemoryTransports()
	if _, err := newServer().Connect(ctx, st, nil); err != nil {
		return err
	}
	client := mcp.NewClient(&mcp.Implementation{Name: "demo-client", Version: "v1.0.0"}, &mcp.ClientOptions{
		ElicitationHandler: func(_ context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
			fmt.Fprintf(os.Stdout, "  the server asks: %s -> yes\n", req.Params.Message)
			return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"confirm": true}}, nil
		},
	})
	cs, err := client.Connect(ctx, ct, nil)
	if err != nil {
		return err
	}
	defer cs.Close()
	for _, title := range []string{"Neuromancer", "Dune"} {
		fmt.Printf("order_book %q\n", title)
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "order_book", Arguments: OrderIn{Title: title}})
		if err != nil {
			return err
		}
		for _, c := range res.Content {
			fmt.Printf("  result: %s\n", c.(*mcp.TextContent).Text)
		}
	}
	return nil
}
