package rubyscan

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/pp2go/pp2go/rt/restype"
)

const debianModules = "/usr/share/puppet/modules"

// puppetType is what Puppet itself made of a type file (testdata/gen-types.rb).
type puppetType struct {
	Name  string `json:"name"`
	Attrs []struct {
		Name    string `json:"name"`
		Kind    string `json:"kind"`
		Namevar bool   `json:"namevar"`
	} `json:"attrs"`
	TitlePatterns []restype.TitlePattern `json:"title_patterns"`
	Isomorphic    bool                   `json:"isomorphic"`
	Features      []string               `json:"features"`
}

// titlePatternsComputed are the Debian types whose title patterns come from
// Ruby helpers (PuppetX::Keystone::CompositeNamevar) a static scan cannot
// evaluate; the scanner must say so rather than guess.
var titlePatternsComputed = map[string]bool{
	"keystone/lib/puppet/type/keystone_endpoint.rb":  true,
	"keystone/lib/puppet/type/keystone_service.rb":   true,
	"keystone/lib/puppet/type/keystone_tenant.rb":    true,
	"keystone/lib/puppet/type/keystone_user.rb":      true,
	"keystone/lib/puppet/type/keystone_user_role.rb": true,
}

// notScanned are the type files whose types the scan does not read, with
// why.
var notScanned = map[string]string{}

// TestDebianTypesMatchPuppet scans every type of the Debian modules and
// compares with what Puppet 7.23 loads from the same files.
func TestDebianTypesMatchPuppet(t *testing.T) {
	if _, err := os.Stat(debianModules); err != nil {
		t.Skip("Debian puppet-module-* packages not installed")
	}
	typesMatchPuppet(t, debianModules, "testdata/debian-types.json")
}

// TestDebian13TypesMatchPuppet does the same for Debian 13's modules
// (../shared/conformance/debian13/fetch-modules DIR, then
// PP2GO_D13_MODULES=DIR/modules; gen-types.rb wrote
// testdata/debian13-types.json from them): elasticsearch's types get their
// connection parameters from a module's `self.extended` hook.
func TestDebian13TypesMatchPuppet(t *testing.T) {
	mods := os.Getenv("PP2GO_D13_MODULES")
	if mods == "" {
		t.Skip("set PP2GO_D13_MODULES to DIR/modules after ../shared/conformance/debian13/fetch-modules DIR")
	}
	typesMatchPuppet(t, mods, "testdata/debian13-types.json")
}

// typesMatchPuppet scans every type file of a module directory listed in
// the JSON file gen-types.rb wrote and compares with Puppet's types.
func typesMatchPuppet(t *testing.T, modules, wantFile string) {
	debianRequirer := requirerIn(modules)
	data, err := os.ReadFile(wantFile)
	if err != nil {
		t.Fatal(err)
	}
	var want map[string]puppetType
	if err := json.Unmarshal(data, &want); err != nil {
		t.Fatal(err)
	}
	files := make([]string, 0, len(want))
	for f := range want {
		files = append(files, f)
	}
	sort.Strings(files)
	for _, rel := range files {
		w := want[rel]
		src, err := os.ReadFile(filepath.Join(modules, rel))
		if err != nil {
			t.Errorf("%s: %v", rel, err)
			continue
		}
		types, _ := Types(rel, string(src), debianRequirer)
		var got *restype.Type
		for _, ty := range types {
			if ty.Name == w.Name {
				got = ty
			}
		}
		if got == nil {
			if why := notScanned[rel]; why != "" {
				t.Logf("%s: not scanned: %s", rel, why)
				continue
			}
			t.Errorf("%s: type %s not found by the scan", rel, w.Name)
			continue
		}
		if providers, _ := filepath.Glob(filepath.Join(modules, "*/lib/puppet/provider", w.Name, "*.rb")); len(providers) > 0 {
			AddProvider(got)
		}
		var gotAttrs, wantAttrs []string
		for _, a := range got.Attrs {
			gotAttrs = append(gotAttrs, attrString(a.Name, a.Kind.String(), a.Namevar))
		}
		for _, a := range w.Attrs {
			wantAttrs = append(wantAttrs, attrString(a.Name, a.Kind, a.Namevar))
		}
		if !reflect.DeepEqual(gotAttrs, wantAttrs) {
			t.Errorf("%s: attributes\n got  %s\n want %s", rel, strings.Join(gotAttrs, " "), strings.Join(wantAttrs, " "))
		}
		if got.Open {
			t.Errorf("%s: marked open, but Puppet's list is known", rel)
		}
		switch {
		case titlePatternsComputed[rel]:
			if !got.TitlePatternsUnknown {
				t.Errorf("%s: title patterns are computed in Ruby; the scan must report them unknown, got %v", rel, got.TitlePatterns)
			}
		case !reflect.DeepEqual(normTP(got.TitlePatterns), normTP(w.TitlePatterns)):
			t.Errorf("%s: title patterns\n got  %q\n want %q", rel, got.TitlePatterns, w.TitlePatterns)
		}
		if got.Isomorphic != w.Isomorphic {
			t.Errorf("%s: isomorphic %v, want %v", rel, got.Isomorphic, w.Isomorphic)
		}
		if strings.Join(got.Features, ",") != strings.Join(w.Features, ",") {
			t.Errorf("%s: features %v, want %v", rel, got.Features, w.Features)
		}
	}
}

func attrString(name, kind string, namevar bool) string {
	s := name + ":" + kind
	if namevar {
		s += "*"
	}
	return s
}

func normTP(tps []restype.TitlePattern) []restype.TitlePattern {
	if len(tps) == 0 {
		return nil
	}
	return tps
}

// debianRequirer finds required Ruby files in the Debian modules' lib
// directories, as Ruby's load path with those directories would.
func debianRequirer(feature string) (string, string, bool) {
	return requirerIn(debianModules)(feature)
}

// requirerIn finds required Ruby files in the lib directories of the
// modules of a directory.
func requirerIn(modules string) Requirer {
	return func(feature string) (string, string, bool) { return requireIn(modules, feature) }
}

func requireIn(modules, feature string) (string, string, bool) {
	matches, _ := filepath.Glob(filepath.Join(modules, "*", "lib", feature+".rb"))
	sort.Strings(matches)
	if len(matches) == 0 {
		return "", "", false
	}
	text, err := os.ReadFile(matches[0])
	if err != nil {
		return "", "", false
	}
	return matches[0], string(text), true
}
