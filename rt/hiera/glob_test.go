package hiera

import (
	"encoding/json"
	"os"
	"reflect"
	"sort"
	"testing"
)

// Hiera's glob and globs match as Ruby's Pathname.glob does; the expected
// matches are Ruby's (testdata/glob.rb wrote testdata/glob.json).
func TestGlobAsRuby(t *testing.T) {
	b, err := os.ReadFile("testdata/glob.json")
	if err != nil {
		t.Fatal(err)
	}
	var exp struct {
		Files, Dirs []string
		Globs       map[string][]string
	}
	if err := json.Unmarshal(b, &exp); err != nil {
		t.Fatal(err)
	}
	d := &Data{}
	for _, f := range exp.Files {
		d.Files = append(d.Files, &File{Path: "/r/" + f})
	}
	for _, f := range exp.Dirs {
		d.Files = append(d.Files, &File{Path: "/r/" + f, Dir: true})
	}
	sort.Slice(d.Files, func(i, j int) bool { return d.Files[i].Path < d.Files[j].Path })
	for pat, want := range exp.Globs {
		var got []string
		for _, p := range d.glob("/r/" + pat) {
			got = append(got, p[len("/r/"):])
		}
		if len(want) == 0 && len(got) == 0 {
			continue
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("glob %s\n  got  %q\n  want %q", pat, got, want)
		}
	}
}
