package a

// File system writes in plain and eliciting resolvers.

import (
	"context"
	"os"

	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func removeBackup(ctx context.Context, in In) (Backup, error) {
	err := os.Remove(in.Path + ".bak") // want `^resolver a.removeBackup writes to the file system \(os.Remove\), and a resolver runs before the user answers and again in every round: move it into the tool handler, which runs once, after every answer, or return the value it would compute$`
	return Backup{Path: in.Path + ".bak"}, err
}

// confirmDelete is the mistake of the issue: the effect runs before the
// user has answered the question that is meant to allow it.
func confirmDelete(ctx context.Context, in In) (resolve.Elicit[Confirm], error) {
	os.Remove(in.Path + ".bak") // want `^resolver a.confirmDelete writes to the file system \(os.Remove\)`
	return resolve.Ask[Confirm]("Delete " + in.Path + "?"), nil
}

func fileWrites(ctx context.Context, in In) (Backup, error) {
	os.RemoveAll(in.Path)                     // want `writes to the file system \(os.RemoveAll\)`
	os.Rename(in.Path, in.Path+".old")        // want `writes to the file system \(os.Rename\)`
	os.WriteFile(in.Path, []byte("x"), 0o644) // want `writes to the file system \(os.WriteFile\)`
	os.Mkdir(in.Path, 0o755)                  // want `writes to the file system \(os.Mkdir\)`
	os.MkdirAll(in.Path, 0o755)               // want `writes to the file system \(os.MkdirAll\)`
	os.MkdirTemp("", "x")                     // want `writes to the file system \(os.MkdirTemp\)`
	os.CreateTemp("", "x")                    // want `writes to the file system \(os.CreateTemp\)`
	os.Chmod(in.Path, 0o600)                  // want `writes to the file system \(os.Chmod\)`
	os.Chown(in.Path, 0, 0)                   // want `writes to the file system \(os.Chown\)`
	os.Lchown(in.Path, 0, 0)                  // want `writes to the file system \(os.Lchown\)`
	os.Truncate(in.Path, 0)                   // want `writes to the file system \(os.Truncate\)`
	os.Symlink(in.Path, in.Path+".link")      // want `writes to the file system \(os.Symlink\)`
	os.Link(in.Path, in.Path+".hard")         // want `writes to the file system \(os.Link\)`
	f, err := os.Create(in.Path + ".new")     // want `writes to the file system \(os.Create\)`
	if err == nil {
		f.WriteString("new") // the file's creation is the finding
		f.Close()
	}
	return Backup{}, nil
}

// openForWriting opens files with a constant flag: writing is an effect,
// reading is not.
func openForWriting(ctx context.Context, in In) (Backup, error) {
	w, err := os.OpenFile(in.Path, os.O_WRONLY|os.O_APPEND, 0) // want `writes to the file system \(os.OpenFile with a write flag\)`
	if err != nil {
		return Backup{}, err
	}
	defer w.Close()
	if _, err := os.OpenFile(in.Path, os.O_RDWR, 0); err != nil { // want `writes to the file system \(os.OpenFile with a write flag\)`
		return Backup{}, err
	}
	if f, err := os.OpenFile(in.Path, flagOf(in), 0); err == nil { // a flag that is not a constant: not known to write
		f.Close()
	}
	r, err := os.OpenFile(in.Path, os.O_RDONLY, 0)
	if err != nil {
		return Backup{}, err
	}
	return Backup{Path: r.Name()}, r.Close()
}

func flagOf(in In) int {
	if in.Path == "" {
		return os.O_WRONLY
	}
	return os.O_RDONLY
}

// journal is opened for writing once, when the package starts.
var journal, _ = os.OpenFile("journal.log", os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)

// writeJournal writes on a file opened for writing elsewhere.
func writeJournal(ctx context.Context, in In) (Backup, error) {
	journal.WriteString("resolving " + in.Path) // want `writes to the file system \(os.\(\*File\).WriteString on a file opened for writing\)`
	write := journal.Write
	write([]byte("resolved")) // a bound method value holds its file: not followed
	return Backup{}, nil
}

// rootWrites writes below an os.Root.
func rootWrites(ctx context.Context, in In) (Backup, error) {
	root, err := os.OpenRoot(in.Path)
	if err != nil {
		return Backup{}, err
	}
	defer root.Close()
	root.Remove("x")                        // want `writes to the file system \(os.\(\*Root\).Remove\)`
	root.WriteFile("y", []byte("y"), 0o644) // want `writes to the file system \(os.\(\*Root\).WriteFile\)`
	_, err = root.ReadFile("z")
	return Backup{}, err
}

func registerFS(s *mcp.Server) {
	resolve.MustAddTool(s, &mcp.Tool{Name: "remove_backup"}, handle, removeBackup)
	resolve.MustAddTool(s, &mcp.Tool{Name: "delete"}, handleConfirmed, confirmDelete)
	resolve.MustAddTool(s, &mcp.Tool{Name: "writes"}, handle, fileWrites)
	resolve.MustAddTool(s, &mcp.Tool{Name: "open"}, handle, openForWriting)
	resolve.MustAddTool(s, &mcp.Tool{Name: "journal"}, handle, writeJournal)
	resolve.MustAddTool(s, &mcp.Tool{Name: "root"}, handle, rootWrites)
}
