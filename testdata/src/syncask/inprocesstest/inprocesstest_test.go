package inprocesstest

import (
	"testing"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/server"
)

func TestProxy(t *testing.T) {
	s := server.NewMCPServer("s", "1")
	if _, err := client.NewInProcessClient(s); err != nil {
		t.Fatal(err)
	}
	(&Proxy{}).SetServer(s)
}
