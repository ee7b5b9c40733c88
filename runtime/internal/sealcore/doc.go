// Package sealcore is the requestState codec of package runtime/seal
// without its go-sdk face (seal.InvalidStateError, a go-sdk JSON-RPC
// error): the engine and the mcp-go binding use it, so that an mcp-go
// server compiles no part of go-sdk. Package seal re-exports all of it and
// documents it; see there.
//
// The files: seal.go, the [Codec] (New, Seal, Open) and its errors;
// format.go, the token formats and their times; crypto.go, the keys each
// ring key derives and the ciphers; open.go, opening a token of each
// format (s3, and the earlier s2 and s1 during a rollout); keys.go, the
// key ring's text form and the environment.
package sealcore
