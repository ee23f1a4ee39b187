package onceover

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// FactSet is a fact set file: onceover's spec/factsets/NAME.json (facter's
// or PuppetDB's {"name": .., "values": {..}} form) or facterdb's
// NAME.facts (a plain facts hash).
type FactSet struct {
	Name string // the file's name without its extension
	File string
	// Certname is trusted['certname'] of the fact set when it has one:
	// onceover compiles the node under that name.
	Certname string
	// Extensions are its trusted facts (the top-level "trusted" hash, else
	// values' trusted.extensions), External its trusted external data (the
	// top-level "trusted_external" hash, else values' trusted.external), as
	// onceover reads them. Numbers are json.Number.
	Extensions, External map[string]any
}

// factExts are the file names read as fact sets, in order of preference.
var factExts = []string{".json", ".facts"}

// FindFactSets lists the fact sets of directories (not their
// subdirectories) and of files matched by glob patterns; a name found
// twice is the first one's, as onceover takes the first file of a name.
func FindFactSets(dirs, globs []string) (map[string]*FactSet, error) {
	var files []string
	for _, d := range dirs {
		entries, err := os.ReadDir(d)
		if err != nil {
			return nil, fmt.Errorf("fact sets: %w", err)
		}
		var names []string
		for _, e := range entries {
			if !e.IsDir() && factName(e.Name()) != "" {
				names = append(names, e.Name())
			}
		}
		sort.Strings(names)
		for _, n := range names {
			files = append(files, filepath.Join(d, n))
		}
	}
	for _, g := range globs {
		m, err := filepath.Glob(g)
		if err != nil {
			return nil, fmt.Errorf("fact sets: %s: %w", g, err)
		}
		files = append(files, m...)
	}
	out := map[string]*FactSet{}
	for _, f := range files {
		name := factName(filepath.Base(f))
		if name == "" {
			name = strings.TrimSuffix(filepath.Base(f), filepath.Ext(f))
		}
		if _, ok := out[name]; !ok {
			out[name] = &FactSet{Name: name, File: f}
		}
	}
	return out, nil
}

func factName(base string) string {
	for _, ext := range factExts {
		if strings.HasSuffix(base, ext) && len(base) > len(ext) {
			return strings.TrimSuffix(base, ext)
		}
	}
	return ""
}

// Read checks that the fact set holds a facts hash and reads its trusted
// facts.
func (f *FactSet) Read() error {
	b, err := os.ReadFile(f.File)
	if err != nil {
		return err
	}
	var top map[string]any
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	if err := dec.Decode(&top); err != nil {
		return fmt.Errorf("fact set %s: %v", f.File, err)
	}
	if top == nil {
		return fmt.Errorf("fact set %s: no facts hash", f.File)
	}
	facts := top
	if v, ok := top["values"].(map[string]any); ok {
		facts = v
	}
	// The file's top-level trusted hash (its "extensions" implied) takes
	// precedence over the facts' trusted.extensions, as in onceover.
	if t, ok := top["trusted"].(map[string]any); ok {
		f.Extensions = t
	} else if t, ok := facts["trusted"].(map[string]any); ok {
		f.Extensions, _ = t["extensions"].(map[string]any)
	}
	if t, ok := top["trusted_external"].(map[string]any); ok {
		f.External = t
	} else if t, ok := facts["trusted"].(map[string]any); ok {
		f.External, _ = t["external"].(map[string]any)
	}
	if c, ok := f.Extensions["certname"].(string); ok {
		f.Certname = c
	}
	return nil
}
