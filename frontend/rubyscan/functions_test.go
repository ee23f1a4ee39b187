package rubyscan

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// puppetFunction is what Puppet itself made of a function file
// (testdata/gen-functions.rb).
type puppetFunction struct {
	Name       string `json:"name"`
	API        int    `json:"api"`
	Error      string `json:"error"`
	Signatures []struct {
		Args  [2]int `json:"args"` // min, max (-1: unlimited)
		Block string `json:"block"`
	} `json:"signatures"`
	Arity  int  `json:"arity"`
	Rvalue bool `json:"rvalue"`
}

// sigRange is a signature's argument count range and block, as Puppet's
// dispatcher reports it.
func sigRange(s Signature) string {
	min, max := 0, 0
	for _, p := range s.Params {
		switch p.Kind {
		case Required:
			min++
			max++
		case Optional:
			max++
		case Repeated:
			max = -1
		case RequiredRepeated:
			min++
			max = -1
		}
	}
	block := [...]string{"none", "required", "optional"}[s.Block]
	return fmt.Sprintf("%d..%d %s", min, max, block)
}

// arity3x is the 3.x arity of a scanned signature.
func arity3x(sigs []Signature) int {
	if sigs == nil {
		return -1
	}
	n := 0
	for _, p := range sigs[0].Params {
		if p.Kind == Repeated {
			return -(n + 1)
		}
		n++
	}
	return n
}

// TestDebianFunctionsMatchPuppet scans every Ruby function of the Debian
// modules and compares the signatures with those Puppet 7.23 loads.
func TestDebianFunctionsMatchPuppet(t *testing.T) {
	if _, err := os.Stat(debianModules); err != nil {
		t.Skip("Debian puppet-module-* packages not installed")
	}
	data, err := os.ReadFile("testdata/debian-functions.json")
	if err != nil {
		t.Fatal(err)
	}
	var want map[string]puppetFunction
	if err := json.Unmarshal(data, &want); err != nil {
		t.Fatal(err)
	}
	files := make([]string, 0, len(want))
	for f := range want {
		files = append(files, f)
	}
	sort.Strings(files)
	unread := 0
	for _, rel := range files {
		w := want[rel]
		if w.Error != "" {
			continue // Puppet could not load it either (a missing gem)
		}
		src, err := os.ReadFile(filepath.Join(debianModules, rel))
		if err != nil {
			t.Errorf("%s: %v", rel, err)
			continue
		}
		var fns []*Function
		if w.API == 4 {
			fns, _ = Functions4x(rel, string(src))
		} else {
			fns, _ = Functions3x(rel, string(src))
		}
		var got *Function
		for _, f := range fns {
			if strings.TrimPrefix(f.Name, "::") == w.Name {
				got = f
			}
		}
		if got == nil {
			t.Errorf("%s: function %s not found by the scan", rel, w.Name)
			continue
		}
		if w.API == 3 {
			if a := arity3x(got.Signatures); a != w.Arity {
				t.Errorf("%s: arity %d, want %d", rel, a, w.Arity)
			}
			if got.Rvalue != w.Rvalue {
				t.Errorf("%s: rvalue %v, want %v", rel, got.Rvalue, w.Rvalue)
			}
			continue
		}
		if got.Signatures == nil {
			unread++
			t.Logf("%s: dispatch not read (any arguments accepted)", rel)
			continue
		}
		var g, e []string
		for _, s := range got.Signatures {
			g = append(g, sigRange(s))
		}
		for _, s := range w.Signatures {
			e = append(e, fmt.Sprintf("%d..%d %s", s.Args[0], s.Args[1], s.Block))
		}
		if strings.Join(g, "; ") != strings.Join(e, "; ") {
			t.Errorf("%s: signatures\n got  %s\n want %s", rel, strings.Join(g, "; "), strings.Join(e, "; "))
		}
	}
	if unread > 0 {
		t.Errorf("%d 4.x functions whose dispatch was not read", unread)
	}
}

// TestArgumentsOnLines: Puppet's own 3.x functions open newfunction's
// parenthesized arguments with a line break.
func TestArgumentsOnLines(t *testing.T) {
	src := "Puppet::Parser::Functions::newfunction(\n  :assert_type,\n  :type => :rvalue,\n  :arity => -3,\n  :doc => <<DOC\ntext\nDOC\n) do |args|\nend\n"
	fns, notes := Functions3x("assert_type.rb", src)
	if len(fns) != 1 || fns[0].Name != "assert_type" || !fns[0].Rvalue || arity3x(fns[0].Signatures) != -3 {
		t.Fatalf("got %+v, notes %v", fns, notes)
	}
	src4 := "Puppet::Functions.create_function(\n  :'m::f'\n) do\n  dispatch :f do\n    param 'String', :a\n  end\n  def f(a)\n  end\nend\n"
	fns, notes = Functions4x("f.rb", src4)
	if len(fns) != 1 || fns[0].Name != "m::f" || len(fns[0].Signatures) != 1 {
		t.Fatalf("got %+v, notes %v", fns, notes)
	}
}
