package rt

import "testing"

// TestCollectTagged: a tag query's search finds what rawTagged finds for
// each resource, its enclosing scopes' verdicts shared between
// neighbours.
func TestCollectTagged(t *testing.T) {
	main := &Resource{Type: "Class", Title: "main", Tags: []string{"class"}}
	main.scope = &Scope{resource: main}
	in := func(parent *Resource, title string, tags ...string) *Resource {
		return &Resource{Type: "Package", Title: title, Tags: tags, scope: &Scope{resource: parent}}
	}
	a := in(main, "a", "class", "a")
	b := in(a, "b", "class", "b")
	top := &Resource{Type: "Package", Title: "top", Tags: []string{"package"}}
	list := []*Resource{
		in(a, "p1", "package", "x"), in(a, "p2", "package"), in(b, "p3", "package"),
		in(b, "p4", "package", "y"), in(a, "p5", "package"), top, in(main, "p6", "package"),
	}
	for _, tags := range [][]string{{"a"}, {"b"}, {"x"}, {"y", "b"}, {"class"}, {"none"}, {"package"}} {
		var want []*Resource
		for _, r := range list {
			if r.rawTagged(tags) {
				want = append(want, r)
			}
		}
		got := collectTagged(list, tags, nil)
		if len(got) != len(want) {
			t.Fatalf("tags %v: found %d, want %d", tags, len(got), len(want))
		}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("tags %v: found %s, want %s", tags, got[i].Title, want[i].Title)
			}
		}
	}
}
