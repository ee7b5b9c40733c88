// Command conformance-mcpgo is examples/conformance-server on mcp-go
// (github.com/mark3labs/mcp-go): the same tools and prompt of the official
// conformance suite's input-required-result-* scenarios (SEP-2322, protocol
// 2026-07-28), the same flags, written with resolvers on mcp-go
// (runtime/mcpgo/resolve). The runtime drives the rounds, keeps the answers
// in requestState and seals that state with runtime/seal.
//
// Serve streamable HTTP at path /mcp:
//
//	go run ./examples/conformance-mcpgo -http 127.0.0.1:8080
//
// With port 0 the server picks a free port. It prints the URL it serves on
// one line of standard output once it accepts connections:
//
//	conformance-mcpgo: serving MCP on http://127.0.0.1:41873/mcp
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

	"github.com/mark3labs/mcp-go/server"
)

func main() {
	httpAddr := flag.String("http", "127.0.0.1:0", "serve streamable HTTP on this address (port 0 picks a free port)")
	flag.Parse()
	log.SetFlags(0)
	log.SetPrefix("conformance-mcpgo: ")

	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelInfo}))
	s, err := newServer(logger)
	if err != nil {
		log.Fatal(err)
	}

	ln, err := net.Listen("tcp", *httpAddr)
	if err != nil {
		log.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("/mcp", server.NewStreamableHTTPServer(s, server.WithStateLess(true), server.WithStreamableHTTPLogger(logger)))
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(shutdown)
	}()

	fmt.Printf("conformance-mcpgo: serving MCP on http://%s/mcp\n", ln.Addr())
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		log.Fatal(err)
	}
}
