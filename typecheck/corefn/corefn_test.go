package corefn

import (
	"strings"
	"testing"

	"github.com/pp2go/pp2go/frontend/rubyscan"
)

// puppetFunctions are the names of lib/puppet/functions/*.rb and
// lib/puppet/parser/functions/*.rb of Puppet 7.23.
const puppetFunctions = `abs alert all annotate any assert_type binary_file break call camelcase
capitalize ceiling chomp chop compare contain convert_to create_resources crit debug defined dig
digest downcase each emerg empty epp err eyaml_lookup_key fail file filter find_file find_template
flatten floor fqdn_rand generate get getvar group_by hiera hiera_array hiera_hash hiera_include
hocon_data import include index info inline_epp inline_template join json_data keys length lest
lookup lstrip map match max md5 min module_directory new next notice partition realize reduce
regsubst require return reverse_each round rstrip scanf sha1 sha256 shellquote size slice sort split
sprintf step strftime strip tag tagged template then tree_each type unique unwrap upcase values
versioncmp warning with yaml_data`

func TestNames(t *testing.T) {
	want := strings.Fields(puppetFunctions)
	got := Names()
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("names\n got  %v\n want %v", got, want)
	}
	for _, n := range []string{"warn", "validate_string", "stdlib::ensure"} {
		if _, ok := Lookup(n); ok {
			t.Errorf("%s is not one of Puppet's own functions", n)
		}
	}
}

func TestSignatures(t *testing.T) {
	cases := []struct {
		name  string
		api   int
		args  int
		block bool
		ok    bool
	}{
		{"split", 4, 2, false, true},
		{"split", 4, 1, false, false},
		{"split", 4, 3, false, false},
		{"each", 4, 1, true, true},
		{"each", 4, 1, false, false}, // each requires a block
		{"notice", 4, 0, false, true},
		{"notice", 4, 7, false, true},
		{"lookup", 4, 1, false, true},
		{"lookup", 4, 5, false, false},
		{"fail", 3, 0, false, true},
		{"template", 3, 3, false, true},
		{"create_resources", 3, 1, false, false}, // arity -3: at least 2
		{"create_resources", 3, 2, false, true},
		{"create_resources", 3, 3, false, true},
		{"create_resources", 3, 4, false, true},
		{"versioncmp", 4, 2, false, true},
		{"versioncmp", 4, 3, false, true}, // optional ignore_trailing_zeroes
		{"versioncmp", 4, 4, false, false},
	}
	for _, c := range cases {
		f, ok := Lookup(c.name)
		if !ok {
			t.Errorf("%s not found", c.name)
			continue
		}
		if f.API != c.api {
			t.Errorf("%s: API %d, want %d", c.name, f.API, c.api)
		}
		if got := Accepts(f.Signatures, c.args, c.block); got != c.ok {
			t.Errorf("%s(%d args, block %v): accepts %v, want %v", c.name, c.args, c.block, got, c.ok)
		}
	}
	if f, _ := Lookup("fail"); f.Rvalue {
		t.Error("fail is a statement function")
	}
	if f, _ := Lookup("template"); !f.Rvalue {
		t.Error("template returns a value")
	}
}

func TestArgRange(t *testing.T) {
	s := rubyscan.Signature{Params: []rubyscan.Param{{Kind: rubyscan.Required}, {Kind: rubyscan.Optional}, {Kind: rubyscan.Repeated}}}
	if min, max := ArgRange(s); min != 1 || max != -1 {
		t.Errorf("range %d..%d", min, max)
	}
	s = rubyscan.Signature{Params: []rubyscan.Param{{Kind: rubyscan.Required}, {Kind: rubyscan.Optional}}}
	if min, max := ArgRange(s); min != 1 || max != 2 {
		t.Errorf("range %d..%d", min, max)
	}
}

// Puppet 7.23 and 8.10 have the same functions; where their dispatches
// differ, each table has its release's (8.10's split takes a Sensitive
// string), and the functions with argument_mismatch dispatches are marked
// in both.
func TestReleases(t *testing.T) {
	if got, want := strings.Join(Of(8).Names(), " "), strings.Join(Of(7).Names(), " "); got != want {
		t.Fatalf("8.10's names\n got  %v\n want %v", got, want)
	}
	sensitive := func(major int) bool {
		f, _ := Of(major).Lookup("split")
		for _, s := range f.Signatures {
			if s.Params[0].Type == "Sensitive[String]" {
				return true
			}
		}
		return false
	}
	if sensitive(7) || !sensitive(8) {
		t.Errorf("split's Sensitive dispatch: 7.23 %v (want false), 8.10 %v (want true)", sensitive(7), sensitive(8))
	}
	for _, major := range []int{7, 8} {
		for _, n := range []string{"compare", "getvar", "json_data"} {
			if f, _ := Of(major).Lookup(n); !f.MismatchHandled {
				t.Errorf("Puppet %d's %s has argument_mismatch dispatches", major, n)
			}
		}
		if f, _ := Of(major).Lookup("join"); f.MismatchHandled {
			t.Errorf("Puppet %d's join has no argument_mismatch dispatch", major)
		}
	}
	if Of(6) != nil {
		t.Error("no table for Puppet 6")
	}
}
