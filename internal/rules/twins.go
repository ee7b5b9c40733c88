package rules

// A Twin says where the runtime enforces a rule, beside the analyzer of
// the same name.
type Twin string

// Where the runtime enforces a rule.
const (
	// AtRegistration: the runtime refuses the registration, with the same
	// message as the analyzer (the agreement corpus compares the two).
	AtRegistration Twin = "registration"
	// AtCallTime: the engine ends the call that breaks the rule (the
	// agreement corpus compares verdicts on the calls it makes).
	AtCallTime Twin = "call time"
	// StaticOnly: the runtime cannot see what the rule is about; only the
	// analyzer reports it, and the agreement corpus has nothing to compare.
	StaticOnly Twin = "static only"
)

// Rules is the table of the rule core's rules and their run-time twins.
var Rules = []struct {
	Rule Rule
	Twin Twin
}{
	{ResolveMix, AtRegistration},
	{ElicitBase, AtRegistration},
	{ResolveGraph, AtRegistration},
	{AskStable, AtCallTime},
	{ResolvePure, StaticOnly},
}

// Twin returns where the runtime enforces r, and false if r is not one of
// [Rules].
func (r Rule) Twin() (Twin, bool) {
	for _, e := range Rules {
		if e.Rule == r {
			return e.Twin, true
		}
	}
	return "", false
}
