package lib

// lib carries facts to its importers.

import (
	"time"

	"github.com/mcplint/mcplint/runtime/resolve"
)

// Stamp returns the current time.
func Stamp() string { return time.Now().String() } // want Stamp:`unstable\(time.Now\)`

// Calls counts calls; Count writes it.
var Calls int // want Calls:`writtenAtRunTime\(lib.Count\)`

// Count counts a call.
func Count() { Calls++ }

// Confirm is an answer.
type Confirm struct {
	OK bool `json:"ok"`
}

// Ask puts its message into a question.
func Ask(msg string) resolve.Elicit[Confirm] { return resolve.Ask[Confirm](msg) } // want Ask:`asksWith\[0\]`

// Due is what Remind asks about.
type Due struct{ At string }

// Remind asks about a due date that another resolver provides.
func Remind(d Due) (resolve.Elicit[Confirm], error) { // want Remind:`asksWith\[0\]`
	return resolve.Ask[Confirm]("Due " + d.At + "?"), nil
}
