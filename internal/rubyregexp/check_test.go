package rubyregexp

import (
	"encoding/hex"
	"encoding/json"
	"os"
	"strconv"
	"testing"
)

// rubyCase is one entry of testdata/expected.json, produced by Ruby 3.1 with
// testdata/genexpected.rb. Non-UTF-8 strings are stored hex-encoded.
type rubyCase struct {
	Pattern    *string `json:"pattern"`
	PatternHex string  `json:"pattern_hex"`
	Error      *string `json:"error"`
	ErrorHex   string  `json:"error_hex"`
}

func loadCases(t *testing.T, file string) []rubyCase {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var cases []rubyCase
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	return cases
}

func decodeHex(t *testing.T, s string) string {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestCheckMatchesRuby(t *testing.T) {
	cases := loadCases(t, "testdata/expected.json")
	if len(cases) < 250 {
		t.Fatalf("only %d cases", len(cases))
	}
	failed := 0
	for i, c := range cases {
		pat := decodeHex(t, c.PatternHex)
		if c.Pattern != nil {
			pat = *c.Pattern
		}
		want := ""
		switch {
		case c.Error != nil:
			want = *c.Error
		case c.ErrorHex != "":
			want = decodeHex(t, c.ErrorHex)
		}
		got := ""
		if err := Check(pat); err != nil {
			got = err.Error()
		}
		if got != want {
			failed++
			t.Errorf("case %d %s:\n got  %s\n want %s", i, clip(pat), clip(got), clip(want))
		}
	}
	t.Logf("%d Ruby-verified cases, %d failed", len(cases), failed)
}

func clip(s string) string {
	if len(s) > 200 {
		s = s[:200] + "..."
	}
	return strconv.Quote(s)
}

func TestErrorType(t *testing.T) {
	err := Check("a{2,1}")
	e, ok := err.(*Error)
	if !ok {
		t.Fatalf("got %T", err)
	}
	if e.Message != "upper is smaller than lower in repeat range" || e.Source != "a{2,1}" {
		t.Errorf("got %+v", e)
	}
	if Check("a{1,2}") != nil {
		t.Error("valid pattern rejected")
	}
}
