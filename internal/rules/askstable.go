package rules

import "fmt"

// AskStable is a rule of a call rather than of a registration: a
// resolver's question (the message of resolve.Ask, the message and schema
// of resolve.AskForm, the parameters of resolve.AskSampling) must be built
// only from the tool's input and earlier answers. Each stored answer is
// pinned to a digest of the question it answers, so a question that
// changes every round (a time, a random id, a counter) is never answered.
//
// The runtime enforces it while a call runs: a resolver whose answered
// question changes [UnstableRounds] rounds in a row ends the call with
// [UnstableQuestionMessage]. The analyzer askstable reports, at compile
// time, a question built from a value that changes between rounds, and
// tells the author [AskStableFix].
const AskStable Rule = "askstable"

// UnstableRounds is how many rounds in a row a resolver's answered question
// may change before the call ends: once is a redeploy between rounds, twice
// is a question that never holds still.
const UnstableRounds = 2

// AskStableFix is what both halves tell the author of a question that
// changes between rounds.
const AskStableFix = "build it only from the tool's input and earlier answers"

// UnstableQuestionMessage is the tool error that ends a call whose
// resolver asked a different question in UnstableRounds rounds in a row.
func UnstableQuestionMessage(resolver string) string {
	return fmt.Sprintf("resolver %s: its question changes every round: %s", resolver, AskStableFix)
}
