package rt

import (
	"strings"
	"testing"

	"github.com/pp2go/pp2go/rt/values"
)

// TestRelationshipEndsFoundOnce: a relationship of several sources and
// targets (a collector's resources, references) gives each source's
// parameter each target's reference, in order, finding each end once; a
// target not found fails with the first source, as the search of both
// ends of each pair does.
func TestRelationshipEndsFoundOnce(t *testing.T) {
	c := &Ctx{prog: &Program{}, catalog: newCatalog("n", "production", 0, 0, 0)}
	res := map[string]*Resource{}
	for _, title := range []string{"a", "b1", "b2", "c"} {
		r := &Resource{Type: "Notify", Title: title}
		c.catalog.add(r)
		res[title] = r
	}
	ref := func(title string) values.Value { return values.NewResourceType("notify", title, true) }
	c.relationshipOrder = nil
	for _, rel := range []*relationship{
		{source: []values.Value{ref("a")}, target: []values.Value{ref("b1"), ref("b2")}},               // fan out
		{source: []values.Value{ref("b1"), ref("b2")}, target: []values.Value{ref("c")}, notify: true}, // fan in
		{source: []values.Value{ref("a")}, target: []values.Value{ref("c")}},
	} {
		rel.evaluate(c)
	}
	c.setRelationshipParams()
	for title, want := range map[string]string{
		"a": "before=[Notify[b1] Notify[b2] Notify[c]]", "b1": "notify=[Notify[c]]", "b2": "notify=[Notify[c]]", "c": "",
	} {
		var got []string
		for _, p := range res[title].Params {
			var refs []string
			for _, e := range p.Value.(*values.Array).Elems() {
				refs = append(refs, values.ToString(e))
			}
			got = append(got, p.Name+"=["+strings.Join(refs, " ")+"]")
		}
		if strings.Join(got, " ") != want {
			t.Errorf("%s: %s, want %s", title, strings.Join(got, " "), want)
		}
	}
	if p := res["a"].param("before"); p.foundRefs != 3 {
		t.Errorf("a's before: foundRefs %d, want 3", p.foundRefs)
	}

	// the second target is missing: the first source's pair fails
	defer func() {
		r := recover()
		want := "Could not find resource 'Notify[x]' for relationship from 'Notify[a]'"
		if e, ok := r.(error); !ok || e.Error() != want {
			t.Errorf("error %v, want %q", r, want)
		}
	}()
	(&relationship{source: []values.Value{ref("a"), ref("b1")}, target: []values.Value{ref("c"), ref("x")}}).evaluate(c)
}
