package vetunit

import (
	"os"
	"path/filepath"
	"testing"
)

func TestRead(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "vet.cfg")
	os.WriteFile(file, []byte(`{"ImportPath": "fmt", "Dir": "/go/src/fmt", "VetxOnly": true, "VetxOutput": "/tmp/x"}`), 0o666)
	u, err := Read(file)
	if err != nil || u != (Unit{ImportPath: "fmt", Dir: "/go/src/fmt", VetxOnly: true, VetxOutput: "/tmp/x"}) {
		t.Errorf("Read = %+v, %v", u, err)
	}
	os.WriteFile(file, []byte(`{`), 0o666)
	if _, err := Read(file); err == nil {
		t.Error("Read of a malformed configuration: no error")
	}
	if _, err := Read(filepath.Join(dir, "none.cfg")); err == nil {
		t.Error("Read of a missing file: no error")
	}
}

func TestStandard(t *testing.T) {
	goroot := t.TempDir()
	t.Setenv("GOROOT", goroot)
	for _, c := range []struct {
		u    Unit
		want bool
	}{
		{Unit{Dir: filepath.Join(goroot, "src", "fmt")}, true},
		{Unit{Dir: filepath.Join(goroot, "src", "vendor", "golang.org", "x", "net")}, true},
		{Unit{Dir: filepath.Join(goroot, "src", "fmt"), ModulePath: "example.com/m"}, false},
		{Unit{Dir: goroot + "/srcx/fmt"}, false},
		{Unit{Dir: filepath.Join(goroot, "misc")}, false},
		{Unit{}, false},
	} {
		if got := c.u.Standard(); got != c.want {
			t.Errorf("%+v.Standard() = %v, want %v", c.u, got, c.want)
		}
	}
	t.Setenv("GOROOT", "")
	if (Unit{Dir: filepath.Join(goroot, "src", "fmt")}).Standard() {
		t.Error("Standard without GOROOT: true")
	}
}
