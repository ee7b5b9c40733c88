// Package misspelled is where -statereach.verifiers names functions that
// do not exist, in this package and in another module's.
package misspelled // want `-statereach.verifiers: example.com/statereach/misspelled.Chek: package example.com/statereach/misspelled has no function Chek` `-statereach.verifiers: example.com/statereach/misspelled.\(\*Codec\).Opne: package example.com/statereach/misspelled has no method Codec.Opne`

import "strings" // want `-statereach.verifiers: strings.NoSuchVerifier: package strings has no function NoSuchVerifier`

// Check is spelled right in the flag.
func Check(s string) bool { return strings.HasPrefix(s, "ok:") }

// Codec opens sealed state.
type Codec struct{}

// Open is spelled right in the flag.
func (*Codec) Open(s string) (string, error) { return s, nil }
