package erb

import (
	"bufio"
	"encoding/hex"
	"encoding/json"
	"math"
	"math/big"
	"os"
	"strconv"
	"testing"

	"github.com/pp2go/pp2go/rt/values"
)

// TestPsychDumpCases writes each value of testdata/psychdump/cases.jsonl
// as to_yaml does and requires the text Ruby's Psych wrote for it
// (testdata/psychdump/regen.rb).
func TestPsychDumpCases(t *testing.T) {
	f, err := os.Open("testdata/psychdump/cases.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	n, bad := 0, 0
	for sc.Scan() {
		var c struct{ Val, YAML string }
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatal(err)
		}
		n++
		v, rest := parseCanon(t, c.Val)
		if rest != "" {
			t.Fatalf("%s: %q left", c.Val, rest)
		}
		got, unsupported := dumpOrRaise(v)
		if unsupported != "" {
			got = "raised " + unsupported
		}
		if got != c.YAML {
			bad++
			if bad <= 30 || os.Getenv("PSYCH_ALL") != "" {
				t.Errorf("%s:\n got %q\nwant %q", c.Val, got, c.YAML)
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d cases differ", bad, n)
	}
}

// dumpOrRaise is v.to_yaml, or the message of what pp2go raised (what it
// does not support).
func dumpOrRaise(v Value) (out, unsupported string) {
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(*RubyError)
			if !ok {
				panic(r)
			}
			unsupported = e.Msg
		}
	}()
	return yamlDump(v), ""
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
