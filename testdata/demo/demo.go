// Package demo is a small bookshop MCP server with one mistake for each of
// mcplint's analyzers. From the root of the repository:
//
//	go run ./cmd/mcplint ./testdata/demo
//
// It lives under testdata so that ./... (and so mcplint's own self-lint)
// leaves it out.
package demo

import (
	"context"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type OrderIn struct {
	Title string `json:"title"`
}

type Stock struct{ Copies int }

type Shipping struct{ Days int }

type CancelIn struct {
	OrderID string `json:"order_id"`
}

func checkStock(ctx context.Context, in OrderIn) (Stock, error) {
	return Stock{Copies: 0}, nil
}

// Mistake (elicitbase): a map has no form schema, so the question cannot be
// rendered as a form and its answer cannot be validated.
func confirmBackorder(ctx context.Context, in OrderIn, s Stock) (resolve.Elicit[map[string]any], error) {
	if s.Copies > 0 {
		return resolve.Given(map[string]any{"confirm": true}), nil
	}
	return resolve.Ask[map[string]any](fmt.Sprintf("%q is out of stock. Order anyway?", in.Title)), nil
}

// Mistake (resolvegraph): nothing uses Shipping.
func estimateShipping(ctx context.Context, in OrderIn) (Shipping, error) {
	return Shipping{Days: 3}, nil
}

// Mistake (resolvemix): a tool with resolved parameters that returns
// *mcp.CallToolResult could send an input-required result of its own.
func orderBook(ctx context.Context, req *mcp.CallToolRequest, in OrderIn, s Stock, answer map[string]any) (*mcp.CallToolResult, error) {
	if answer["confirm"] != true {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "not ordered"}}}, nil
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "ordered " + in.Title}}}, nil
}

// Mistakes (statereach, askcaps): a handler that takes its own request
// state ("I asked") for the user's answer, and asks without checking the
// client can elicit.
func cancelOrder(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if req.Params.RequestState == "confirmed" {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "cancelled"}}}, nil
	}
	return &mcp.CallToolResult{
		InputRequests: mcp.InputRequestMap{"confirm": &mcp.ElicitParams{Message: "Cancel the order?"}},
		RequestState:  "confirmed",
	}, nil
}

// Register adds the bookshop's tools to s.
func Register(s *mcp.Server) error {
	s.AddTool(&mcp.Tool{Name: "cancel_order", InputSchema: map[string]any{"type": "object"}}, cancelOrder)
	return errors.Join(resolve.AddTool(s, &mcp.Tool{Name: "order_book"}, orderBook, checkStock, confirmBackorder, estimateShipping),
		resolve.AddTool(s, &mcp.Tool{Name: "gift_wrap"}, giftWrap, confirmWrap),
		resolve.AddTool(s, &mcp.Tool{Name: "delete_draft"}, deleteDraft, confirmDelete),
		registerRefund(s))
}

type Wrap struct {
	Wrap bool `json:"wrap"`
}

type Receipt struct {
	Text string `json:"text"`
}

// Mistake (askstable): the question carries the time, so it differs in
// every round; the answer, pinned to the question, never matches, and the
// user is asked again until the client gives up.
func confirmWrap(ctx context.Context, in OrderIn) (resolve.Elicit[Wrap], error) {
	return resolve.Ask[Wrap](fmt.Sprintf("It is %s. Gift-wrap %q?", time.Now().Format(time.Kitchen), in.Title)), nil
}

func giftWrap(ctx context.Context, req *mcp.CallToolRequest, in OrderIn, w Wrap) (Receipt, error) {
	return Receipt{Text: fmt.Sprintf("wrap %q: %v", in.Title, w.Wrap)}, nil
}

type RefundIn struct {
	OrderID string `json:"order_id"`
}

// Mistake (syncask): go-sdk refuses a server-to-client request on a
// 2026-07-28 session, so this confirmation fails for every modern client.
func refundOrder(ctx context.Context, req *mcp.CallToolRequest, in RefundIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Refund order " + in.OrderID + "?"})
	if err != nil {
		return nil, nil, err
	}
	if res.Action != "accept" {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "not refunded"}}}, nil, nil
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "refunded"}}}, nil, nil
}

// Mistake (failopen): asked only on older sessions, as syncask wants, but
// a timeout or a disconnect counts as a yes.
func confirmEmpty(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Empty the cart?"})
	if err != nil {
		return nil
	}
	if res.Action != "accept" {
		return errors.New("the cart is kept")
	}
	return nil
}

func emptyCart(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, any, error) {
	if req.ProtocolVersion() >= "2026-07-28" {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "empty the cart in the web shop"}}}, nil, nil
	}
	if err := confirmEmpty(ctx, req.Session); err != nil {
		return nil, nil, err
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "emptied"}}}, nil, nil
}

// Mistake (toolschema): jsonschema-go takes the whole tag as the field's
// description and refuses one that begins with WORD=, so mcp.AddTool
// panics when the server starts.
type TrackIn struct {
	OrderID string `json:"order_id" jsonschema:"description=the order to track"`
}

func trackOrder(ctx context.Context, req *mcp.CallToolRequest, in TrackIn) (*mcp.CallToolResult, any, error) {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "order " + in.OrderID + " is on its way"}}}, nil, nil
}

func registerRefund(s *mcp.Server) error {
	mcp.AddTool(s, &mcp.Tool{Name: "refund_order"}, refundOrder)
	mcp.AddTool(s, &mcp.Tool{Name: "empty_cart"}, emptyCart)
	mcp.AddTool(s, &mcp.Tool{Name: "track_order"}, trackOrder)
	return nil
}

type DraftIn struct {
	Path string `json:"path"`
}

type Delete struct {
	OK bool `json:"ok"`
}

// Mistake (resolvepure): the resolver that asks before deleting removes
// the backup already, before the user answers, and again in every round.
func confirmDelete(ctx context.Context, in DraftIn) (resolve.Elicit[Delete], error) {
	os.Remove(in.Path + ".bak")
	return resolve.Ask[Delete]("Delete " + in.Path + " and its backup?"), nil
}

func deleteDraft(ctx context.Context, req *mcp.CallToolRequest, in DraftIn, d Delete) (Receipt, error) {
	if !d.OK {
		return Receipt{Text: "kept " + in.Path}, nil
	}
	return Receipt{Text: "deleted " + in.Path}, os.Remove(in.Path)
}

// Mistake (suppress): the directive misspells resolvepure, so it would
// suppress nothing even in a resolver.
//
//mcplint:ignore resolvpure the cache is rebuilt on every start
func dropCache(in DraftIn) error {
	return os.Remove(in.Path + ".cache")
}
