package check

// An Entry is one of mcplint's analyzers, as the suppression directive,
// the command's usage and the docs know it.
type Entry struct {
	Name string // the analyzer's Name, the word a directive names
}

// Analyzers is the table of mcplint's analyzers, in name order: a
// suppression directive may name exactly these, each has a page
// docs/checks/NAME.md, and each analyzer takes its Name and URL from its
// entry. A test checks that the table and the list of analyzers agree.
var Analyzers = []Entry{
	{Name: "askcaps"},
	{Name: "askstable"},
	{Name: "elicitbase"},
	{Name: "failopen"},
	{Name: "resolvegraph"},
	{Name: "resolvemix"},
	{Name: "resolvepure"},
	{Name: "statereach"},
	{Name: "suppress"},
	{Name: "syncask"},
	{Name: "toolschema"},
}

// Names returns the names of [Analyzers], in order.
func Names() []string {
	names := make([]string, len(Analyzers))
	for i, e := range Analyzers {
		names[i] = e.Name
	}
	return names
}

// Known reports whether name is one of [Analyzers].
func Known(name string) bool {
	for _, e := range Analyzers {
		if e.Name == name {
			return true
		}
	}
	return false
}
