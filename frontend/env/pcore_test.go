package env

import (
	"encoding/json"
	"os"
	"sort"
	"strings"
	"testing"
)

// TestResourceTypesDir loads an environment whose .resource_types files
// were written by Puppet 7.23's `puppet generate types` (for the Debian
// modules' sshkey, cron and wait_for), and compares each type's
// attributes, namevars and isomorphism with what Puppet's own Ruby type
// has (../rubyscan/testdata/debian-types.json).
func TestResourceTypesDir(t *testing.T) {
	e, err := Load("testdata/pcore/production", Options{ModulePath: "modules"})
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile("../rubyscan/testdata/debian-types.json")
	if err != nil {
		t.Fatal(err)
	}
	var puppet map[string]struct {
		Name  string `json:"name"`
		Attrs []struct {
			Name    string `json:"name"`
			Kind    string `json:"kind"`
			Namevar bool   `json:"namevar"`
		} `json:"attrs"`
		Isomorphic bool `json:"isomorphic"`
	}
	if err := json.Unmarshal(data, &puppet); err != nil {
		t.Fatal(err)
	}
	for file, want := range map[string]string{"sshkey": "sshkeys_core/lib/puppet/type/sshkey.rb",
		"cron": "cron_core/lib/puppet/type/cron.rb", "wait_for": "wait_for/lib/puppet/type/wait_for.rb"} {
		ty := e.Types[file]
		rt, def := e.FindResourceType(file)
		if ty == nil || rt == nil || def != nil || !rt.Pcore {
			t.Errorf("%s: not loaded from .resource_types (%v %v)", file, ty, rt)
			continue
		}
		w := puppet[want]
		var got, exp []string
		for _, a := range ty.Attrs {
			got = append(got, attrKey(a.Name, a.Kind.String(), a.Namevar))
		}
		for _, a := range w.Attrs {
			exp = append(exp, attrKey(a.Name, a.Kind, a.Namevar))
		}
		// the generated file lists attributes in its own order
		sort.Strings(got)
		sort.Strings(exp)
		if strings.Join(got, " ") != strings.Join(exp, " ") {
			t.Errorf("%s attributes\n got  %v\n want %v", file, got, exp)
		}
		if ty.Isomorphic != w.Isomorphic {
			t.Errorf("%s isomorphic %v", file, ty.Isomorphic)
		}
	}
	if len(e.Types["sshkey"].TitlePatterns) != 2 {
		t.Errorf("sshkey title patterns %v", e.Types["sshkey"].TitlePatterns)
	}
	if e.Types["file"] == nil {
		t.Error("core types are there too")
	}
}

func attrKey(name, kind string, namevar bool) string {
	if namevar {
		return name + ":" + kind + "*"
	}
	return name + ":" + kind
}
