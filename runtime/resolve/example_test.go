package resolve_test

import (
	"context"
	"fmt"
	"log"
	"log/slog"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type OrderIn struct {
	Title string `json:"title" jsonschema:"the book to order"`
}

type Stock struct{ Copies int }

type Backorder struct {
	Confirm bool `json:"confirm" jsonschema:"order although the book is out of stock"`
}

type Receipt struct {
	Title       string `json:"title"`
	Backordered bool   `json:"backordered"`
}

// checkStock is a plain resolver: it computes a value and asks nothing.
func checkStock(ctx context.Context, in OrderIn) (Stock, error) {
	return Stock{Copies: 0}, nil // a real server would look it up
}

// confirmBackorder may ask the user one question, and only when it must.
func confirmBackorder(ctx context.Context, in OrderIn, s Stock) (resolve.Elicit[Backorder], error) {
	if s.Copies > 0 {
		return resolve.Given(Backorder{Confirm: true}), nil
	}
	return resolve.Ask[Backorder](fmt.Sprintf("%q is out of stock. Order anyway?", in.Title)), nil
}

// orderBook receives the resolved values after the input.
func orderBook(ctx context.Context, req *mcp.CallToolRequest, in OrderIn, s Stock, b Backorder) (Receipt, error) {
	if !b.Confirm {
		return Receipt{}, fmt.Errorf("order of %q not confirmed", in.Title)
	}
	return Receipt{Title: in.Title, Backordered: s.Copies == 0}, nil
}

// connect runs server and a go-sdk client that answers questions with
// answer, over in-memory transports.
func connect(server *mcp.Server, answer func(*mcp.ElicitParams) *mcp.ElicitResult) *mcp.ClientSession {
	ctx := context.Background()
	ct, st := mcp.NewInMemoryTransports()
	if _, err := server.Connect(ctx, st, nil); err != nil {
		log.Fatal(err)
	}
	client := mcp.NewClient(&mcp.Implementation{Name: "example-client", Version: "v1"}, &mcp.ClientOptions{
		ElicitationHandler: func(_ context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
			fmt.Println("asked:", req.Params.Message)
			return answer(req.Params), nil
		},
	})
	cs, err := client.Connect(ctx, ct, nil)
	if err != nil {
		log.Fatal(err)
	}
	return cs
}

func printResult(res *mcp.CallToolResult, err error) {
	if err != nil {
		log.Fatal(err)
	}
	for _, c := range res.Content {
		fmt.Println("result:", c.(*mcp.TextContent).Text)
	}
}

func ExampleAddTool() {
	server := mcp.NewServer(&mcp.Implementation{Name: "bookstore", Version: "v1"}, nil)
	resolve.MustAddTool(server, &mcp.Tool{Name: "order_book", Description: "Order a book"},
		orderBook, checkStock, confirmBackorder)

	cs := connect(server, func(*mcp.ElicitParams) *mcp.ElicitResult {
		return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"confirm": true}}
	})
	defer cs.Close()
	printResult(cs.CallTool(context.Background(), &mcp.CallToolParams{
		Name: "order_book", Arguments: map[string]any{"title": "Dune"},
	}))
	// Output:
	// asked: "Dune" is out of stock. Order anyway?
	// result: {"title":"Dune","backordered":true}
}

func ExampleAddTool_rejected() {
	server := mcp.NewServer(&mcp.Implementation{Name: "bookstore", Version: "v1"}, nil)
	// A resolver tool cannot return *mcp.CallToolResult: the call has one
	// input_required channel, and the resolvers own it.
	mixed := func(ctx context.Context, req *mcp.CallToolRequest, in OrderIn, s Stock) (*mcp.CallToolResult, error) {
		return nil, nil
	}
	err := resolve.AddTool(server, &mcp.Tool{Name: "mixed"}, mixed, checkStock)
	fmt.Println(resolve.Rules(err))
	// Output:
	// [resolvemix]
}

func ExampleAskForm() {
	type Genre struct {
		Genre string `json:"genre"`
	}
	askGenre := func(ctx context.Context) (resolve.Elicit[Genre], error) {
		return resolve.Ask[Genre]("Which genre?"), nil
	}
	// The second question's schema depends on the first answer.
	askFavorite := func(ctx context.Context, g Genre) (resolve.Elicit[resolve.Form], error) {
		schema := &jsonschema.Schema{
			Type:       "object",
			Properties: map[string]*jsonschema.Schema{"favorite": {Type: "string", Description: "your favorite " + g.Genre + " book"}},
			Required:   []string{"favorite"},
		}
		return resolve.AskForm("Your favorite "+g.Genre+" book?", schema), nil
	}
	recommend := func(ctx context.Context, req *mcp.CallToolRequest, in struct{}, f resolve.Form) (string, error) {
		return "because you liked " + f["favorite"].(string), nil
	}
	server := mcp.NewServer(&mcp.Implementation{Name: "bookstore", Version: "v1"}, nil)
	resolve.MustAddTool(server, &mcp.Tool{Name: "recommend"}, recommend, askGenre, askFavorite)

	cs := connect(server, func(p *mcp.ElicitParams) *mcp.ElicitResult {
		if p.Message == "Which genre?" {
			return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"genre": "scifi"}}
		}
		return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"favorite": "Dune"}}
	})
	defer cs.Close()
	printResult(cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "recommend", Arguments: map[string]any{}}))
	// Output:
	// asked: Which genre?
	// asked: Your favorite scifi book?
	// result: "because you liked Dune"
}

func ExampleOutcome() {
	// A consumer of Outcome[T] sees a decline instead of aborting the call.
	gift := func(ctx context.Context, req *mcp.CallToolRequest, in OrderIn, s Stock, b resolve.Outcome[Backorder]) (string, error) {
		if !b.Accepted() {
			return fmt.Sprintf("no backorder (%s); we will email you when %q is back", b.Action, in.Title), nil
		}
		return "backordered", nil
	}
	server := mcp.NewServer(&mcp.Implementation{Name: "bookstore", Version: "v1"}, nil)
	resolve.MustAddTool(server, &mcp.Tool{Name: "gift"}, gift, checkStock, confirmBackorder)

	cs := connect(server, func(*mcp.ElicitParams) *mcp.ElicitResult { return &mcp.ElicitResult{Action: "decline"} })
	defer cs.Close()
	printResult(cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "gift", Arguments: map[string]any{"title": "Dune"}}))
	// Output:
	// asked: "Dune" is out of stock. Order anyway?
	// result: "no backorder (decline); we will email you when \"Dune\" is back"
}

// A panic in a resolver ends only its call, with a fixed tool error; the
// panic value and its stack go to Options.Logger, and the server goes on.
func ExampleOptions_panic() {
	rt, err := resolve.New(&resolve.Options{Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		log.Fatal(err)
	}
	server := mcp.NewServer(&mcp.Implementation{Name: "bookstore", Version: "v1"}, nil)
	fragileStock := func(ctx context.Context, in OrderIn) (Stock, error) {
		if in.Title == "" {
			panic("no title")
		}
		return checkStock(ctx, in)
	}
	if err := rt.AddTool(server, &mcp.Tool{Name: "order_book"}, orderBook, fragileStock, confirmBackorder); err != nil {
		log.Fatal(err)
	}
	cs := connect(server, func(*mcp.ElicitParams) *mcp.ElicitResult {
		return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"confirm": true}}
	})
	defer cs.Close()
	printResult(cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "order_book", Arguments: OrderIn{}}))
	printResult(cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "order_book", Arguments: OrderIn{Title: "Dune"}}))
	// Output:
	// result: the tool failed inside the server; the server's log has the details
	// asked: "Dune" is out of stock. Order anyway?
	// result: {"title":"Dune","backordered":true}
}

type Repo struct {
	Name string `json:"name" jsonschema:"the repository to review"`
}

// askRepo asks for the repository unless the prompt's arguments name it:
// a prompt's input is on its request.
func askRepo(ctx context.Context, req *mcp.GetPromptRequest) (resolve.Elicit[Repo], error) {
	if name := req.Params.Arguments["repo"]; name != "" {
		return resolve.Given(Repo{Name: name}), nil
	}
	return resolve.Ask[Repo]("Which repository should the review cover?"), nil
}

// review is a go-sdk prompt handler with a resolved parameter appended.
func review(ctx context.Context, req *mcp.GetPromptRequest, r Repo) (*mcp.GetPromptResult, error) {
	return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{
		{Role: "user", Content: &mcp.TextContent{Text: "Review the open pull requests of " + r.Name + "."}},
	}}, nil
}

func ExampleAddPrompt() {
	server := mcp.NewServer(&mcp.Implementation{Name: "reviews", Version: "v1"}, nil)
	if err := resolve.AddPrompt(server, &mcp.Prompt{Name: "review"}, review, askRepo); err != nil {
		log.Fatal(err)
	}
	cs := connect(server, func(*mcp.ElicitParams) *mcp.ElicitResult {
		return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"name": "mcplint"}}
	})
	defer cs.Close()
	for _, args := range []map[string]string{nil, {"repo": "go-sdk"}} {
		res, err := cs.GetPrompt(context.Background(), &mcp.GetPromptParams{Name: "review", Arguments: args})
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println("prompt:", res.Messages[0].Content.(*mcp.TextContent).Text)
	}
	// Output:
	// asked: Which repository should the review cover?
	// prompt: Review the open pull requests of mcplint.
	// prompt: Review the open pull requests of go-sdk.
}

// A call confirmed once runs once: its final request sent again (a client
// retrying, or anyone who captured it) is refused. Replicas that serve each
// other's rounds share the store of spent calls: Options.SpentStore, such
// as runtime/singleuse/redisstore.
func ExampleOptions_singleUse() {
	rt, err := resolve.New(&resolve.Options{Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		log.Fatal(err)
	}
	server := mcp.NewServer(&mcp.Implementation{Name: "bookstore", Version: "v1"}, nil)
	if err := rt.AddTool(server, &mcp.Tool{Name: "order_book"}, orderBook, checkStock, confirmBackorder); err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	ct, st := mcp.NewInMemoryTransports()
	if _, err := server.Connect(ctx, st, nil); err != nil {
		log.Fatal(err)
	}
	// A host that drives the rounds itself.
	client := mcp.NewClient(&mcp.Implementation{Name: "host", Version: "v1"}, &mcp.ClientOptions{
		ElicitationHandler: func(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error) { return nil, nil },
		MultiRoundTrip:     &mcp.MultiRoundTripOptions{Disabled: true},
	})
	cs, err := client.Connect(ctx, ct, nil)
	if err != nil {
		log.Fatal(err)
	}
	defer cs.Close()
	args := map[string]any{"title": "Dune"}
	r1, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "order_book", Arguments: args})
	if err != nil {
		log.Fatal(err)
	}
	final := func() *mcp.CallToolParams {
		return &mcp.CallToolParams{Name: "order_book", Arguments: args, RequestState: r1.RequestState,
			InputResponses: mcp.InputResponseMap{"resolve_test.Backorder": &mcp.ElicitResult{Action: "accept", Content: map[string]any{"confirm": true}}}}
	}
	printResult(cs.CallTool(ctx, final()))
	_, err = cs.CallTool(ctx, final())
	fmt.Println("again:", err)
	// Output:
	// result: {"title":"Dune","backordered":true}
	// again: calling "tools/call": Invalid or expired requestState
}
