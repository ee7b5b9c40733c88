// Package flow is mcplint's one analysis engine: it answers "can this value
// reach that call, and on which path" over the SSA form of one package,
// for every analyzer.
//
// A [Graph] wraps the package's SSA form (from the helper analyzer
// ssabuild, built once per relevant package) and answers:
//
//   - call resolution ([Graph.Callees]): the static callee of a call; for
//     a call of an interface method, the abstract method and the methods of
//     the package's own types that implement it; for a call of a function
//     value, the functions and closures the value comes from (locals, phi
//     nodes, captured variables, and the package's globals and unexported
//     fields that only the package stores to); [Graph.ExactCallees], for a
//     rule that claims what a call runs, leaves out what it runs only for
//     some value of a type (interface implementations, functions stored in
//     struct fields); the package's call graph of its own functions
//     ([Graph.Calls], [Graph.Callers]) and whether callers it does not
//     show may call a function ([Graph.UnseenCallers]);
//   - backward provenance ([Graph.Origins]): the values a value is computed
//     from, through copies, conversions, phi nodes, local variables,
//     captured variables, and the package's globals and fields; for an
//     analyzer whose rule judges each store on its own path, the stores
//     themselves ([Graph.Stores], [Graph.FieldStores], [Store]), what a
//     closure binds to a captured variable ([Graph.Binding]), the
//     memoized backward fold that carries the rule ([Fold]), and the
//     provenance walk ([Provenance]) that does the walking for an
//     analyzer whose rule is a set of decisions ([ProvenanceRules]: its
//     sources, which stores and callers count), parameters judged by
//     the callers, up to where the value is made;
//   - forward taint ([Taint]): where a value goes, through copies,
//     conversions, phi nodes, stores and the loads of what they store,
//     captured variables, and the package's functions that return their
//     parameter;
//   - dominance and post-dominance on SSA blocks ([Point.Dominates],
//     [Graph.PostDominates], [EdgeDominates]), the branch edges of a
//     condition ([Branches], [EdgeOf]) and the edges where a call has
//     succeeded or failed ([Outcomes]);
//   - values on paths ([Paths]): for a scenario that binds some values
//     (a request's result and error on the path where it failed), which
//     blocks and returns the paths after an instruction reach and what
//     the returns give, deciding each branch by the values (constants,
//     φ-nodes by the edge taken, stores and loads on the path, fields,
//     comparisons, and calls: the package's functions evaluated from
//     their bodies, the rest by the analyzer's hooks), and what a
//     function gives for given arguments ([Paths.Summary]), including
//     that it never returns; a scenario that splits into cases (a failure
//     by its class) is walked once per case, and [Merge] joins what the
//     cases reach;
//   - per-function summaries ([Reacher]: does a function reach a sink,
//     by its own code or through static calls, interface methods and
//     function values, and across packages by the analyzer's facts),
//     exported as facts;
//   - the one fixed point ([Fixpoint]) that every summary is computed by.
//
// The package knows no API: which calls are sources, sinks and verifiers
// is the analyzer's question, answered from package knowledge.
package flow
