package erb

import (
	"encoding/hex"
	"encoding/json"
	"math"
	"math/big"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/pp2go/pp2go/rt/values"
)

// TestPsychDumpCases writes each value of testdata/psychdump's cases as
// to_yaml, JSON.generate and JSON.pretty_generate do and requires what
// Ruby wrote for it (testdata/psychdump/regen.rb): Ruby 3.1's under
// Puppet 7.23 (cases.jsonl), Ruby 3.3's under Puppet 8.10 (cases8.jsonl
// has the cases where they differ).
func TestPsychDumpCases(t *testing.T) {
	cases := releaseCases(t, "testdata/psychdump", func(c dumpCase) string { return c.Val })
	for _, release := range []string{"7.23.0", "8.10.0"} {
		want := cases[release]
		r := &R{scope: &releaseScope{testScope{values.NewHash()}, release}}
		bad := 0
		for _, c := range want {
			v, rest := parseCanon(t, c.Val)
			if rest != "" {
				t.Fatalf("%s: %q left", c.Val, rest)
			}
			got := dumpCase{
				Val:    c.Val,
				YAML:   rubyResult(func() Value { return S(yamlDump(v)) }),
				JSON:   rubyResult(func() Value { return r.Generate(ClassJSON, v) }),
				Pretty: rubyResult(func() Value { return r.PrettyGenerate(ClassJSON, v) }),
			}
			if got != c {
				bad++
				if bad <= 20 || os.Getenv("PSYCH_ALL") != "" {
					t.Errorf("Puppet %s, %s:\n got %q\nwant %q", release, c.Val, got, c)
				}
			}
		}
		if bad > 0 {
			t.Errorf("Puppet %s: %d of %d cases differ", release, bad, len(want))
		}
	}
}

// releaseCases reads dir's cases.jsonl, Ruby 3.1's (Puppet 7.23's), and
// cases8.jsonl, Ruby 3.3's where they differ (Puppet 8.10's): the cases of
// each release ("7.23.0", "8.10.0"), a case of 8.10 taking the place of
// 7.23's of the same key.
func releaseCases[T any](t *testing.T, dir string, key func(T) string) map[string][]T {
	read := func(name string) []T {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		var cs []T
		for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
			var c T
			if err := json.Unmarshal([]byte(line), &c); err != nil {
				t.Fatal(err)
			}
			cs = append(cs, c)
		}
		return cs
	}
	p7 := read("cases.jsonl")
	changed := map[string]T{}
	for _, c := range read("cases8.jsonl") {
		changed[key(c)] = c
	}
	p8 := slices.Clone(p7)
	for i, c := range p8 {
		if w, ok := changed[key(c)]; ok {
			p8[i] = w
		}
	}
	return map[string][]T{"7.23.0": p7, "8.10.0": p8}
}

// dumpCase is a value and what Ruby writes for it (regen.rb).
type dumpCase struct {
	Val, YAML, JSON, Pretty string
}

// releaseScope is a scope of a compile as a Puppet release.
type releaseScope struct {
	testScope
	release string
}

func (s *releaseScope) PuppetVersion() string { return s.release }

// rubyResult is what f returns, a String, or the exception it raises as
// regen.rb writes it.
func rubyResult(f func() Value) (out string) {
	defer func() {
		if p := recover(); p != nil {
			e, ok := p.(*RubyError)
			if !ok {
				panic(p)
			}
			out = "E" + e.Class.Name + ": " + e.Msg
		}
	}()
	return f().(*Str).S
}

// parseCanon reads a value in regen.rb's canonical form, and returns the
// text after it.
func parseCanon(t *testing.T, s string) (Value, string) {
	t.Helper()
	end := func(s string) int {
		for i := 0; i < len(s); i++ {
			if s[i] == ',' || s[i] == ']' || s[i] == '}' || s[i] == ':' {
				return i
			}
		}
		return len(s)
	}
	switch s[0] {
	case 'n':
		return nil, s[1:]
	case 't':
		return true, s[1:]
	case 'F':
		return false, s[1:]
	case 'i':
		i := end(s[1:]) + 1
		if n, err := strconv.ParseInt(s[1:i], 10, 64); err == nil {
			return n, s[i:]
		}
		b, ok := new(big.Int).SetString(s[1:i], 10)
		if !ok {
			t.Fatalf("integer %q", s[1:i])
		}
		return intOf(b), s[i:]
	case 'f':
		i := end(s[1:]) + 1
		switch s[1:i] {
		case "nan":
			return math.NaN(), s[i:]
		case "inf":
			return math.Inf(1), s[i:]
		case "-inf":
			return math.Inf(-1), s[i:]
		}
		x, err := strconv.ParseFloat(s[1:i], 64)
		if err != nil {
			t.Fatal(err)
		}
		return x, s[i:]
	case 's', 'y':
		i := end(s[1:]) + 1
		b, err := hex.DecodeString(s[1:i])
		if err != nil {
			t.Fatal(err)
		}
		if s[0] == 'y' {
			return Symbol(b), s[i:]
		}
		return S(string(b)), s[i:]
	case '[':
		a := &Array{}
		s = s[1:]
		for s[0] != ']' {
			var e Value
			e, s = parseCanon(t, s)
			a.A = append(a.A, e)
			if s[0] == ',' {
				s = s[1:]
			}
		}
		return a, s[1:]
	case '{':
		h := NewHash()
		s = s[1:]
		for s[0] != '}' {
			var k, e Value
			k, s = parseCanon(t, s)
			e, s = parseCanon(t, s[1:]) // after the ':'
			h.Set(k, e)
			if s[0] == ',' {
				s = s[1:]
			}
		}
		return h, s[1:]
	}
	t.Fatalf("canonical value %q", s)
	return nil, ""
}

// YAML writes a Puppet value as Ruby's to_yaml writes the value Puppet
// hands to Ruby (undef nil, default :default): puppet lookup's output.
// The text is Ruby 3.1's Psych's.
func TestYAMLOfPuppetValue(t *testing.T) {
	b := values.NewHashBuilder(4)
	b.Put(values.String("a"), values.NewArray(values.Int(1), values.String("x y"), values.Bool(true), values.Undef, values.Float(1.5)))
	b.Put(values.String("b"), values.String("<<"))
	c := values.NewHashBuilder(1)
	c.Put(values.String("d"), values.String("😀"))
	b.Put(values.String("c"), c.Build())
	b.Put(values.String("e"), values.Default)
	got, err := YAML(b.Build())
	want := "---\na:\n- 1\n- x y\n- true\n-\n- 1.5\nb: !!str '<<'\nc:\n  d: \"\\U0001F600\"\ne: :default\n"
	if err != nil || got != want {
		t.Errorf("got %q, %v; want %q", got, err, want)
	}
}
