package hiera

import (
	"bufio"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/pp2go/pp2go/internal/yamlstrict"
	"github.com/pp2go/pp2go/rt/values"
	yaml "go.yaml.in/yaml/v4"
)

// TestPsychCases reads each YAML text of testdata/psych/cases.jsonl as
// Hiera's YAML data is read and requires what Puppet's reader (Psych over
// libyaml, testdata/psych/regen.rb) made of it: the same value, or an
// error with the same words, unless the difference is one of
// psychKnown's.
func TestPsychCases(t *testing.T) {
	f, err := os.Open("testdata/psych/cases.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	n, bad := 0, 0
	known := make([]int, len(psychKnown))
	for sc.Scan() {
		var c struct{ Src, Want string }
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatal(err)
		}
		n++
		// :undef is Puppet's undef (symbolValue)
		want := strings.ReplaceAll(c.Want, "y"+hex.EncodeToString([]byte("undef")), "n")
		got := psychCanon([]byte(c.Src))
		if got == want {
			continue
		}
		if i := slices.IndexFunc(psychKnown, func(k psychDiff) bool { return k.matches(got, want) }); i >= 0 {
			known[i]++
			continue
		}
		bad++
		if bad <= 40 || os.Getenv("PSYCH_ALL") != "" {
			t.Errorf("%q:\n got %s\nwant %s", c.Src, got, want)
		}
	}
	for i, k := range psychKnown {
		t.Logf("%d cases: %s", known[i], k.why)
	}
	if bad > 0 {
		t.Errorf("%d of %d cases differ", bad, n)
	}
}

// psychDiff is a known difference: what pp2go's result (got) and Psych's
// (want) start with.
type psychDiff struct {
	got, want, why string
}

func (d psychDiff) matches(got, want string) bool {
	return strings.HasPrefix(got, d.got) && strings.HasPrefix(want, d.want)
}

var psychKnown = []psychDiff{
	{"E", "E", "both reject the text, in other words or at another place: the YAML library's scanner stops where libyaml's does not, " +
		"and Psych reports an alias to no anchor only once the whole text is parsed, in each release's words (Unknown alias: x; " +
		"An alias referenced an unknown anchor: x), where the library reports it as it parses"},
	{"", "Edid not find expected whitespace or line break while scanning a tag", "a tag followed at once by a flow indicator ({a: !}), which libyaml rejects and the library reads"},
}

// psychCanon is what Hiera's YAML reading makes of src, in regen.rb's
// canonical form.
func psychCanon(src []byte) string {
	var doc yaml.Node
	if err := yamlstrict.Unmarshal(src, &doc); err != nil {
		var le *yaml.LoadError
		if errors.As(err, &le) {
			return "E" + psychError(le).msg
		}
		var les *yaml.LoadErrors
		if errors.As(err, &les) && len(les.Errors) > 0 {
			return "E" + psychError(les.Errors[0]).msg
		}
		return "E" + err.Error()
	}
	if doc.Kind == 0 || len(doc.Content) == 0 {
		return "n"
	}
	c := &yamlConv{res: &yamlResult{}, rubySymbols: true}
	v, err := c.node(doc.Content[0])
	if err != nil {
		return "E" + err.Error()
	}
	return canonValue(v)
}

func canonValue(v values.Value) string {
	switch x := v.(type) {
	case nil, values.UndefValue:
		return "n"
	case values.Bool:
		if x {
			return "t"
		}
		return "F"
	case values.Int:
		return fmt.Sprint("i", int64(x))
	case values.Float:
		f := float64(x)
		switch {
		case math.IsNaN(f):
			return "fnan"
		case math.IsInf(f, 1):
			return "finf"
		case math.IsInf(f, -1):
			return "f-inf"
		}
		return "f" + fmt.Sprintf("%.17g", f)
	case values.String:
		return "s" + hex.EncodeToString([]byte(x))
	case rubySymbol:
		return "y" + hex.EncodeToString([]byte(x.name))
	case *values.Array:
		var b []string
		for _, e := range x.Elems() {
			b = append(b, canonValue(e))
		}
		return "[" + strings.Join(b, ",") + "]"
	case *values.Hash:
		var b []string
		for i := 0; i < x.Len(); i++ {
			b = append(b, canonValue(x.KeyAt(i))+":"+canonValue(x.ValueAt(i)))
		}
		return "{" + strings.Join(b, ",") + "}"
	}
	return fmt.Sprintf("?%T", v)
}
