package resolve

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "write the files this binding shares with the go-sdk binding from that binding's")

// sharedFiles declare the SDK-neutral vocabulary: each binding must export
// it (for source compatibility, and Go cannot re-export a constant or a
// function), and the go-sdk binding's files are its one source. The
// questions typed with an SDK's types are each binding's own
// (questions.go).
var sharedFiles = []string{"elicit.go", "rules.go", "state.go"}

// generated is the first line of a file generated from the go-sdk
// binding's file name.
func generated(name string) string {
	return fmt.Sprintf("// Code generated from runtime/resolve/%s by go generate; DO NOT EDIT.\n\n", name)
}

// TestSharedFilesAreGenerated checks that this binding's copies of the
// shared files are the go-sdk binding's; with -update (go generate), it
// writes them.
func TestSharedFilesAreGenerated(t *testing.T) {
	for _, name := range sharedFiles {
		src, err := os.ReadFile(filepath.Join("..", "..", "resolve", name))
		if err != nil {
			t.Fatal(err)
		}
		want := generated(name) + string(src)
		if *update {
			if err := os.WriteFile(name, []byte(want), 0o666); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(name)
		if err != nil || string(got) != want {
			t.Errorf("%s is not generated from runtime/resolve/%s (%v): run go generate ./runtime/mcpgo/resolve", name, name, err)
		}
	}
}
