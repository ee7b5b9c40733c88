package a

// Where a resolver's effect can hide: function literals, helpers of the
// package, closures, defer and go statements, and every kind of
// registration.

import (
	"context"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// purge is a helper: it is not reported itself, since other code may call
// it; the resolvers that call it are.
func purge(path string) error { return os.Remove(path) }

// cleanup reaches the effect through another helper.
func cleanup(in In) {
	if in.Path != "" {
		purge(in.Path + ".tmp")
	}
}

func viaHelper(ctx context.Context, in In) (Backup, error) {
	cleanup(in) // want `^resolver a.viaHelper writes to the file system \(os.Remove, through a.cleanup\)`
	return Backup{}, nil
}

// recursive reaches the effect in a cycle of helpers.
func recursive(n int, path string) {
	if n == 0 {
		os.Remove(path)
		return
	}
	recursive(n-1, path)
}

func viaRecursion(ctx context.Context, in In) (Backup, error) {
	recursive(3, in.Path) // want `writes to the file system \(os.Remove, through a.recursive\)`
	return Backup{}, nil
}

type archiver struct{ dir string }

func (a *archiver) archive(path string) error {
	return exec.Command("tar", "czf", a.dir+"/x.tgz", path).Run()
}

func viaMethod(ctx context.Context, in In) (Backup, error) {
	a := &archiver{dir: "/var/archive"}
	a.archive(in.Path) // want `runs a process \(exec.\(\*Cmd\).Run, through a.\(\*archiver\).archive\)`
	archive := a.archive
	archive(in.Path + ".2") // want `runs a process \(exec.\(\*Cmd\).Run, through a.\(\*archiver\).archive\)`
	return Backup{}, nil
}

// closures runs effects in closures it calls, defers and starts.
func closures(ctx context.Context, in In) (Backup, error) {
	touch := func() { os.WriteFile(in.Path, nil, 0o644) } // want `^resolver a.closures writes to the file system \(os.WriteFile\)`
	touch()
	defer func() {
		os.Remove(in.Path + ".lock") // want `writes to the file system \(os.Remove\)`
	}()
	go purge(in.Path + ".old") // want `writes to the file system \(os.Remove, through a.purge\)`
	return Backup{}, nil
}

// deferredReturn returns a function that acts: the handler may call it;
// the resolver itself does nothing.
type Undo func() error

func deferredUndo(ctx context.Context, in In) (Undo, error) {
	return func() error { return os.Remove(in.Path) }, nil
}

func handleUndo(ctx context.Context, req *mcp.CallToolRequest, in In, undo Undo) (Out, error) {
	return Out{Done: true}, undo()
}

// afterAnswer acts on an earlier answer: it still runs again in every
// later round, and before the handler.
func afterAnswer(ctx context.Context, in In, c Confirm) (Backup, error) {
	if c.OK {
		os.Rename(in.Path, in.Path+".bak") // want `^resolver a.afterAnswer writes to the file system \(os.Rename\)`
	}
	return Backup{Path: in.Path + ".bak"}, nil
}

func confirmMove(ctx context.Context, in In) (resolve.Elicit[Confirm], error) {
	return resolve.Ask[Confirm]("Move " + in.Path + "?"), nil
}

type Notes struct{ Text string }

func notesPrompt(ctx context.Context, req *mcp.GetPromptRequest, n Notes) (*mcp.GetPromptResult, error) {
	return &mcp.GetPromptResult{}, nil
}

func readResource(ctx context.Context, req *mcp.ReadResourceRequest, n Notes) (*mcp.ReadResourceResult, error) {
	return &mcp.ReadResourceResult{}, nil
}

func registerShapes(s *mcp.Server, rt *resolve.Runtime) error {
	resolve.MustAddTool(s, &mcp.Tool{Name: "helper"}, handle, viaHelper)
	resolve.MustAddTool(s, &mcp.Tool{Name: "recursion"}, handle, viaRecursion)
	resolve.MustAddTool(s, &mcp.Tool{Name: "method"}, handle, viaMethod)
	resolve.MustAddTool(s, &mcp.Tool{Name: "closures"}, handle, closures)
	resolve.MustAddTool(s, &mcp.Tool{Name: "undo"}, handleUndo, deferredUndo)
	resolve.MustAddTool(s, &mcp.Tool{Name: "move"}, handle, confirmMove, afterAnswer)

	// A function literal resolver, in every kind of registration.
	if err := resolve.AddTool(s, &mcp.Tool{Name: "literal"}, handleConfirmed,
		func(ctx context.Context, in In) (resolve.Elicit[Confirm], error) {
			os.Remove(in.Path) // want `^resolver func literal of tool "literal" writes to the file system \(os.Remove\)`
			return resolve.Ask[Confirm]("Removed; keep going?"), nil
		}); err != nil {
		return err
	}
	notes := func(ctx context.Context, req *mcp.GetPromptRequest) (Notes, error) {
		os.WriteFile("notes.txt", nil, 0o644) // want `^resolver func literal of prompt "notes_var" writes to the file system \(os.WriteFile\)`
		return Notes{}, nil
	}
	if err := resolve.AddPrompt(s, &mcp.Prompt{Name: "notes_var"}, notesPrompt, notes); err != nil {
		return err
	}
	unused := func(ctx context.Context, req *mcp.GetPromptRequest) (Notes, error) {
		os.WriteFile("unused.txt", nil, 0o644) // no registration uses this literal
		return Notes{}, nil
	}
	_ = unused
	if err := resolve.AddPrompt(s, &mcp.Prompt{Name: "notes"}, notesPrompt,
		func(ctx context.Context, req *mcp.GetPromptRequest) (Notes, error) {
			purge("notes.txt") // want `^resolver func literal of prompt "notes" writes to the file system \(os.Remove, through a.purge\)`
			return Notes{}, nil
		}); err != nil {
		return err
	}
	if err := resolve.AddResource(s, &mcp.Resource{URI: "file:///notes"}, readResource, resourceNotes); err != nil {
		return err
	}
	if err := resolve.AddResourceTemplate(s, &mcp.ResourceTemplate{URITemplate: "file:///n/{x}"}, readResource, templateNotes); err != nil {
		return err
	}
	if err := rt.AddTool(s, &mcp.Tool{Name: "runtime"}, handle, runtimeResolver); err != nil {
		return err
	}
	return rt.AddPrompt(s, &mcp.Prompt{Name: "runtime_prompt"}, notesPrompt, runtimePromptResolver)
}

func resourceNotes(ctx context.Context, req *mcp.ReadResourceRequest) (Notes, error) {
	os.Mkdir("notes", 0o755) // want `^resolver a.resourceNotes writes to the file system \(os.Mkdir\)`
	return Notes{}, nil
}

func templateNotes(ctx context.Context, req *mcp.ReadResourceRequest) (Notes, error) {
	os.Chmod("notes", 0o700) // want `^resolver a.templateNotes writes to the file system \(os.Chmod\)`
	return Notes{}, nil
}

func runtimeResolver(ctx context.Context, in In) (Backup, error) {
	cleanup(in) // want `^resolver a.runtimeResolver writes to the file system \(os.Remove, through a.cleanup\)`
	return Backup{}, nil
}

func runtimePromptResolver(ctx context.Context, req *mcp.GetPromptRequest) (Notes, error) {
	exec.Command("notify-send", "prompt").Run() // want `^resolver a.runtimePromptResolver runs a process`
	return Notes{}, nil
}

// invoked hands functions to calls that run them.
func invoked(ctx context.Context, in In) (Backup, error) {
	var wg sync.WaitGroup
	wg.Go(func() {
		os.Remove(in.Path + ".1") // want `^resolver a.invoked writes to the file system \(os.Remove\)`
	})
	wg.Wait()
	filepath.WalkDir(in.Path, removeEntry)                       // want `writes to the file system \(os.Remove, through a.removeEntry\)`
	context.AfterFunc(ctx, func() { os.Remove(in.Path + ".2") }) // want `writes to the file system \(os.Remove\)`
	sweep(in.Path)                                               // want `writes to the file system \(os.Remove, through a.sweep\)`
	return Backup{}, nil
}

func removeEntry(path string, d fs.DirEntry, err error) error { return os.Remove(path) }

func sweep(dir string) {
	filepath.Walk(dir, func(path string, info fs.FileInfo, err error) error { return os.Remove(path) })
}

// cacheDir is created once per process, however many calls and rounds
// ask for it: initialization, not an effect of a call.
var cacheDir sync.Once

func initialized(ctx context.Context, in In) (Backup, error) {
	cacheDir.Do(func() { os.MkdirAll("cache", 0o755) })
	var sorted []string
	slices.SortFunc(sorted, func(a, b string) int { return strings.Compare(a, b) })
	return Backup{}, nil
}

func registerInvoked(s *mcp.Server) {
	resolve.MustAddTool(s, &mcp.Tool{Name: "invoked"}, handle, invoked)
	resolve.MustAddTool(s, &mcp.Tool{Name: "initialized"}, handle, initialized)
}
