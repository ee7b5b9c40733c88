// Package tools is the module of mcplint's build, benchmark and install
// commands, which scripts/ calls. It is a module of its own so that what the
// commands need stays out of mcplint's go.mod; it requires mcplint with a
// replace by the checkout it lives in.
//
//	go run -C tools ./cmd/buildtool golangci-lint|gopls OUT
//	go run -C tools ./cmd/benchlint
//	go run -C tools ./cmd/benchruntime
//	go run -C tools ./cmd/conformance [install]
//	go run -C tools ./cmd/installneovim
//	go run -C tools ./cmd/noopvet (a vet tool: the floor of benchlint)
package tools
