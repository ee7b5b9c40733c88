// Package lib declares argument types for the registrations of package a.
package lib

import "time"

type Query struct {
	Text  string    `json:"text" jsonschema:"what to look for"`
	Since time.Time `json:"since"`
}

type Callback struct {
	Name string
	Fn   func()
}
