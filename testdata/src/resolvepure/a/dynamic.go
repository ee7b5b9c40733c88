package a

// Calls through interface methods and function values, resolved by the
// flow layer to the functions of the package.

import (
	"context"
	"os"

	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type remover interface{ remove(path string) error }

type disk struct{}

func (disk) remove(path string) error { return os.Remove(path) }

// files is only ever a disk.
var files remover = disk{}

func viaInterface(ctx context.Context, in In) (Backup, error) {
	files.remove(in.Path) // want `^resolver a.viaInterface writes to the file system \(os.Remove, through a.disk.remove\)`
	return Backup{}, nil
}

// del holds os.Remove itself.
var del = os.Remove

func viaFuncValue(ctx context.Context, in In) (Backup, error) {
	del(in.Path) // want `^resolver a.viaFuncValue writes to the file system \(os.Remove\)`
	return Backup{}, nil
}

// pick chooses a resolver at run time; both choices act.
func pick(fast bool) func(context.Context, In) (Backup, error) {
	if fast {
		return removeBackup
	}
	return viaFuncValue
}

func registerDynamic(s *mcp.Server) {
	resolve.MustAddTool(s, &mcp.Tool{Name: "interface"}, handle, viaInterface)
	resolve.MustAddTool(s, &mcp.Tool{Name: "func_value"}, handle, viaFuncValue)
	r := removeBackup
	resolve.MustAddTool(s, &mcp.Tool{Name: "variable"}, handle, r) // its body is reported where it is, once
	resolve.MustAddTool(s, &mcp.Tool{Name: "picked"}, handle, pick(true))
}
