package a

import (
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/toolschema/lib"
)

type Node struct {
	Value int
	Next  *Node
}

type Tagged struct {
	Name string `json:"name" jsonschema:"description=the name"`
}

type Empty struct {
	Name string `jsonschema:""`
}

type Stamped struct {
	time.Time
	Name string
}

type IntKeys struct {
	M map[int]string
}

type List []string

func bad(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "callback"}, handle[lib.Callback, any])                                                 // want `^mcp\.AddTool panics: the input schema of lib\.Callback cannot be inferred: field Fn: type func\(\) is unsupported by jsonschema; tag the field .json:"-". if clients never send it, or give it a type JSON can carry$`
	mcp.AddTool(s, &mcp.Tool{Name: "node"}, handle[Args, Node])                                                            // want `^mcp\.AddTool panics: the output schema of a\.Node cannot be inferred: field Next: cycle detected for type a\.Node; jsonschema-go cannot describe a recursive type: type the recursive field any, or write the tool's OutputSchema by hand$`
	mcp.AddTool(s, &mcp.Tool{Name: "tagged"}, handle[Tagged, any])                                                         // want `field Name: tag must not begin with 'WORD=': "description=the name"; the whole jsonschema tag is the field's description`
	mcp.AddTool(s, &mcp.Tool{Name: "empty"}, handle[Empty, any])                                                           // want `field Name: empty jsonschema tag on struct field a\.Empty\.Name; remove the empty jsonschema tag`
	mcp.AddTool(s, &mcp.Tool{Name: "stamped"}, handle[*Stamped, any])                                                      // want `field Time: custom schema for embedded struct must have type "object", got "string"; give the embedded field a name`
	mcp.AddTool(s, &mcp.Tool{Name: "intkeys"}, handle[Args, IntKeys])                                                      // want `field M: unsupported map key type int`
	mcp.AddTool(s, &mcp.Tool{Name: "string"}, handle[string, any])                                                         // want `^mcp\.AddTool panics: the input schema of string must have type "object", and string is not a struct or a map; use a struct`
	mcp.AddTool(s, &mcp.Tool{Name: "list"}, handle[List, any])                                                             // want `the input schema of a\.List must have type "object", and a\.List is a list, whose schema has type "array"`
	mcp.AddTool(s, &mcp.Tool{Name: "time"}, handle[time.Time, any])                                                        // want `and time\.Time is described as a string by jsonschema-go`
	mcp.AddTool(s, &mcp.Tool{Name: "ptrptr"}, handle[**Args, any])                                                         // want `and \*a\.Args is a pointer, whose schema has type \["null", \.\.\.\]`
	mcp.AddTool(s, &mcp.Tool{Name: "chan"}, handle[chan int, any])                                                         // want `the input schema of chan int cannot be inferred: type chan int is unsupported by jsonschema; use a struct`
	mcp.AddTool(s, &mcp.Tool{Name: "given", InputSchema: &jsonschema.Schema{Type: "string"}}, handle[map[string]any, any]) // want `^mcp\.AddTool panics: the tool's InputSchema has type "string", and a tool's input schema must have type "object"`
	s.AddTool(&mcp.Tool{Name: "none"}, nil)                                                                                // want `^\(\*mcp\.Server\)\.AddTool panics: the tool has no input schema \(missing input schema\)`
	s.AddTool(&mcp.Tool{Name: "nil", InputSchema: nil}, nil)                                                               // want `the tool's InputSchema is nil`
	s.AddTool(&mcp.Tool{Name: "untyped", InputSchema: &jsonschema.Schema{}}, nil)                                          // want `the tool's InputSchema has no type`
	s.AddTool(&mcp.Tool{Name: "maparray", InputSchema: map[string]any{"type": "array"}}, nil)                              // want `the tool's InputSchema has type "array"`
}
