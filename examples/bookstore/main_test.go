package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcplint/mcplint/internal/stdiotest"
	"github.com/mcplint/mcplint/mcptest"
)

func TestDemo(t *testing.T) {
	out := captureStdout(t, func() {
		if err := runDemo(context.Background()); err != nil {
			t.Fatal(err)
		}
	})
	want := `order_book "Neuromancer"
  result: {"title":"Neuromancer","backordered":false}
order_book "Dune"
  the server asks: "Dune" is out of stock. Order anyway? -> yes
  result: {"title":"Dune","backordered":true}
`
	if out != want {
		t.Errorf("demo printed:\n%s\nwant:\n%s", out, want)
	}
}

func captureStdout(t *testing.T, f func()) string {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	saved := os.Stdout
	os.Stdout = w
	done := make(chan string)
	go func() {
		var buf bytes.Buffer
		io.Copy(&buf, r)
		done <- buf.String()
	}()
	f()
	os.Stdout = saved
	w.Close()
	return strings.ReplaceAll(<-done, "\r\n", "\n")
}

// TestStdioClientGoesAway runs the server as a client would (go run
// ./examples/bookstore, over stdio), orders a book in stock, and checks
// that the server exits 0, silently, when the client closes its stdin.
func TestStdioClientGoesAway(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the example")
	}
	bin := filepath.Join(t.TempDir(), "bookstore")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	stdiotest.Session(t, bin, func(ctx context.Context, cs *mcp.ClientSession) {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "order_book", Arguments: OrderIn{Title: "Neuromancer"}})
		if err != nil {
			t.Fatal(err)
		}
		if got := res.Content[0].(*mcp.TextContent).Text; got != `{"title":"Neuromancer","backordered":false}` {
			t.Errorf("order_book: %s", got)
		}
	})
}

// TestMCPTest runs mcplint's test kit over the bookstore: its resolver tool
// passes every scenario.
func TestMCPTest(t *testing.T) {
	mcptest.Check(t, newServer(), mcptest.Options{Tool: map[string]mcptest.Tool{
		"order_book": {Args: map[string]any{"title": "Dune"}}, // out of stock: it asks
	}})
}
