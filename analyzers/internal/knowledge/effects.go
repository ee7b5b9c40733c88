package knowledge

import "go/types"

// This file lists the side effects of the standard library: the calls
// that change something outside the process's own memory (analyzer
// resolvepure). The list is precise rather than broad: a call is here only
// if every call of it (or every call that meets its Condition) changes the
// file system, a process, a remote service, a database or a mailbox.
// Reads, logging, formatting and memory are not effects.

// An EffectKind is a family of side effects, worded as what the call does
// ("writes to the file system").
type EffectKind string

// The families of side effects.
const (
	FileWrite   EffectKind = "writes to the file system"
	RunsProcess EffectKind = "runs a process"
	Signals     EffectKind = "signals a process"
	HTTPWrite   EffectKind = "sends a state-changing HTTP request"
	SQLWrite    EffectKind = "writes to a SQL database"
	SendsMail   EffectKind = "sends mail"
)

// An EffectCondition says when a call of an effect's function is an
// effect.
type EffectCondition int

const (
	// EveryCall: every call.
	EveryCall EffectCondition = iota
	// OnWriteFlag: the argument Effect.Arg is a constant open flag that has
	// one of the bits OpenWriteFlags names.
	OnWriteFlag
	// OnWritableFile: the receiver is an *os.File opened for writing: the
	// result of a call of this table that returns an *os.File and is an
	// effect itself (os.Create, os.OpenFile with a write flag, ...).
	OnWritableFile
	// OnUnsafeMethod: the argument Effect.Arg is an *http.Request built by
	// http.NewRequest or http.NewRequestWithContext with a constant method
	// that SafeHTTPMethods does not list.
	OnUnsafeMethod
)

// An Effect describes a function or method whose calls are side effects.
type Effect struct {
	Kind EffectKind
	When EffectCondition
	// Arg is the argument the condition reads, counted without the
	// receiver.
	Arg int
}

// A FuncKey names a function (Recv "") or a method of a package: Recv is
// the receiver's type name, with a leading "*" for a pointer receiver.
type FuncKey struct {
	Pkg, Recv, Name string
}

// KeyOf returns the key of fn (its generic origin).
func KeyOf(fn *types.Func) (FuncKey, bool) {
	if fn == nil || fn.Pkg() == nil {
		return FuncKey{}, false
	}
	fn = fn.Origin()
	k := FuncKey{Pkg: fn.Pkg().Path(), Name: fn.Name()}
	if recv := fn.Signature().Recv(); recv != nil {
		t, star := recv.Type(), ""
		if p, ok := types.Unalias(t).(*types.Pointer); ok {
			t, star = p.Elem(), "*"
		}
		n, ok := types.Unalias(t).(*types.Named)
		if !ok {
			return FuncKey{}, false // an interface method
		}
		k.Recv = star + n.Obj().Name()
	}
	return k, true
}

// EffectOf returns the side effect of calls of fn, if it has one.
func EffectOf(fn *types.Func) (Effect, bool) {
	k, ok := KeyOf(fn)
	if !ok {
		return Effect{}, false
	}
	e, ok := effects[k]
	return e, ok
}

// OpenWriteFlags are the os constants whose bits make an open flag a
// write: their values are read from the os package the code is built
// against, since they differ between systems.
var OpenWriteFlags = []string{"O_WRONLY", "O_RDWR", "O_APPEND", "O_CREATE", "O_TRUNC"}

// SafeHTTPMethods are the request methods that change nothing on the
// server (RFC 9110, section 9.2.1), compared without regard to case.
var SafeHTTPMethods = []string{"GET", "HEAD", "OPTIONS", "TRACE"}

// HTTPRequestBuilders build an *http.Request whose method is the argument
// Arg.
var HTTPRequestBuilders = map[FuncKey]int{
	{"net/http", "", "NewRequest"}:            0,
	{"net/http", "", "NewRequestWithContext"}: 1,
}

// HTTPRequest is the request type of net/http and its field that holds
// the method, for requests written as literals.
var HTTPRequest = struct{ Pkg, Name, MethodField string }{"net/http", "Request", "Method"}

// HTTPRequestCopiers return a copy of their receiver, an *http.Request,
// with the same method.
var HTTPRequestCopiers = map[FuncKey]bool{
	{"net/http", "*Request", "WithContext"}: true,
	{"net/http", "*Request", "Clone"}:       true,
}

// Invokers call their function argument Arg (counted without the
// receiver) before they return, or start it, so that what the function
// does, the call does. sync.Once.Do is not one: it runs its function once
// per process, which is initialization rather than an effect of a call.
var Invokers = map[FuncKey]int{
	{"golang.org/x/sync/errgroup", "*Group", "Go"}:    0,
	{"golang.org/x/sync/errgroup", "*Group", "TryGo"}: 0,
	{"sync", "*WaitGroup", "Go"}:                      0,
	{"path/filepath", "", "Walk"}:                     1,
	{"path/filepath", "", "WalkDir"}:                  1,
	{"io/fs", "", "WalkDir"}:                          2,
	{"context", "", "AfterFunc"}:                      1,
	{"time", "", "AfterFunc"}:                         1,
}

var effects = map[FuncKey]Effect{
	// The file system.
	{"os", "", "Remove"}:           {Kind: FileWrite},
	{"os", "", "RemoveAll"}:        {Kind: FileWrite},
	{"os", "", "Rename"}:           {Kind: FileWrite},
	{"os", "", "WriteFile"}:        {Kind: FileWrite},
	{"os", "", "Create"}:           {Kind: FileWrite},
	{"os", "", "CreateTemp"}:       {Kind: FileWrite},
	{"os", "", "Mkdir"}:            {Kind: FileWrite},
	{"os", "", "MkdirAll"}:         {Kind: FileWrite},
	{"os", "", "MkdirTemp"}:        {Kind: FileWrite},
	{"os", "", "Chmod"}:            {Kind: FileWrite},
	{"os", "", "Chown"}:            {Kind: FileWrite},
	{"os", "", "Lchown"}:           {Kind: FileWrite},
	{"os", "", "Chtimes"}:          {Kind: FileWrite},
	{"os", "", "Truncate"}:         {Kind: FileWrite},
	{"os", "", "Symlink"}:          {Kind: FileWrite},
	{"os", "", "Link"}:             {Kind: FileWrite},
	{"os", "", "OpenFile"}:         {Kind: FileWrite, When: OnWriteFlag, Arg: 1},
	{"os", "*Root", "Remove"}:      {Kind: FileWrite},
	{"os", "*Root", "RemoveAll"}:   {Kind: FileWrite},
	{"os", "*Root", "Rename"}:      {Kind: FileWrite},
	{"os", "*Root", "WriteFile"}:   {Kind: FileWrite},
	{"os", "*Root", "Create"}:      {Kind: FileWrite},
	{"os", "*Root", "Mkdir"}:       {Kind: FileWrite},
	{"os", "*Root", "MkdirAll"}:    {Kind: FileWrite},
	{"os", "*Root", "Chmod"}:       {Kind: FileWrite},
	{"os", "*Root", "Chown"}:       {Kind: FileWrite},
	{"os", "*Root", "Lchown"}:      {Kind: FileWrite},
	{"os", "*Root", "Chtimes"}:     {Kind: FileWrite},
	{"os", "*Root", "Symlink"}:     {Kind: FileWrite},
	{"os", "*Root", "Link"}:        {Kind: FileWrite},
	{"os", "*Root", "OpenFile"}:    {Kind: FileWrite, When: OnWriteFlag, Arg: 1},
	{"os", "*File", "Chmod"}:       {Kind: FileWrite},
	{"os", "*File", "Chown"}:       {Kind: FileWrite},
	{"os", "*File", "Write"}:       {Kind: FileWrite, When: OnWritableFile},
	{"os", "*File", "WriteString"}: {Kind: FileWrite, When: OnWritableFile},
	{"os", "*File", "WriteAt"}:     {Kind: FileWrite, When: OnWritableFile},
	{"os", "*File", "ReadFrom"}:    {Kind: FileWrite, When: OnWritableFile},
	{"os", "*File", "Truncate"}:    {Kind: FileWrite, When: OnWritableFile},
	{"io/ioutil", "", "WriteFile"}: {Kind: FileWrite},
	{"io/ioutil", "", "TempFile"}:  {Kind: FileWrite},
	{"io/ioutil", "", "TempDir"}:   {Kind: FileWrite},

	// Processes.
	{"os/exec", "*Cmd", "Run"}:            {Kind: RunsProcess},
	{"os/exec", "*Cmd", "Start"}:          {Kind: RunsProcess},
	{"os/exec", "*Cmd", "Output"}:         {Kind: RunsProcess},
	{"os/exec", "*Cmd", "CombinedOutput"}: {Kind: RunsProcess},
	{"os", "", "StartProcess"}:            {Kind: RunsProcess},
	{"syscall", "", "Exec"}:               {Kind: RunsProcess},
	{"syscall", "", "ForkExec"}:           {Kind: RunsProcess},
	{"os", "*Process", "Kill"}:            {Kind: Signals},
	{"os", "*Process", "Signal"}:          {Kind: Signals},
	{"syscall", "", "Kill"}:               {Kind: Signals},

	// HTTP.
	{"net/http", "", "Post"}:            {Kind: HTTPWrite},
	{"net/http", "", "PostForm"}:        {Kind: HTTPWrite},
	{"net/http", "*Client", "Post"}:     {Kind: HTTPWrite},
	{"net/http", "*Client", "PostForm"}: {Kind: HTTPWrite},
	{"net/http", "*Client", "Do"}:       {Kind: HTTPWrite, When: OnUnsafeMethod, Arg: 0},

	// SQL.
	{"database/sql", "*DB", "Exec"}:          {Kind: SQLWrite},
	{"database/sql", "*DB", "ExecContext"}:   {Kind: SQLWrite},
	{"database/sql", "*Tx", "Exec"}:          {Kind: SQLWrite},
	{"database/sql", "*Tx", "ExecContext"}:   {Kind: SQLWrite},
	{"database/sql", "*Conn", "ExecContext"}: {Kind: SQLWrite},
	{"database/sql", "*Stmt", "Exec"}:        {Kind: SQLWrite},
	{"database/sql", "*Stmt", "ExecContext"}: {Kind: SQLWrite},

	// Mail.
	{"net/smtp", "", "SendMail"}:    {Kind: SendsMail},
	{"net/smtp", "*Client", "Data"}: {Kind: SendsMail},
}
