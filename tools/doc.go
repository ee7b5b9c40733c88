// Package tools is the module of mcplint's build, benchmark and install
// commands, which scripts/ calls. It is a module of its own so that what the
// commands need stays out of mcplint's go.mod; it requires mcplint with a
// replace by the checkout it lives in.
//
//	go -C tools run ./cmd/buildtool golangci-lint|gopls OUT
//	go -C tools run ./cmd/benchlint
//	go -C tools run ./cmd/benchruntime
//	go -C tools run ./cmd/conformance [install]
//	go -C tools run ./cmd/installneovim
//	go -C tools run ./cmd/noopvet (a vet tool: the floor of benchlint)
package tools
