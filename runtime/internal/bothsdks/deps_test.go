package bothsdks_test

import (
	"os/exec"
	"strings"
	"testing"
)

// A server on one SDK compiles no package of the other: the bindings, the
// engine and the codecs they share (runtime/seal, which hand-written
// handlers on either SDK use too) import neither SDK but their own.
func TestNeitherBindingBuildsTheOtherSDK(t *testing.T) {
	const goSDK, mcpGo = "github.com/modelcontextprotocol/go-sdk", "github.com/mark3labs/mcp-go"
	for pkg, others := range map[string][]string{
		"github.com/mcplint/mcplint/runtime/resolve":         {mcpGo},
		"github.com/mcplint/mcplint/runtime/mcpgo/resolve":   {goSDK},
		"github.com/mcplint/mcplint/runtime/internal/engine": {goSDK, mcpGo},
		"github.com/mcplint/mcplint/runtime/seal":            {goSDK, mcpGo},
	} {
		out, err := exec.Command("go", "list", "-deps", pkg).Output()
		if err != nil {
			t.Fatalf("go list -deps %s: %v", pkg, err)
		}
		for _, dep := range strings.Fields(string(out)) {
			for _, other := range others {
				if strings.HasPrefix(dep, other) {
					t.Errorf("%s depends on %s", pkg, dep)
				}
			}
		}
	}
}
