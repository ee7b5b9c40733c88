package inventory

// Files lists every file under testdata/src (recall left out) that writes
// the 2026-07-28 flow by hand. TestInventory fails when a file appears or
// disappears, when a handler named here leaves its file, or when a run
// handler's dynamic verdict differs from its static one in a way not
// stated here.
var Files = map[string]Entry{
	"failopen/handwritten/handwritten.go": {Run: true, Args: table, FS: true, Expect: map[string]Expect{
		"dropUnlessRefused": neverAsks,
	},
		Reason: "the rest register a method value and a prompt: prompts are not tools, the kit calls tools only"},
	"failopen/handwritten/checkbox.go": {Run: true, Args: table, FS: true, Expect: map[string]Expect{
		"dropBuilt": {Disagree: "the schema is built at run time: the analyzer does not know it is a checkbox, the kit sees it and unticks the box"},
	},
		Reason: "confirmers and legacy helpers ((ctx, session) signatures) are judged through the handlers that call them"},
	"failopen/handwritten/reader.go": {Run: true, Args: table, FS: true, Expect: map[string]Expect{
		"dropUnlessAnswerRefuses": neverAsks,
	}},
	"failopen/handwritten/roots.go": {Run: true, Args: table, FS: true},
	"failopen/handwrittenmcpgo/handwrittenmcpgo.go": {Run: true, Args: bucket, FS: true, Keys: []string{"purge"}, Expect: map[string]Expect{
		"purgeOpen": neverAsks,
	}},
	"failopen/handwrittenmcpgo/checkbox.go": {Run: true, Args: bucket, FS: true},
	"failopen/outcomes/gosdk/gosdk.go": {Run: true, Legacy: true, Outcomes: true, Args: table, FS: true, Expect: map[string]Expect{
		"LegacyNotUnticked": {Disagree: "go-sdk's client checks an elicitation result against the requested schema: an accept without the required box fails the request, which this confirmation returns as an error, so the row's box left out cannot reach the effect through go-sdk (another client can send it)"},
		"LegacyAcceptOnly":  {Disagree: "go-sdk's client checks an elicitation result against the requested schema: an accept without the required box fails the request, which this confirmation returns as an error, so the row's box left out cannot reach the effect through go-sdk"},
		"LegacyFailed":      {Disagree: "go-sdk's client checks an elicitation result against the requested schema: an accept without the required box arrives as a failed request, which this confirmation takes as consent, so the box left out reaches the effect too"},
	}},
	"failopen/outcomes/mcpgo/mcpgo.go": {Run: true, Legacy: true, Outcomes: true, Args: bucket, FS: true},
	"statereach/standsin/standsin.go":  {Run: true},
	"statereach/a/handwritten.go": {Run: true, Expect: map[string]Expect{
		"uses":    {Unchecked: "a reduced shape: it indexes the state of a first call, which is empty, and panics"},
		"sealed":  {Unchecked: "a reduced shape: its codec is never built, and the first call panics"},
		"tooLate": {Disagree: "not observable: it never hands out a state, so there is none for the kit to tamper with, and it acts on none"},
	}},
	"statereach/a/mcpgo.go": {Run: true, Expect: map[string]Expect{
		"deploy": {Unchecked: "a reduced shape: its first call returns neither a result nor an error"},
	}},
	"statereach/a/prompts.go":   {Reason: "resolver prompts and resources: the kit calls tools only"},
	"statereach/a/resolvers.go": {Reason: "resolvers reading request state the runtime seals: the kit sees the runtime refuse, not the read"},
	"statereach/answers/answers.go": {Run: true, Args: map[string]any{"name": "x"}, Keys: []string{"purge all", "region"}, Expect: map[string]Expect{
		"required": {Unchecked: "it never asks, and fails without an answer only a client that answers unasked sends"},
		"scale":    {Unchecked: "it never asks, and fails without an answer only a client that answers unasked sends"},
		"whoami":   {Disagree: "not observable here: the fixture's caller is a context value of its own (userKey) that no authentication sets in this run, so whoami asks \"user\" in its first round, and an acceptance sent ahead for a first-round question is answering ahead, which the runtime takes too; where the server knows the caller (the kit's principal: go-sdk's TokenInfo, mcp-go's PrincipalContext) it asks nothing and the kit's stand-in acceptance under Tool.Keys catches it (both SDKs' TestStandInReplacesTheCaller)"},
		"purge":    {Disagree: "not observable: the fixture's deleteAll does nothing, so the acceptance sent unasked changes no result (an effect probe over the store would see it)"},
	}},
	"statereach/computedstate/computedstate.go": {Run: true, Expect: map[string]Expect{
		"rollback": {Unchecked: "a reduced shape: with its id given it asks for confirmation on every round, and never completes"},
	}},
	"statereach/helpers/helpers.go":           {Reason: "helpers, not handlers"},
	"statereach/marker/marker.go":             {Run: true},
	"statereach/mcpgoresolve/mcpgoresolve.go": {Reason: "resolvers reading request state the runtime seals: the kit sees the runtime refuse, not the read"},
	"statereach/middle/middle.go":             {Reason: "a package between helpers and handlers, no handler"},
	"statereach/stages/stages.go":             {Run: true},
	"askstable/handgo/handgo.go": {Run: true, Expect: map[string]Expect{
		"generated": {Disagree: "the key is new every round, but the handler takes an accepted answer under any key: the kit sees a new question, not one that changed, and the answer is always found"},
	}},
	"askstable/answers/answers.go":   {Reason: "a reader helper, not a handler"},
	"askstable/handiter/handiter.go": {Run: true},
	"askstable/handlib/handlib.go":   {Run: true},
	"askstable/handmcpgo/handmcpgo.go": {Run: true, Expect: map[string]Expect{
		"deploy": {Disagree: "the question's message carries the time: the analyzer judges the key, which is constant, the kit the whole question asked again"},
		"fresh":  {Either: "the key changes once a second: a check within one second sees the same key"},
	}},
	"syncask/direct/direct.go": {Run: true, Expect: map[string]Expect{
		"deleteTool": swallowed,
		"scaleTool":  {Unchecked: "it asks through a context elicitor that has no session here, and fails"},
	}},
	"syncask/mcpgo/mcpgo.go": {Run: true, Reason: "deploy is a method of a value that holds the server: its copy runs in package mcpgo's TestVerdicts", Expect: map[string]Expect{
		"direct": {Unchecked: "kit miss: mcp-go sends its empty elicitation request on the kit's 2026-07-28 session too, and the call hangs until the timeout instead of failing"},
	}},
	"syncask/chain/chain.go": {Run: true, Expect: map[string]Expect{
		"deleteTool": swallowed,
	}},
	"syncask/guarded/guarded.go": {Run: true, Expect: map[string]Expect{
		"forgot": {ReportedIn: "confirm"},
	}},
	"syncask/initparams/initparams.go": {Run: true},
	// deploy's legacy question has no requestedSchema, which mcp-go
	// refuses to send: the kit reports it under elicitbase, not syncask.
	"syncask/mcpgoguarded/mcpgoguarded.go": {Run: true},
	"syncask/paths/paths.go": {Run: true, Expect: map[string]Expect{
		"viaHook": {ReportedIn: "confirmOn"},
	}},
	"syncask/prompter/prompter.go":    {Run: true},
	"askcaps/ungated/ungated_test.go": {Reason: "a test's own server and client, not a handler a server registers"},
	"askcaps/gated/gated.go":          {Run: true, Args: path},
	"askcaps/ungated/ungated.go": {Run: true, Args: path, Expect: map[string]Expect{
		"touch": {ReportedIn: "question"},
	}},
	"askcaps/mcpgogated/mcpgogated.go": {Run: true},
	"askcaps/mcpgopertool/mcpgopertool.go": {Run: true, Expect: map[string]Expect{
		"rollback": {ReportedIn: "confirm"},
	}},
	"askcaps/mcpgoungated/mcpgoungated.go": {Run: true},
	"askcaps/partly/partly.go":             {Run: true},
	"askcaps/pertool/pertool.go": {Run: true, Args: path, Expect: map[string]Expect{
		"touch": {ReportedIn: "question"},
		"late":  {Disagree: "not observable: it builds the question before it checks the capability, but returns it only after: no client without elicitation gets it; the analyzer judges the order"},
	}, NotRun: map[string]string{
		"archive": "registered through gatelib.Require, which checks the capability: the kit would run it bare",
	}},
	"askcaps/rootsanswer/rootsanswer.go":    {Run: true},
	"askcaps/unknownkind/unknownkind.go":    {Reason: "forwards requests another component decided: the kind is known only with that component, a back end"},
	"askcaps/viahelper/viahelper.go":        {Run: true},
	"elicitbase/handgo/handgo.go":           {Reason: "elicitbase judges the question's schema, which has no run-time outcome the kit compares (a client renders it)"},
	"elicitbase/handmcpgo/handmcpgo.go":     {Reason: "elicitbase judges the question's schema, which has no run-time outcome the kit compares"},
	"elicitbase/secret/secret.go":           {Reason: "a secret asked in form mode: the kit sees the answer, not who else saw it"},
	"elicitbase/secretmcpgo/secretmcpgo.go": {Reason: "a secret asked in form mode: the kit sees the answer, not who else saw it"},
	"resolvemix/a/a.go":                     {Reason: "resolvemix judges types and registrations; the runtime refuses them at registration (analyzers' agreement test)"},
	"resolvemix/a/prompts.go":               {Reason: "prompts and resources: the kit calls tools only"},
	"resolvemix/a/suppress.go":              {Reason: "suppression directives: nothing runs"},
	"resolvemix/a/values.go":                {Reason: "builders called through function values, not registered handlers"},
	"resolvemix/helpers/helpers.go":         {Reason: "helpers that build results, not handlers"},
	"resolvemix/mcpgo/mcpgo.go":             {Reason: "resolvemix judges types and registrations; the runtime refuses them at registration"},
	"resolvemix/middle/middle.go":           {Reason: "a package between helpers and handlers, no handler"},
	"resolvepure/handgo/handgo.go":          {Reason: resolvepure},
	"resolvepure/handmcpgo/handmcpgo.go":    {Reason: resolvepure + "; and its handlers run an executable, deploy, that is not there"},
}

// Arguments of the fixtures' inputs; with FS, each names a file the
// effect probe watches.
var (
	table  = map[string]any{"table": "users"}
	bucket = map[string]any{"bucket": "logs"}
	path   = map[string]any{"path": "notes.txt"}
)

// Expectations several handlers share.
var (
	// neverAsks: a handler that never asks has no question for the kit to
	// decline, but a decline sent unasked changes its outcome.
	neverAsks = Expect{CaughtAs: "statereach"}
	// swallowed: the handler turns go-sdk's refusal into an error of its
	// own.
	swallowed = Expect{Unchecked: "it turns go-sdk's refusal of a server-to-client request into an error of its own (\"not confirmed\"): the kit sees a call that fails, not why"}
)

// resolvepure is why resolvepure's hand-written handlers are not run.
const resolvepure = "resolvepure judges a side effect taken on a path that returns an input-required result; the kit has no scenario for it (an effect probe ticking on a round that asks)"
