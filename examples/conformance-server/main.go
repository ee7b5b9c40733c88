// Command conformance-server is the MCP server that the official conformance
// suite (@modelcontextprotocol/conformance) tests: it implements the tools
// and the prompt of the suite's input-required-result-* scenarios (SEP-2322,
// protocol 2026-07-28).
//
// Every tool and the prompt are written with resolvers (runtime/resolve):
// each question is a resolver, and the runtime drives the rounds, keeps the
// answers in requestState and seals that state with runtime/seal.
//
// Serve streamable HTTP (stateless, as protocol 2026-07-28 requires) at
// path /mcp:
//
//	go run ./examples/conformance-server -http 127.0.0.1:8080
//
// With port 0 the server picks a free port. It prints the URL it serves on
// one line of standard output once it accepts connections:
//
//	conformance-server: serving MCP on http://127.0.0.1:41873/mcp
//
// scripts/conformance.sh builds it, starts it and runs the suite against it.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func main() {
	httpAddr := flag.String("http", "127.0.0.1:0", "serve streamable HTTP on this address (port 0 picks a free port)")
	flag.Parse()
	log.SetFlags(0)
	log.SetPrefix("conformance-server: ")

	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelInfo}))
	server, err := newServer(logger)
	if err != nil {
		log.Fatal(err)
	}

	ln, err := net.Listen("tcp", *httpAddr)
	if err != nil {
		log.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("/mcp", mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return server },
		&mcp.StreamableHTTPOptions{Stateless: true}))
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(shutdown)
	}()

	fmt.Printf("conformance-server: serving MCP on http://%s/mcp\n", ln.Addr())
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		log.Fatal(err)
	}
}
