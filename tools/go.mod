module github.com/mcplint/mcplint/tools

go 1.25.5

require (
	github.com/mcplint/mcplint v0.0.0
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.2
	golang.org/x/mod v0.37.0
	golang.org/x/tools v0.47.0
)

require (
	golang.org/x/sync v0.21.0 // indirect
	golang.org/x/text v0.14.0 // indirect
)

// The tools build and measure the checkout they live in.
replace github.com/mcplint/mcplint => ../
