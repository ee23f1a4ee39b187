package conformance

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// The semantic comparison of two catalogs that the oracle's catalog-diff
// makes (../shared/conformance/oracle/catalog-diff): resources as a set
// keyed by type and title, with their exported flag, sensitive parameters,
// parameters (values compared as JSON, where 1, 1.0 and "1" differ), tags as
// a set, file and line; edges and classes as sets.

type catalog struct {
	Resources []resource `json:"resources"`
	Edges     []struct {
		Source string `json:"source"`
		Target string `json:"target"`
	} `json:"edges"`
	Classes []string `json:"classes"`
}

type resource struct {
	Type       string                     `json:"type"`
	Title      string                     `json:"title"`
	Tags       []string                   `json:"tags"`
	File       *string                    `json:"file"`
	Line       *int                       `json:"line"`
	Exported   bool                       `json:"exported"`
	Sensitive  []string                   `json:"sensitive_parameters"`
	Parameters map[string]json.RawMessage `json:"parameters"`
}

// DiffCatalogs compares an expected catalog (Puppet's, as the oracle
// writes it) with an actual one (pp2go's), whose file paths are made
// comparable with envRoot as catalog-diff's --env-root does. It returns the
// differences, none when the catalogs are equal.
func DiffCatalogs(expected, actual []byte, envRoot string) ([]string, error) {
	var e, a catalog
	if err := json.Unmarshal(expected, &e); err != nil {
		return nil, fmt.Errorf("expected catalog: %w", err)
	}
	if err := json.Unmarshal(actual, &a); err != nil {
		return nil, fmt.Errorf("actual catalog: %w", err)
	}
	relativize(&a, envRoot)
	var out []string
	index := func(c *catalog) map[string]*resource {
		m := map[string]*resource{}
		for i := range c.Resources {
			r := &c.Resources[i]
			m[r.Type+"["+r.Title+"]"] = r
		}
		return m
	}
	er, ar := index(&e), index(&a)
	for _, k := range sortedKeys(er) {
		if ar[k] == nil {
			out = append(out, "- "+k+" (missing in actual)")
		}
	}
	for _, k := range sortedKeys(ar) {
		if er[k] == nil {
			out = append(out, "+ "+k+" (unexpected in actual)")
		}
	}
	for _, k := range sortedKeys(er) {
		x, y := er[k], ar[k]
		if y == nil {
			continue
		}
		if x.Exported != y.Exported {
			out = append(out, fmt.Sprintf("~ %s exported: %v -> %v", k, x.Exported, y.Exported))
		}
		if !sameSet(x.Sensitive, y.Sensitive) {
			out = append(out, fmt.Sprintf("~ %s sensitive_parameters: %v -> %v", k, x.Sensitive, y.Sensitive))
		}
		names := map[string]bool{}
		for n := range x.Parameters {
			names[n] = true
		}
		for n := range y.Parameters {
			names[n] = true
		}
		for _, n := range sortedKeys(names) {
			xv, xok := x.Parameters[n]
			yv, yok := y.Parameters[n]
			switch {
			case !yok:
				out = append(out, fmt.Sprintf("~ %s param %s missing in actual (expected %s)", k, n, short(xv)))
			case !xok:
				out = append(out, fmt.Sprintf("~ %s param %s unexpected in actual (= %s)", k, n, short(yv)))
			case !sameJSON(xv, yv):
				out = append(out, fmt.Sprintf("~ %s param %s:\n    expected %s\n    actual   %s", k, n, short(xv), short(yv)))
			}
		}
		if !sameSet(x.Tags, y.Tags) {
			out = append(out, fmt.Sprintf("~ %s tags: %v -> %v", k, x.Tags, y.Tags))
		}
		if deref(x.File) != deref(y.File) || derefInt(x.Line) != derefInt(y.Line) {
			out = append(out, fmt.Sprintf("~ %s file/line: %s:%d -> %s:%d", k, deref(x.File), derefInt(x.Line), deref(y.File), derefInt(y.Line)))
		}
	}
	edges := func(c *catalog) map[string]bool {
		m := map[string]bool{}
		for _, ed := range c.Edges {
			m[ed.Source+" -> "+ed.Target] = true
		}
		return m
	}
	ee, ae := edges(&e), edges(&a)
	for _, k := range sortedKeys(ee) {
		if !ae[k] {
			out = append(out, "- edge "+k)
		}
	}
	for _, k := range sortedKeys(ae) {
		if !ee[k] {
			out = append(out, "+ edge "+k)
		}
	}
	if !sameSet(e.Classes, a.Classes) {
		out = append(out, fmt.Sprintf("~ classes: %v -> %v", e.Classes, a.Classes))
	}
	return out, nil
}

// relativize makes file paths comparable with the oracle's: relative to
// the environment, or "<modules>/..." for the system modules (also through
// the links Debian installs each module as).
func relativize(c *catalog, envRoot string) {
	type root struct{ prefix, repl string }
	var roots []root
	add := func(p, repl string) {
		roots = append(roots, root{strings.TrimSuffix(p, "/") + "/", repl})
	}
	if real, err := filepath.EvalSymlinks(envRoot); err == nil {
		add(real, "")
	}
	add(envRoot, "")
	mods := ModulesDir()
	if real, err := filepath.EvalSymlinks(mods); err == nil {
		add(real, "<modules>/")
	}
	add(mods, "<modules>/")
	if entries, err := os.ReadDir(mods); err == nil {
		for _, en := range entries {
			p := filepath.Join(mods, en.Name())
			if real, err := filepath.EvalSymlinks(p); err == nil && real != p {
				add(real, "<modules>/"+en.Name()+"/")
			}
		}
	}
	sort.Slice(roots, func(i, j int) bool { return len(roots[i].prefix) > len(roots[j].prefix) })
	for i := range c.Resources {
		f := c.Resources[i].File
		if f == nil {
			continue
		}
		for _, r := range roots {
			if strings.HasPrefix(*f, r.prefix) {
				rel := r.repl + strings.TrimPrefix(*f, r.prefix)
				c.Resources[i].File = &rel
				break
			}
		}
	}
}

// sameJSON compares JSON values exactly: 1, 1.0 and "1" differ; object
// keys are unordered.
func sameJSON(a, b json.RawMessage) bool {
	x, err1 := decodeNumbers(a)
	y, err2 := decodeNumbers(b)
	if err1 != nil || err2 != nil {
		return bytes.Equal(a, b)
	}
	return sameValue(x, y)
}

func decodeNumbers(b []byte) (any, error) {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var v any
	err := d.Decode(&v)
	return v, err
}

func sameValue(a, b any) bool {
	switch x := a.(type) {
	case json.Number:
		y, ok := b.(json.Number)
		if !ok {
			return false
		}
		xf, yf := isFloat(x), isFloat(y)
		if xf != yf {
			return false
		}
		if xf {
			p, _ := x.Float64()
			q, _ := y.Float64()
			return p == q
		}
		return x == y
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for k, v := range x {
			w, ok := y[k]
			if !ok || !sameValue(v, w) {
				return false
			}
		}
		return true
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !sameValue(x[i], y[i]) {
				return false
			}
		}
		return true
	}
	return a == b
}

func isFloat(n json.Number) bool { return strings.ContainsAny(string(n), ".eE") }

func sameSet(a, b []string) bool {
	m := map[string]bool{}
	for _, s := range a {
		m[s] = true
	}
	n := map[string]bool{}
	for _, s := range b {
		n[s] = true
		if !m[s] {
			return false
		}
	}
	return len(m) == len(n)
}

func short(b json.RawMessage) string {
	s := string(b)
	if len(s) > 160 {
		return s[:160] + "..."
	}
	return s
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

func derefInt(i *int) int {
	if i == nil {
		return 0
	}
	return *i
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
