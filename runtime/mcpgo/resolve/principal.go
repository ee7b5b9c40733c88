package resolve

import (
	"reflect"

	"github.com/mark3labs/mcp-go/server"
	"github.com/mcplint/mcplint/runtime/internal/engine"
)

// bindServer gives a registration on s the codec of s's audience, when
// the runtime seals per server name.
func bindServer(e *engine.Engine, s *server.MCPServer) error {
	name, ok := serverName(s)
	return e.BindServer(s, name, ok)
}

// serverName returns the name s was created with. mcp-go sends it to
// clients as serverInfo but has no accessor for it, so it is read from the
// server's unexported name field; TestServerName pins that this works with
// the mcp-go in go.mod.
func serverName(s *server.MCPServer) (string, bool) {
	if s == nil {
		return "", false
	}
	f := reflect.ValueOf(s).Elem().FieldByName("name")
	if !f.IsValid() || f.Kind() != reflect.String {
		return "", false
	}
	return f.String(), true
}
