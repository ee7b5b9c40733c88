// Package failopen defines an Analyzer that reports confirmations that go
// ahead when asking fails.
//
// # Analyzer failopen
//
// failopen: report confirmations whose failure path goes ahead as if the user had accepted
//
// A tool that asks the user to confirm (go-sdk's ServerSession.Elicit,
// mcp-go's RequestElicitation, or a function of the user's that returns the
// outcome of such a question) has three outcomes: the user accepted, the
// user declined, or the request failed (a timeout, a disconnect, a client
// error, or, on sessions at protocol 2026-07-28, the SDK's refusal of the
// request). The failure must end where a decline ends. failopen reports the
// confirmation call when, on the path where the request failed (its error is
// not nil), the function
//
//   - returns what it returns when the user accepts (return nil where nil
//     means "go ahead", return true, nil), and that value differs from what
//     it returns on a decline; or
//   - goes on to code that the accepting path reaches and the declining
//     path does not: the action itself, or the return of the "go ahead"
//     value; this includes a caller that stops only on some errors (only on
//     an explicit decline) and goes on on the others.
//
// A failed request has classes that code can tell apart: refused or
// broken otherwise, timed out (context.DeadlineExceeded), and cancelled
// (context.Canceled). In a package that names the context's errors or a
// context's Err, the failure path is followed once per class, so a test of
// errors.Is(err, context.DeadlineExceeded), or of the request's context's
// Err, is decided as at run time, and a finding names the class that goes
// ahead when a refusal does not ("when ServerSession.Elicit times out").
// A class that asks again where a refusal does not (a retry after a
// timeout) is judged at the retry.
//
// The same holds for a cancel (the user dismissed the question): code that
// stops on a decline alone goes on when the user cancels; for a missing
// answer in a hand-written multi-round handler, which is asked again,
// never assumed; and for a decline, where the answer decides nothing at
// all (a confirmer's error only logged or discarded, its bool dropped, a
// request's result never read, a hand-written answer only told present):
// the declining path reaches every action the accepting one does. And for
// a question that is one checkbox (its requested schema's only property is
// a boolean): a user who submits it unticked answers accept with the box
// false, so a function that reaches the action, or returns the "go ahead"
// value, on an accepted answer with the box unticked (never looking past
// its Action, or reading the box and going on anyway) goes ahead on that
// no too; and so does one that goes on when an accepted answer leaves the
// box out (stopping only on a box explicitly false). A hand-written
// handler that counts its answers (len(InputResponses) == 0 asks) and
// reads none, or ranges over them and takes an accepted one without
// testing its key, goes ahead on a decline, a cancel, or an answer to
// another question.
//
// The accepting outcome is the confirming one: the form accepted with
// every box ticked (each boolean read out of its content true), so a
// helper that requires an accept and a ticked box says yes on it, and
// code that only another answer reaches is not taken for what acceptance
// reaches. A Confirmer's bool is recorded on each outcome, so a helper
// that returns true beside the request's error is judged at a caller
// that reads only the bool; and a confirmer kept in a struct field (an
// interface's implementations, functions and literals that the package
// stores there) is judged by each one stored.
//
// Branches are decided by values on paths, through calls: the outcome's
// values are followed through variables, switches, fields stored and
// loaded on the path, comparisons with sentinel errors, and the package's
// helpers, evaluated from their bodies; a call that never returns
// (log.Fatal, os.Exit, panic, or a helper whose every path ends in one)
// ends a path. errors.Is, errors.As and == against sentinel errors and
// error types of the user's packages are decided as at run time. A
// function that returns the outcome of a question as its error (nil only
// when the user accepted) or as a bool beside it carries the fact
// Confirmer, which also says what its error is on a decline, a cancel and
// a failure; a function that tells the outcome from the SDK's result (a
// predicate) carries the fact Predicate; a function that returns a
// hand-written handler's answer carries the fact Reader; so that callers
// in other packages are judged the same way.
//
// Not reported: a failure that returns the error, or the decline outcome; a
// failure that leaves a harmless choice at its default (the answer is used
// only when the request succeeded); a request handler's own result, which
// goes to the SDK rather than to a caller that decides; a URL-mode
// elicitation, which sends the user elsewhere and confirms nothing; and, by
// default, a function that goes ahead without asking when the client
// declares no elicitation capability, or on mcp-go's errors of a question
// never sent (server.ErrNoActiveSession, server.ErrElicitationNotSupported):
// the question was never asked, and the server chose what a client that
// cannot ask gets. With the flag -failopen.unsupported that choice is
// reported too.
//
// The suggested fix of a failure that returns the "go ahead" value returns
// what the function returns on a decline, when that return mentions no
// local variable.
package failopen

import _ "embed"

// doc is this file, whose package comment documents the analyzer.
//
//go:embed doc.go
var doc string
