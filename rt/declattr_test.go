package rt

import (
	"strings"
	"testing"

	"github.com/pp2go/pp2go/rt/internal/atomicptr"
	"github.com/pp2go/pp2go/rt/values"
)

// compileMain compiles the catalog of a node whose code is main, in a
// program of Puppet's core types; at is a site of site.pp for its
// expressions.
func compileMain(main func(s *Scope, at SiteRef)) *Result {
	p := NewProgram("production")
	p.AddCoreTypes()
	at := SiteRefOf(&Site{File: &File{Path: "/env/manifests/site.pp"}, Line: 3})
	return CompileWith(p, &Node{Name: "n1.example.com", Main: func(s *Scope) { main(s, at) }})
}

// TestDuplicateAttribute: a body that sets an attribute twice fails with
// Puppet's DUPLICATE_ATTRIBUTE error (evaluator_impl's
// eval_ResourceExpression), splatted or not; attributes whose names have
// the same length, or the same bit (nameBit), are no duplicates; each
// body of an expression has its own attributes.
func TestDuplicateAttribute(t *testing.T) {
	long := "x" + strings.Repeat("y", 64) // 65 bytes: bit 1, as "x"'s
	if nameBit("source") != nameBit("content") || nameBit("message") != nameBit("b") {
		t.Fatal("the same bit case has names of distinct bits")
	}
	if nameBit("tag") != tagBit {
		t.Fatalf("tagBit %x, tag's bit %x", tagBit, nameBit("tag"))
	}
	for _, c := range []struct {
		name string
		body func(d *Declaration, at SiteRef)
		dup  string
	}{
		{"distinct", func(d *Declaration, at SiteRef) {
			d.Body(at, values.String("a")).Attr(at, "message", values.String("m")).Attr(at, "loglevel", values.String("info")).
				Attr(at, "withpath", values.Bool(true)).Body(at, values.String("b")).Attr(at, "message", values.String("n")).Exec()
		}, ""},
		{"same length", func(d *Declaration, at SiteRef) {
			d.Body(at, values.String("a")).Attr(at, "x", values.String("1")).Attr(at, "y", values.String("2")).Attr(at, long, values.String("3")).Done()
		}, ""},
		{"same bit", func(d *Declaration, at SiteRef) {
			d.Body(at, values.String("a")).Attr(at, "source", values.String("1")).Attr(at, "message", values.String("2")).
				Attr(at, "content", values.String("3")).Attr(at, "b", values.String("4")).Done()
		}, ""},
		{"twice", func(d *Declaration, at SiteRef) {
			d.Body(at, values.String("a")).Attr(at, "message", values.String("m")).Attr(at, "tag", values.String("t")).
				Attr(at, "message", values.String("n")).Exec()
		}, "message"},
		{"splatted", func(d *Declaration, at SiteRef) {
			d.Body(at, values.String("a")).Attr(at, "loglevel", values.String("info")).
				Splat(at.Site(), values.NewHashFromPairs(values.String("message"), values.String("m"), values.String("loglevel"), values.String("err"))).Exec()
		}, "loglevel"},
	} {
		err := compileMain(func(s *Scope, at SiteRef) { c.body(s.Declare(at, "notify", Regular), at) }).Err
		switch {
		case c.dup == "" && err != nil && strings.Contains(err.Error(), "has already been set"):
			t.Errorf("%s: %v", c.name, err)
		case c.dup != "" && (err == nil || !strings.Contains(err.Error(), "The attribute '"+c.dup+"' has already been set")):
			t.Errorf("%s: error %v, want attribute %s already set", c.name, err, c.dup)
		}
	}
}

// TestDeclaredParams: a resource has the attributes of its body in their
// order, then the defaults it does not set; a tag attribute, given or
// defaulted (by a resource default or by the expression's default body),
// tags it (Puppet's tag metaparameter: a qualified tag with its segments
// too), those tags listed before its type's and title's, as in Puppet's
// catalogs.
func TestDeclaredParams(t *testing.T) {
	res := compileMain(func(s *Scope, at SiteRef) {
		s.Defaults(at.Site(), "notify").Attr(at, "loglevel", values.String("err")).Attr(at, "message", values.String("d")).Done()
		s.Declare(at, "notify", Regular).Body(at, values.String("a")).Attr(at, "message", values.String("m")).
			Attr(at, "tag", values.NewArray(values.String("x"), values.String("y::z"))).Attr(at, "withpath", values.Bool(true)).Exec()
		s.Defaults(at.Site(), "file").Attr(at, "tag", values.String("f")).Done()
		s.Declare(at, "file", Regular).Body(at, values.String("/b")).Attr(at, "mode", values.String("0644")).Exec()
		// a default body's tag, and an attribute of tag's length
		s.Declare(at, "notify", Regular).Body(at, values.Default).Attr(at, "tag", values.String("d")).
			Body(at, values.String("c")).Attr(at, "message", values.String("m")).Exec()
		s.Declare(at, "exec", Regular).Body(at, values.String("x")).Attr(at, "command", values.String("/bin/true")).
			Attr(at, "cwd", values.String("/tmp")).Exec()
	})
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	for _, c := range []struct{ typ, title, params, tags string }{
		{"Notify", "a", "message tag withpath loglevel", "x y::z y z notify a"},
		{"File", "/b", "mode tag", "f file"},
		{"Notify", "c", "tag message loglevel", "d notify c"},
		{"Exec", "x", "command cwd", "exec x"},
	} {
		r := res.Catalog.Resource(c.typ, c.title)
		var names []string
		for _, p := range r.Params {
			names = append(names, p.Name)
		}
		if got := strings.Join(names, " "); got != c.params {
			t.Errorf("%s: parameters %s, want %s", r.Ref(), got, c.params)
		}
		if got := strings.Join(r.Tags, " "); !strings.HasPrefix(got, c.tags) {
			t.Errorf("%s: tags %s, want %s first", r.Ref(), got, c.tags)
		}
	}
}

// TestAttrParams: an attribute operation's parameter has its name, its
// value and its site's file and line, read from a generated table without
// building the site, or from a site built elsewhere (SiteRefOf); a body
// of more attributes than its list's first room (8) keeps them all, in
// order, and still finds a duplicate among them.
func TestAttrParams(t *testing.T) {
	tb := &SiteTable{Files: &[]File{{Path: "/e/a.pp"}, {Path: "/e/b.pp"}}[0], FileCount: 2, Labels: "Attribute Operation",
		Data: []int32{0, 3, 4, 0, 1, 7, 8, 0}}
	names := []string{"ensure", "owner", "group", "mode", "content", "backup", "tag", "noop", "loglevel", "before"}
	res := compileMain(func(s *Scope, at SiteRef) {
		d := s.Declare(at, "file", Regular).Body(at, values.String("/a"))
		for i, n := range names[:9] {
			d.Attr(tb.Ref(int32(i%2)), n, values.String(n))
		}
		d.Attr(at, names[9], values.String("Notify[b]")).Exec()
		s.Declare(at, "notify", Regular).Body(at, values.String("b")).Exec()
	})
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	if atomicptr.Load(tb.built()) != nil {
		t.Error("an attribute operation built its site")
	}
	r := res.Catalog.Resource("File", "/a")
	if len(r.Params) != len(names) {
		t.Fatalf("%d parameters, want %d", len(r.Params), len(names))
	}
	for i, p := range r.Params {
		file, line := "/e/a.pp", int32(3)
		switch {
		case i == 9:
			file = "/env/manifests/site.pp"
		case i%2 == 1:
			file, line = "/e/b.pp", 7
		}
		if p.Name != names[i] || p.file == nil || *p.file != file || p.Line != line || p.Add {
			t.Errorf("parameter %d: %s at %v:%d (add %v), want %s at %s:%d", i, p.Name, p.file, p.Line, p.Add, names[i], file, line)
		}
	}
	err := compileMain(func(s *Scope, at SiteRef) {
		d := s.Declare(at, "file", Regular).Body(at, values.String("/a"))
		for i, n := range names[:9] {
			d.Attr(tb.Ref(int32(i%2)), n, values.String(n))
		}
		d.Attr(at, "owner", values.String("root")).Exec()
	}).Err
	if err == nil || !strings.Contains(err.Error(), "The attribute 'owner' has already been set") {
		t.Errorf("error %v", err)
	}
}
