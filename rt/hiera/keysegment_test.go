package hiera

import (
	"math/rand"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/pp2go/pp2go/rt/values"
)

// puppetKeySegment is the pattern Puppet's SubLookup.split_key splits a
// key by (lookup/sub_lookup.rb), in Go's syntax.
var puppetKeySegment = regexp.MustCompile(`\s*"[^"]+"\s*|\s*'[^']+'\s*|[^'".]+`)

// TestKeySegments: the scan finds the matches of Puppet's split pattern,
// on keys Hiera's documentation shows and on random keys of quotes,
// dots, spaces and other characters.
func TestKeySegments(t *testing.T) {
	keys := []string{
		"a.b", `a."b.c"`, "a.'b.c'.d", ` a . "b" `, `a.""`, "a..b", ".a", "a.", `"a`,
		`'a'.'b'`, "x.1", `a.'b"c'`, "é.ü", "\xff.a", "", ".", `"`, `""`, `" "`,
	}
	alphabet := []string{"a", "1", ".", `"`, "'", " ", "\t", ":", "-", "é", "\v"}
	rnd := rand.New(rand.NewSource(1))
	for range 3000 {
		key := ""
		for n := rnd.Intn(9); n > 0; n-- {
			key += alphabet[rnd.Intn(len(alphabet))]
		}
		keys = append(keys, key)
	}
	for _, key := range keys {
		want := puppetKeySegment.FindAllStringIndex(key, -1)
		if got := keySegments(key); !slices.EqualFunc(got, want, slices.Equal) {
			t.Fatalf("%q: %v, want %v", key, got, want)
		}
	}
}

// TestSplitKey: Puppet's segments of keys (a quoted segment keeps its
// dots and inner spaces, an integer segment is an Integer) and its
// syntax errors.
func TestSplitKey(t *testing.T) {
	problem := func(p string) error { return lookupError(p) }
	for key, want := range map[string]string{
		"a.b":          `["a", "b"]`,
		` a . "b c" `:  `["a", "b c"]`,
		`a.'b.c'.1`:    `["a", "b.c", 1]`,
		"a.-2":         `["a", -2]`,
		"a.:3":         `["a", 3]`,
		"a.+4x":        `["a", "+4x"]`,
		"a..b":         "Syntax error",
		".a":           "Syntax error",
		"a.":           "Syntax error",
		`a."b`:         "Syntax error",
		`a.""`:         "Syntax error",
		"m::x.y::z.07": `["m::x", "y::z", 7]`,
	} {
		got := func() (s string) {
			defer func() {
				if r := recover(); r != nil {
					s = r.(error).Error()
				}
			}()
			return showSegments(splitKeyUncached(key, problem))
		}()
		if got != want {
			t.Errorf("%q: %s, want %s", key, got, want)
		}
	}
}

// TestIsIntSegment: /^(:?[+-]?[0-9]+)$/ on whole segments.
func TestIsIntSegment(t *testing.T) {
	for s, want := range map[string]bool{
		"1": true, "-12": true, "+0": true, ":5": true, ":-5": true,
		"": false, ":": false, "-": false, "::1": false, "1a": false, "a1": false, "1 ": false, "+-1": false,
	} {
		if got := isIntSegment(s); got != want {
			t.Errorf("%q: %v, want %v", s, got, want)
		}
	}
}

// showSegments prints segments as Ruby's inspect of split_key's result.
func showSegments(segs []values.Value) string {
	parts := make([]string, len(segs))
	for i, s := range segs {
		if str, ok := s.(values.String); ok {
			parts[i] = strconv.Quote(string(str))
		} else {
			parts[i] = values.ToString(s)
		}
	}
	return "[" + strings.Join(parts, ", ") + "]"
}
