package check

import (
	"fmt"
	"net/url"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// DefaultDocs is the address of mcplint's docs/ directory, in the
// repository the README names: where messages, mcplint help and SARIF
// point unless the -docs flag says otherwise (until the repository is
// published, a team may serve the pages of its clone elsewhere).
const DefaultDocs = "https://github.com/mcplint/mcplint/blob/main/docs/"

// docs is the address of the docs/ directory in use, ending in "/". It is
// set, if at all, while the command line is parsed, before any analysis
// reads it.
var docs = DefaultDocs

// declared are the analyzers [New] declared, whose URL follows [SetDocs].
var declared []*analysis.Analyzer

// DocURL returns the address of page, a path under docs/ such as
// "migrate.md" or "checks/failopen.md". It is the one place where
// mcplint's messages, analyzers and command build a link to a page.
func DocURL(page string) string { return docs + page }

// URL returns the documentation URL of the analyzer name.
func URL(name string) string { return DocURL("checks/" + strings.ToLower(name) + ".md") }

// SetDocs sets the address of the docs/ directory: an absolute http,
// https or file URL, without a query, fragment or %-escape ("/" is added
// at its end if missing). The declared analyzers' URLs follow it.
func SetDocs(s string) error {
	u, err := url.Parse(s)
	switch {
	case err != nil:
		return fmt.Errorf("%q is not a URL: %v", s, err)
	case u.Scheme != "http" && u.Scheme != "https" && u.Scheme != "file":
		return fmt.Errorf("%q is not an absolute http, https or file URL of the docs directory (default %s)", s, DefaultDocs)
	case u.Scheme != "file" && u.Host == "":
		return fmt.Errorf("%q names no host", s)
	case u.RawQuery != "" || u.Fragment != "" || u.ForceQuery:
		return fmt.Errorf("%q has a query or fragment: give the address of the docs directory, to which a page's path is added", s)
	case strings.Contains(s, "%"):
		// Messages are formatted with the address in them.
		return fmt.Errorf("%q has a %%-escape: give the address without one", s)
	}
	if !strings.HasSuffix(s, "/") {
		s += "/"
	}
	docs = s
	for _, a := range declared {
		a.URL = URL(a.Name)
	}
	return nil
}
