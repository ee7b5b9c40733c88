package golangci_test

import (
	"flag"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/mcplint/mcplint/analyzers"
	"github.com/mcplint/mcplint/golangci"
	"github.com/mcplint/mcplint/internal/rules"
)

// build constructs the plugin as golangci-lint does: through the registry,
// from the settings as viper hands them over (lowercase keys, YAML-typed
// values). The analyzers' flags are reset to their defaults afterwards.
func build(t *testing.T, settings any) ([]*analysis.Analyzer, string, error) {
	t.Helper()
	t.Cleanup(func() {
		if _, err := golangci.New(nil); err != nil {
			t.Errorf("resetting the flags: %v", err)
		}
	})
	newPlugin, err := register.GetPlugin("mcplint")
	if err != nil {
		t.Fatalf("plugin not registered: %v", err)
	}
	p, err := newPlugin(settings)
	if err != nil {
		return nil, "", err
	}
	as, err := p.BuildAnalyzers()
	if err != nil {
		t.Fatalf("BuildAnalyzers: %v", err)
	}
	return as, p.GetLoadMode(), nil
}

func analyzerNames(as []*analysis.Analyzer) []string {
	var out []string
	for _, a := range as {
		out = append(out, a.Name)
	}
	return out
}

func flagValue(t *testing.T, analyzer, name string) string {
	t.Helper()
	for _, a := range analyzers.All() {
		if a.Name == analyzer {
			f := a.Flags.Lookup(name)
			if f == nil {
				t.Fatalf("%s has no flag %s", analyzer, name)
			}
			return f.Value.String()
		}
	}
	t.Fatalf("no analyzer %s", analyzer)
	return ""
}

func TestDefaults(t *testing.T) {
	for _, settings := range []any{nil, map[string]any{}} {
		as, mode, err := build(t, settings)
		if err != nil {
			t.Fatalf("New(%#v): %v", settings, err)
		}
		if want := analyzerNames(analyzers.All()); !slices.Equal(analyzerNames(as), want) {
			t.Errorf("New(%#v) analyzers = %v, want %v", settings, analyzerNames(as), want)
		}
		if mode != register.LoadModeTypesInfo {
			t.Errorf("GetLoadMode() = %q, want %q", mode, register.LoadModeTypesInfo)
		}
	}
}

func TestDisableAndOptions(t *testing.T) {
	as, _, err := build(t, map[string]any{
		"disable":      []any{"resolvemix"},
		"resolvegraph": map[string]any{"budget": 5},
	})
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, a := range analyzers.All() {
		if a.Name != "resolvemix" {
			want = append(want, a.Name)
		}
	}
	if got := analyzerNames(as); !slices.Equal(got, want) {
		t.Errorf("analyzers = %v, want %v", got, want)
	}
	if got := flagValue(t, "resolvegraph", "budget"); got != "5" {
		t.Errorf("resolvegraph budget = %s, want 5", got)
	}

	// A list is passed joined with commas.
	verifiers := []any{"example.com/auth.Check", "example.com/auth.(*Codec).Open"}
	if _, _, err := build(t, map[string]any{"statereach": map[string]any{"verifiers": verifiers}}); err != nil {
		t.Fatal(err)
	}
	if got, want := flagValue(t, "statereach", "verifiers"), "example.com/auth.Check,example.com/auth.(*Codec).Open"; got != want {
		t.Errorf("statereach verifiers = %q, want %q", got, want)
	}

	// A boolean, as YAML gives it.
	if _, _, err := build(t, map[string]any{"suppress": map[string]any{"unused": true}}); err != nil {
		t.Fatal(err)
	}
	if got := flagValue(t, "suppress", "unused"); got != "true" {
		t.Errorf("suppress unused = %s, want true", got)
	}

	// The docs' address moves the analyzers' links.
	if _, _, err := build(t, map[string]any{"docs": "https://docs.example.com/mcplint/"}); err != nil {
		t.Fatal(err)
	}
	if got := analyzers.DocURL("migrate.md"); got != "https://docs.example.com/mcplint/migrate.md" {
		t.Errorf("with docs set, migrate.md is at %s", got)
	}

	// A later plugin without the setting restores the default.
	if _, _, err := build(t, map[string]any{"disable": "elicitbase"}); err != nil {
		t.Fatal(err)
	}
	if got, want := flagValue(t, "resolvegraph", "budget"), strconv.Itoa(rules.DefaultRoundBudget); got != want {
		t.Errorf("resolvegraph budget after a plugin without settings = %s, want the default %s", got, want)
	}
	if got := analyzers.DocURL(""); got != analyzers.DefaultDocs {
		t.Errorf("the docs' address after a plugin without settings = %s, want the default %s", got, analyzers.DefaultDocs)
	}
}

// TestEveryFlag sets each flag of each analyzer to its default through the
// settings, so that a flag the plugin cannot pass fails here.
func TestEveryFlag(t *testing.T) {
	for _, a := range analyzers.All() {
		a.Flags.VisitAll(func(f *flag.Flag) {
			settings := map[string]any{a.Name: map[string]any{strings.ToLower(f.Name): f.DefValue}}
			if _, _, err := build(t, settings); err != nil {
				t.Errorf("New(%v): %v", settings, err)
			}
		})
	}
}

func TestErrors(t *testing.T) {
	for _, tc := range []struct {
		name     string
		settings any
		want     string // substrings of the error, separated by |
	}{
		{"unknown key", map[string]any{"budget": 5},
			`mcplint: settings: unknown key "budget" (known: disable, docs, resolvegraph`},
		{"docs not a URL", map[string]any{"docs": "docs/"},
			`mcplint: settings: docs: "docs/" is not an absolute http, https or file URL`},
		{"docs not a string", map[string]any{"docs": 3},
			`mcplint: settings: docs: want the address of mcplint's docs directory, got the number 3`},
		{"unknown analyzer to disable", map[string]any{"disable": []any{"resolvegrpah"}},
			`mcplint: settings: disable: unknown analyzer "resolvegrpah" (known: resolvegraph`},
		{"disable not a list", map[string]any{"disable": 3},
			`disable: want a list of analyzer names, got the number 3`},
		{"unknown flag", map[string]any{"resolvegraph": map[string]any{"depth": 3}},
			`mcplint: settings: resolvegraph: unknown flag "depth" (known: budget`},
		{"options not a map", map[string]any{"resolvegraph": 5},
			`resolvegraph: want a map of the analyzer's flags, got the number 5`},
		{"bad value", map[string]any{"resolvegraph": map[string]any{"budget": "many"}},
			`mcplint: settings: resolvegraph.budget: invalid value "many"`},
		{"nested value", map[string]any{"resolvegraph": map[string]any{"budget": map[string]any{"a": 1}}},
			`resolvegraph.budget: want a string, number, boolean or list, got a map`},
		{"everything disabled", map[string]any{"disable": analyzerNames(analyzers.All())},
			`remove mcplint from linters.enable`},
		{"settings not a map", []any{"resolvemix"},
			`mcplint: settings: want a map, got a list`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := build(t, tc.settings)
			if err == nil {
				t.Fatalf("New(%#v) succeeded, want an error", tc.settings)
			}
			for _, want := range strings.Split(tc.want, "|") {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("New(%#v) error:\n%v\nwant it to contain:\n%s", tc.settings, err, want)
				}
			}
		})
	}
	// An analyzer without flags says so.
	for _, a := range analyzers.All() {
		n := 0
		a.Flags.VisitAll(func(*flag.Flag) { n++ })
		if n > 0 {
			continue
		}
		_, _, err := build(t, map[string]any{a.Name: map[string]any{"x": 1}})
		want := a.Name + `: unknown flag "x" (known: none: ` + a.Name + " has no flags)"
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("a flag of %s: error %v, want it to contain %s", a.Name, err, want)
		}
		break
	}

	// A failed New leaves the flags alone.
	if got, want := flagValue(t, "resolvegraph", "budget"), strconv.Itoa(rules.DefaultRoundBudget); got != want {
		t.Errorf("resolvegraph budget after failed settings = %s, want %s", got, want)
	}
}
