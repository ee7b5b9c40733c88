package rules

import "fmt"

// ResolvePure is a rule of resolver bodies, and static only: a resolver
// must not perform a side effect (write files, run or signal processes,
// send state-changing HTTP requests, write to a SQL database, send mail),
// because its body runs before the user answers and again in every round
// of the call. The runtime has no twin of it: it cannot see what a body
// does. The analyzer resolvepure reports it with [ResolvePureMessage].
const ResolvePure Rule = "resolvepure"

// ResolvePureFix is what the analyzer tells the author of a resolver with
// a side effect.
const ResolvePureFix = "move it into the tool handler, which runs once, after every answer, or return the value it would compute"

// ResolvePureMessage is the finding of a side effect in a resolver:
// resolver names the resolver, effect says what it does ("writes to the
// file system") and call the call that does it ("os.Remove, through
// a.purge").
func ResolvePureMessage(resolver, effect, call string) string {
	return fmt.Sprintf("resolver %s %s (%s), and a resolver runs before the user answers and again in every round: %s", resolver, effect, call, ResolvePureFix)
}
