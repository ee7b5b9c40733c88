// Package golangci is mcplint's golangci-lint module plugin. A custom
// golangci-lint binary that imports it (see scripts/build-golangci-lint.sh
// and docs/ci.md) has a linter named mcplint that runs mcplint's analyzers
// and reports their findings as "<analyzer>: <message> (mcplint)".
//
// The plugin is configured in .golangci.yml:
//
//	version: "2"
//	linters:
//	  enable:
//	    - mcplint
//	  settings:
//	    custom:
//	      mcplint:
//	        type: module
//	        description: rules of resolver-based MCP tools
//	        settings:               # optional; every analyzer runs by default
//	          resolvegraph:         # an analyzer's flags, by name
//	            budget: 5
//	          statereach:
//	            verifiers: [example.com/app/auth.Check]
//	          suppress:             # directives that suppress nothing, too
//	            unused: true
//
// (docs/ci.md has the full example, which the integration test runs.) To
// turn analyzers off, list them: disable: [elicitbase].
//
// Every key is lowercase. The top-level keys are "disable", a list of
// analyzer names; "docs", the address of mcplint's docs directory that
// the messages link to (mcplint's -docs flag); and the name of each
// analyzer, a map from the names of
// its flags (those of "mcplint help <analyzer>" without the prefix) to
// their values: a string, a number, a boolean, or a list of those, which
// is passed joined with commas. A flag that is not set keeps its default.
// An unknown key, analyzer or flag, or a value the flag rejects, is an
// error that stops golangci-lint.
//
// The analyzers' flags are package-level state, so the settings apply to
// the whole process: the last plugin created wins.
package golangci

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/mcplint/mcplint/analyzers"
)

// Name is the name of the plugin and of its linter in golangci-lint.
const Name = "mcplint"

// disableKey is the setting that lists the analyzers not to run.
const disableKey = "disable"

// docsKey is the setting of the docs' address (mcplint -docs).
const docsKey = "docs"

func init() {
	register.Plugin(Name, New)
}

// Plugin is the golangci-lint module plugin of mcplint.
type Plugin struct {
	analyzers []*analysis.Analyzer
}

var _ register.LinterPlugin = (*Plugin)(nil)

// New returns the plugin configured by settings, the value of
// linters.settings.custom.mcplint.settings in .golangci.yml (nil if it is
// absent). It sets the analyzers' flags: those that settings name to
// their values, the others to their defaults.
func New(settings any) (register.LinterPlugin, error) {
	all := analyzers.All()
	byName := make(map[string]*analysis.Analyzer, len(all))
	for _, a := range all {
		byName[a.Name] = a
	}

	conf, err := decode(settings)
	if err != nil {
		return nil, err
	}

	// Check every key and value before changing any flag.
	disabled := make(map[string]bool)
	values := make(map[*flag.Flag]string)
	docs := analyzers.DefaultDocs
	for _, key := range slices.Sorted(maps.Keys(conf)) {
		raw := conf[key]
		if key == docsKey {
			s, ok := raw.(string)
			if !ok {
				return nil, fmt.Errorf("%s: settings: %s: want the address of mcplint's docs directory, got %s", Name, docsKey, describe(raw))
			}
			docs = s
			continue
		}
		if key == disableKey {
			list, err := stringList(raw)
			if err != nil {
				return nil, fmt.Errorf("%s: settings: %s: %v", Name, disableKey, err)
			}
			for _, n := range list {
				if byName[n] == nil {
					return nil, fmt.Errorf("%s: settings: %s: unknown analyzer %q (known: %s)",
						Name, disableKey, n, strings.Join(names(all), ", "))
				}
				disabled[n] = true
			}
			continue
		}
		a := byName[key]
		if a == nil {
			return nil, fmt.Errorf("%s: settings: unknown key %q (known: %s, %s, %s)",
				Name, key, disableKey, docsKey, strings.Join(names(all), ", "))
		}
		opts, ok := raw.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("%s: settings: %s: want a map of the analyzer's flags, got %s",
				Name, key, describe(raw))
		}
		for _, opt := range slices.Sorted(maps.Keys(opts)) {
			f := lookup(a, opt)
			if f == nil {
				return nil, fmt.Errorf("%s: settings: %s: unknown flag %q (known: %s)",
					Name, key, opt, knownFlags(a))
			}
			v, err := flagValue(opts[opt])
			if err != nil {
				return nil, fmt.Errorf("%s: settings: %s.%s: %v", Name, key, opt, err)
			}
			values[f] = v
		}
	}

	var enabled []*analysis.Analyzer
	for _, a := range all {
		if !disabled[a.Name] {
			enabled = append(enabled, a)
		}
	}
	if len(enabled) == 0 {
		return nil, fmt.Errorf("%s: settings: %s lists every analyzer; remove %s from linters.enable instead",
			Name, disableKey, Name)
	}

	// SetDocs changes nothing when it fails; like the flags, the address
	// depends only on settings, not on an earlier call.
	if err := analyzers.SetDocs(docs); err != nil {
		return nil, fmt.Errorf("%s: settings: %s: %v", Name, docsKey, err)
	}
	// Set the flags of every analyzer, so that the result depends only on
	// settings and not on an earlier call.
	for _, a := range all {
		var errs []error
		a.Flags.VisitAll(func(f *flag.Flag) {
			v, ok := values[f]
			if !ok {
				v = f.DefValue
			}
			if err := f.Value.Set(v); err != nil {
				if ok {
					errs = append(errs, fmt.Errorf("%s: settings: %s.%s: invalid value %q: %v", Name, a.Name, f.Name, v, err))
				} else {
					errs = append(errs, fmt.Errorf("%s: resetting %s.%s to its default %q: %v", Name, a.Name, f.Name, v, err))
				}
			}
		})
		if err := errors.Join(errs...); err != nil {
			return nil, err
		}
	}
	return &Plugin{analyzers: enabled}, nil
}

// BuildAnalyzers returns the analyzers that the settings do not disable,
// in the order of [analyzers.All].
func (p *Plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	return slices.Clone(p.analyzers), nil
}

// GetLoadMode returns [register.LoadModeTypesInfo]: the analyzers read
// type information (and resolvemix exchanges facts across packages).
func (p *Plugin) GetLoadMode() string {
	return register.LoadModeTypesInfo
}

// decode turns the settings into a map with JSON-typed values (strings,
// json.Number, booleans, []any and map[string]any).
func decode(settings any) (map[string]any, error) {
	if settings == nil {
		return nil, nil
	}
	data, err := json.Marshal(settings)
	if err != nil {
		return nil, fmt.Errorf("%s: settings: %v", Name, err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, fmt.Errorf("%s: settings: %v", Name, err)
	}
	switch v := v.(type) {
	case nil:
		return nil, nil
	case map[string]any:
		return v, nil
	default:
		return nil, fmt.Errorf("%s: settings: want a map, got %s", Name, describe(v))
	}
}

// lookup returns the flag of a named key (keys are lowercase, flag names
// may not be).
func lookup(a *analysis.Analyzer, key string) *flag.Flag {
	if f := a.Flags.Lookup(key); f != nil {
		return f
	}
	var found *flag.Flag
	a.Flags.VisitAll(func(f *flag.Flag) {
		if found == nil && strings.EqualFold(f.Name, key) {
			found = f
		}
	})
	return found
}

func knownFlags(a *analysis.Analyzer) string {
	var fs []string
	a.Flags.VisitAll(func(f *flag.Flag) { fs = append(fs, strings.ToLower(f.Name)) })
	if len(fs) == 0 {
		return "none: " + a.Name + " has no flags"
	}
	return strings.Join(fs, ", ")
}

// flagValue renders a setting as a flag value.
func flagValue(v any) (string, error) {
	switch v := v.(type) {
	case string:
		return v, nil
	case bool:
		return fmt.Sprint(v), nil
	case json.Number:
		return v.String(), nil
	case []any:
		parts := make([]string, len(v))
		for i, e := range v {
			switch e.(type) {
			case []any, map[string]any, nil:
				return "", fmt.Errorf("want a string, number or boolean in the list, got %s", describe(e))
			}
			s, err := flagValue(e)
			if err != nil {
				return "", err
			}
			parts[i] = s
		}
		return strings.Join(parts, ","), nil
	default:
		return "", fmt.Errorf("want a string, number, boolean or list, got %s", describe(v))
	}
}

// stringList returns a list of strings, or a single string as a list.
func stringList(v any) ([]string, error) {
	switch v := v.(type) {
	case string:
		return []string{v}, nil
	case []any:
		out := make([]string, len(v))
		for i, e := range v {
			s, ok := e.(string)
			if !ok {
				return nil, fmt.Errorf("want a list of analyzer names, got %s in the list", describe(e))
			}
			out[i] = s
		}
		return out, nil
	default:
		return nil, fmt.Errorf("want a list of analyzer names, got %s", describe(v))
	}
}

func describe(v any) string {
	switch v := v.(type) {
	case nil:
		return "nothing"
	case map[string]any:
		return "a map"
	case []any:
		return "a list"
	case string:
		return fmt.Sprintf("the string %q", v)
	case json.Number:
		return "the number " + v.String()
	case bool:
		return fmt.Sprintf("the boolean %v", v)
	default:
		return fmt.Sprintf("%T", v)
	}
}

func names(as []*analysis.Analyzer) []string {
	out := make([]string, len(as))
	for i, a := range as {
		out[i] = a.Name
	}
	return out
}
