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

// TestValidateReferencesKeepsFound checks the last check of relationship
// parameters: a reference that many resources' parameters hold (a
// resource default's require => Class['a']) is found once and then
// known, another reference is still looked up, and one that names no
// resource fails with Puppet's error however often an equal one was found.
func TestValidateReferencesKeepsFound(t *testing.T) {
	p := NewProgram("production")
	p.AddCoreTypes()
	p.AddClass(&Class{Name: "a"})
	site := &Site{File: &File{Path: "/env/manifests/site.pp"}, Line: 3}
	classA := values.NewClassType("a")
	compile := func(missing bool) *Result {
		return CompileWith(p, &Node{Name: "n1.example.com", Main: func(s *Scope) {
			s.c.Include(s, []values.Value{values.String("a")})
			for _, title := range []string{"x", "y", "z"} {
				s.Declare(SiteRefOf(site), "notify", Regular).Body(SiteRefOf(site), values.String(title)).
					Attr(SiteRefOf(site), "require", classA).Exec()
			}
			s.Declare(SiteRefOf(site), "notify", Regular).Body(SiteRefOf(site), values.String("w")).
				Attr(SiteRefOf(site), "before", values.NewResourceType("notify", "x", true)).Exec()
			if missing {
				s.Declare(SiteRefOf(site), "notify", Regular).Body(SiteRefOf(site), values.String("v")).
					Attr(SiteRefOf(site), "require", values.NewClassType("b")).Exec()
			}
		}})
	}
	res := compile(false)
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	// a reference is kept by its strings' bytes: another value naming
	// it with the same strings is found, one with equal strings made
	// apart is not (it is looked up)
	var f foundRefs
	f.add(classA)
	sameNames := values.NewClassType(classA.ClassName)
	apart := values.NewClassType(strings.Clone(classA.ClassName))
	if !f.has(classA) || !f.has(sameNames) || f.has(apart) {
		t.Errorf("kept: %v %v %v", f.has(classA), f.has(sameNames), f.has(apart))
	}
	notify := values.NewResourceType("Notify", "x", true)
	f.add(notify)
	if !f.has(values.NewResourceType(notify.TypeName, notify.Title, true)) || f.has(values.NewResourceType(notify.TypeName, notify.Title, false)) {
		t.Errorf("a resource reference with its title is kept, one without is not")
	}
	f.add(values.String("Class[b]"))
	if f.has(values.String("Class[b]")) {
		t.Errorf("a String is no reference kept")
	}
	res = compile(true)
	if res.Err == nil || !strings.Contains(res.Err.Error(), "Could not find resource 'Class[B]' in parameter 'require'") {
		t.Errorf("error %v", res.Err)
	}
}

// TestRelationshipRefsByTypeName: references name a resource by its type
// in any case, with or without a leading "::", and a relationship's
// target is added to its source's parameter as "Type[title]", whichever
// way the code named it (Puppet's Resource references are capitalized);
// a resource expression's type tells whether its resources' own
// references find them (canonType, selfRef), as the tests made per
// resource would.
func TestRelationshipRefsByTypeName(t *testing.T) {
	ref := func(typ, title string) values.Value { return values.NewResourceType(typ, title, true) }
	res := compileMain(func(s *Scope, at SiteRef) {
		for _, title := range []string{"a", "b", "c", "d"} {
			s.Declare(at, "notify", Regular).Body(at, values.String(title)).Exec()
		}
		s.Declare(at, "notify", Regular).Body(at, values.String("e")).
			Attr(at, "require", values.NewArray(ref("Notify", "a"), ref("notify", "b"), ref("::notify", "c"))).Exec()
		s.Relate(at, "->", ref("notify", "a"), values.NewArray(ref("Notify", "b"), ref("::Notify", "c"), ref("NOTIFY", "d")))
	})
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	var a, e *Resource
	for _, r := range res.Catalog.Resources() {
		if r.Type == "Notify" && (!r.canonType || !r.selfRef || !refFindsItself(r)) {
			t.Errorf("%s: canonType %v, selfRef %v", r.Ref(), r.canonType, r.selfRef)
		}
		switch r.Ref() {
		case "Notify[a]":
			a = r
		case "Notify[e]":
			e = r
		}
	}
	if got := values.ToString(a.Get("before")); got != "[Notify[b], Notify[c], Notify[d]]" {
		t.Errorf("before %s", got)
	}
	if e.Get("require") == nil {
		t.Errorf("require lost")
	}
	for _, c := range []struct {
		typ         string
		want        string
		canon, isOK bool
	}{
		{"Notify", "Notify", true, true},
		{"notify", "Notify", false, true},
		{"::Notify", "Notify", false, true},
		{"class", "Class", false, true},
		{"Foo[x]", "Foo[x]", true, false},
	} {
		typ, _, canon, ok := refParts(&values.ResourceType{TypeName: c.typ, Title: "t", HasTitle: true})
		if typ != c.want || canon != c.canon || ok != c.isOK {
			t.Errorf("refParts(%s): %q, canon %v, ok %v", c.typ, typ, canon, ok)
		}
	}
}

// TestRelationOperandTypes: every resource and class reference, titled or
// not, of any type name, is a catalog entry's type, which a relationship's
// operand check (relationOperands) accepts without asking IsAssignable;
// other types are not.
func TestRelationOperandTypes(t *testing.T) {
	for _, v := range []values.Type{
		values.NewResourceType("notify", "x", true), values.NewResourceType("Notify", "", false),
		values.NewResourceType("", "", false), values.NewResourceType("class", "foo", true),
		values.NewResourceType("Foo::Bar", "a b", true), values.NewClassType("foo"), values.NewClassType(""),
	} {
		if !values.IsAssignable(catalogEntryOrType, v) {
			t.Errorf("%s is no catalog entry's type", values.TypeString(v))
		}
	}
	for _, v := range []values.Type{values.MustParseType("Integer"), values.MustParseType("Type[Integer]")} {
		if values.IsAssignable(catalogEntryOrType, v) {
			t.Errorf("%s is a catalog entry's type", values.TypeString(v))
		}
	}
}

// TestIsClassName: a reference's type names Class in any case, as
// strings.EqualFold has it (ſ folds to s).
func TestIsClassName(t *testing.T) {
	for _, s := range []string{"Class", "class", "CLASS", "cLaSs", "claſs", "Classes", "File", "", "c", "Clas", "::class", "Klass"} {
		if got, want := isClassName(s), strings.EqualFold(s, "class"); got != want {
			t.Errorf("isClassName(%q) = %v, want %v", s, got, want)
		}
	}
}

// TestRelationshipParamsKeepPlace: a relationship adds its target to the
// source's before or notify where the source sets it (after the
// references it holds, the parameter keeping its place among the
// others), and adds the parameter after the others where it sets none, as
// Puppet's set_parameter does.
func TestRelationshipParamsKeepPlace(t *testing.T) {
	c := &Ctx{prog: &Program{}, catalog: newCatalog("n", "production", 0, 0, 0)}
	ref := func(title string) values.Value { return values.NewResourceType("notify", title, true) }
	res := map[string]*Resource{}
	for _, title := range []string{"a", "b", "c"} {
		r := &Resource{Type: "Notify", Title: title}
		r.add(&Param{Name: "message", Value: values.String("m")})
		if title == "a" {
			r.add(&Param{Name: "before", Value: ref("c")})
			r.add(&Param{Name: "tag", Value: values.String("t")})
		}
		c.catalog.add(r)
		res[title] = r
	}
	c.relationshipOrder = nil
	for _, rel := range []*relationship{
		{source: []values.Value{ref("a")}, target: []values.Value{ref("b")}},
		{source: []values.Value{ref("b")}, target: []values.Value{ref("c")}, notify: true},
		{source: []values.Value{ref("b")}, target: []values.Value{ref("a")}},
	} {
		rel.evaluate(c)
	}
	c.setRelationshipParams()
	for title, want := range map[string]string{
		"a": "message=m before=[Notify[c], Notify[b]] tag=t",
		"b": "message=m notify=[Notify[c]] before=[Notify[a]]",
		"c": "message=m",
	} {
		var got []string
		for _, p := range res[title].Params {
			v := refString(p.Value)
			if a, ok := p.Value.(*values.Array); ok {
				var refs []string
				for _, e := range a.Elems() {
					refs = append(refs, refString(e))
				}
				v = "[" + strings.Join(refs, ", ") + "]"
			}
			got = append(got, p.Name+"="+v)
		}
		if strings.Join(got, " ") != want {
			t.Errorf("%s: %s, want %s", title, strings.Join(got, " "), want)
		}
	}
}
