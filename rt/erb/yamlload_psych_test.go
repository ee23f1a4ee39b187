package erb

import (
	"bufio"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"strings"
	"testing"
)

// TestPsychCases loads each YAML text of Hiera's Psych cases
// (frontend/hiera/testdata/psych, made by its regen.rb) as YAML.safe_load
// with Symbol permitted and aliases on, and requires what Ruby's Psych
// made of it: the same value, or the same error, apart from the
// differences that test lists as known (the same YAML library and checks
// read both).
func TestPsychCases(t *testing.T) {
	f, err := os.Open("../../frontend/hiera/testdata/psych/cases.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	n, same, errs := 0, 0, 0
	for sc.Scan() {
		var c struct{ Src, Want string }
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatal(err)
		}
		n++
		got := psychLoadCanon(c.Src)
		switch {
		case got == c.Want:
			same++
		case strings.HasPrefix(got, "E") && strings.HasPrefix(c.Want, "E"):
			errs++ // both fail, in other words (Hiera's test says why)
		case strings.HasPrefix(c.Want, "Edid not find expected whitespace or line break while scanning a tag"):
			// a tag before a flow indicator (Hiera's test)
		default:
			t.Errorf("%q:\n got %s\nwant %s", c.Src, got, c.Want)
		}
	}
	t.Logf("%d of %d the same, %d failing in other words", same, n, errs)
}

// psychLoadCanon is YAML.safe_load(src, permitted_classes: [Symbol],
// aliases: true) in regen.rb's canonical form.
func psychLoadCanon(src string) (out string) {
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(*RubyError)
			if !ok {
				panic(r)
			}
			out = "E" + strings.TrimPrefix(e.Msg, "(<unknown>): ")
		}
	}()
	return rubyCanon(psychYAMLLoad(src, psychOpts{symbols: true, aliases: true}))
}

func rubyCanon(v Value) string {
	switch x := v.(type) {
	case nil:
		return "n"
	case bool:
		if x {
			return "t"
		}
		return "F"
	case int64:
		return fmt.Sprint("i", x)
	case int:
		return fmt.Sprint("i", x)
	case *bigInteger:
		return "i" + x.n.String()
	case float64:
		switch {
		case math.IsNaN(x):
			return "fnan"
		case math.IsInf(x, 1):
			return "finf"
		case math.IsInf(x, -1):
			return "f-inf"
		}
		return "f" + fmt.Sprintf("%.17g", x)
	case *Str:
		return "s" + hex.EncodeToString([]byte(x.S))
	case Symbol:
		return "y" + hex.EncodeToString([]byte(x))
	case *Array:
		var b []string
		for _, e := range x.A {
			b = append(b, rubyCanon(e))
		}
		return "[" + strings.Join(b, ",") + "]"
	case *Hash:
		var b []string
		for i, k := range x.Keys() {
			b = append(b, rubyCanon(k)+":"+rubyCanon(x.Values()[i]))
		}
		return "{" + strings.Join(b, ",") + "}"
	}
	return fmt.Sprintf("?%T", v)
}
