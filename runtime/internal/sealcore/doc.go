// Package sealcore is the requestState codec of package runtime/seal
// without its go-sdk face (seal.InvalidStateError, a go-sdk JSON-RPC
// error): the engine and the mcp-go binding use it, so that an mcp-go
// server compiles no part of go-sdk. Package seal re-exports all of it and
// documents it; see there.
package sealcore
