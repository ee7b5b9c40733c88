package a

// Nothing here is reported: reads, logging, formatting, local buffers and
// maps are not effects, and an effect outside every resolver is not this
// analyzer's business.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"log/slog"
	"os"
	"path/filepath"
	"strings"

	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var seen = map[string]int{}

func pure(ctx context.Context, in In) (Backup, error) {
	data, err := os.ReadFile(in.Path)
	if err != nil {
		return Backup{}, err
	}
	f, err := os.Open(in.Path)
	if err != nil {
		return Backup{}, err
	}
	defer f.Close()
	io.Copy(io.Discard, f)
	if _, err := os.Stat(in.Path); err != nil {
		return Backup{}, err
	}
	entries, _ := os.ReadDir(filepath.Dir(in.Path))
	var buf bytes.Buffer
	buf.Write(data)
	fmt.Fprintf(&buf, "%d entries", len(entries))
	var sb strings.Builder
	sb.WriteString(in.Path)
	json.NewEncoder(&buf).Encode(in)
	counts := map[string]int{}
	counts[in.Path]++
	seen[in.Path]++ // a package variable: not an effect outside the process
	log.Printf("resolving %s", in.Path)
	slog.InfoContext(ctx, "resolving", "path", in.Path)
	fmt.Fprintln(os.Stderr, "resolving", in.Path)
	os.Stdout.WriteString("resolving\n") // standard output is not a file opened for writing
	fmt.Println(sb.String())
	return Backup{Path: in.Path + ".bak"}, nil
}

// unusedAsResolver acts, but no registration uses it as a resolver: only
// the handler below calls it.
func unusedAsResolver(path string) error { return os.Remove(path) }

func handleAndAct(ctx context.Context, req *mcp.CallToolRequest, in In, b Backup) (Out, error) {
	return Out{Done: true}, unusedAsResolver(b.Path)
}

// effectful has a resolver's signature and acts, but it is only ever
// registered as a tool handler.
func effectful(ctx context.Context, req *mcp.CallToolRequest, in In) (Out, error) {
	return Out{}, os.Remove(in.Path)
}

func registerClean(s *mcp.Server) {
	resolve.MustAddTool(s, &mcp.Tool{Name: "pure"}, handleAndAct, pure)
	resolve.MustAddTool(s, &mcp.Tool{Name: "effectful"}, effectful)
	mcp.AddTool(s, &mcp.Tool{Name: "plain"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
		return nil, Out{}, os.Remove(in.Path)
	})
}
