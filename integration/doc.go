// Package integration holds the tests of mcplint's integrations: a
// golangci-lint built with its module plugin, a gopls built with its
// analyzers, and Neovim's LSP client attached to that gopls.
//
// The tests need the binaries, which take minutes to build the first time,
// so they are skipped unless scripts/test-integrations.sh runs them: it
// builds (or reuses) the binaries and passes their paths in the environment
// variables MCPLINT_GOLANGCI_LINT, MCPLINT_GOPLS and MCPLINT_NVIM.
//
// The test case is the module testdata/integrations/server, whose
// "// want" comments list the findings every integration must report.
package integration
