package knowledge

import "go/types"

// The standard library's functions and methods that never return to
// their caller: they end the process, the goroutine or the test, or
// panic. A path through a call of one ends there.
var neverReturns = map[FuncKey]bool{
	{Pkg: "os", Name: "Exit"}:                          true,
	{Pkg: "runtime", Name: "Goexit"}:                   true,
	{Pkg: "log", Name: "Fatal"}:                        true,
	{Pkg: "log", Name: "Fatalf"}:                       true,
	{Pkg: "log", Name: "Fatalln"}:                      true,
	{Pkg: "log", Name: "Panic"}:                        true,
	{Pkg: "log", Name: "Panicf"}:                       true,
	{Pkg: "log", Name: "Panicln"}:                      true,
	{Pkg: "log", Recv: "*Logger", Name: "Fatal"}:       true,
	{Pkg: "log", Recv: "*Logger", Name: "Fatalf"}:      true,
	{Pkg: "log", Recv: "*Logger", Name: "Fatalln"}:     true,
	{Pkg: "log", Recv: "*Logger", Name: "Panic"}:       true,
	{Pkg: "log", Recv: "*Logger", Name: "Panicf"}:      true,
	{Pkg: "log", Recv: "*Logger", Name: "Panicln"}:     true,
	{Pkg: "testing", Recv: "*common", Name: "FailNow"}: true,
	{Pkg: "testing", Recv: "*common", Name: "Fatal"}:   true,
	{Pkg: "testing", Recv: "*common", Name: "Fatalf"}:  true,
	{Pkg: "testing", Recv: "*common", Name: "SkipNow"}: true,
	{Pkg: "testing", Recv: "*common", Name: "Skip"}:    true,
	{Pkg: "testing", Recv: "*common", Name: "Skipf"}:   true,
	{Pkg: "testing", Recv: "TB", Name: "FailNow"}:      true,
	{Pkg: "testing", Recv: "TB", Name: "Fatal"}:        true,
	{Pkg: "testing", Recv: "TB", Name: "Fatalf"}:       true,
	{Pkg: "testing", Recv: "TB", Name: "SkipNow"}:      true,
	{Pkg: "testing", Recv: "TB", Name: "Skip"}:         true,
	{Pkg: "testing", Recv: "TB", Name: "Skipf"}:        true,
}

// NeverReturns reports whether a call of fn never returns to its caller
// (os.Exit, log.Fatal, testing.T.Fatal and the like).
func NeverReturns(fn *types.Func) bool {
	k, ok := KeyOf(fn)
	return ok && neverReturns[k]
}
