package gosdk

import (
	"context"
	"errors"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A test's confirmation confirms nothing real: not reported.
func TestCheck(t *testing.T) {
	err := checkClosed(context.Background(), &mcp.ServerSession{})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("checkClosed: %v", err)
	}
}
