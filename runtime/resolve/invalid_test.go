package resolve_test

import (
	"encoding/json"
	"testing"

	"github.com/mcplint/mcplint/runtime/resolve"
)

func TestInvalidStateError(t *testing.T) {
	e := resolve.InvalidStateError()
	if e.Code != -32602 {
		t.Errorf("Code = %d, want -32602", e.Code)
	}
	if e.Message != "Invalid or expired requestState" {
		t.Errorf("Message = %q", e.Message)
	}
	if string(e.Data) != `{"reason":"invalid_request_state"}` {
		t.Errorf("Data = %s", e.Data)
	}
	wire, err := json.Marshal(e)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"code":-32602,"message":"Invalid or expired requestState","data":{"reason":"invalid_request_state"}}`; string(wire) != want {
		t.Errorf("on the wire %s, want %s", wire, want)
	}
	e.Message = "changed"
	e.Data[0] = 'X'
	if again := resolve.InvalidStateError(); again.Message != "Invalid or expired requestState" || again.Data[0] != '{' {
		t.Errorf("changing one InvalidStateError changed the next: %+v", again)
	}
}
