package erb

import (
	"os"
	"strings"
	"testing"
)

// FuzzParse: any input gives a template or an error, never a panic
// (go test ./frontend/erb -run '^$' -fuzz FuzzParse).
func FuzzParse(f *testing.F) {
	data, err := os.ReadFile("testdata/snippets.txt")
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range strings.Split(string(data), "@@@\n") {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		tmpl, err := Parse("fuzz.erb", []byte(src))
		if err == nil && tmpl == nil {
			t.Fatal("no template and no error")
		}
	})
}
