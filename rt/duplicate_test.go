package rt

import (
	"fmt"
	"strings"
	"testing"

	"github.com/pp2go/pp2go/rt/values"
)

// TestDuplicateDeclaration: a resource whose type and title a resource of
// the catalog has, or another's alias has, fails with Puppet's error
// naming where the one declared first is (Catalog#add_resource,
// fail_on_duplicate_type_and_title); resources of other titles or types
// do not, and the catalog still finds the first one.
func TestDuplicateDeclaration(t *testing.T) {
	_, at, compile := siteCompiler(func(s *Scope, at func(int32) SiteRef) {
		s.Declare(at(3), "notify", Regular).Body(at(3), values.String("a")).Exec()
		s.Declare(at(4), "notify", Regular).Body(at(4), values.String("b")).Attr(at(4), "alias", values.String("c")).Exec()
		s.Declare(at(5), "file", Regular).Body(at(5), values.String("a")).Attr(at(5), "path", values.String("/a")).Exec()
	})
	res := compile(func(s *Scope) {
		s.Declare(at(7), "notify", Regular).Body(at(7), values.String("d")).Exec()
	})
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	for _, c := range []struct{ title, first string }{{"a", "3"}, {"c", "4"}} {
		res := compile(func(s *Scope) {
			s.Declare(at(7), "notify", Regular).Body(at(7), values.String(c.title)).Exec()
		})
		want := "Duplicate declaration: Notify[" + c.title + "] is already declared at (file: /env/manifests/site.pp, line: " + c.first + "); cannot redeclare"
		if res.Err == nil || !strings.Contains(res.Err.Error(), want) {
			t.Errorf("%s: error %v, want %q", c.title, res.Err, want)
		}
	}
	cat := newCatalog("n", "production", 0, 0, 0)
	a := &Resource{Type: "Notify", Title: "a"}
	cat.add(a)
	func() {
		defer func() { recover() }()
		cat.add(&Resource{Type: "Notify", Title: "a"})
		t.Errorf("no duplicate")
	}()
	if cat.find("Notify", "a") != a {
		t.Errorf("the first resource is not found after a duplicate")
	}
}

// TestCatalogTags: the catalog's tags are a set in the order they came
// (Puppet's Catalog#tag), a qualified tag with its segments (Ruby's
// split("::"): an empty one between two separators), each once,
// and it tells which it has.
func TestCatalogTags(t *testing.T) {
	cat := newCatalog("n", "production", 0, 0, 0)
	cat.Tags = append(cat.Tags, "node") // as a compile starts them
	cat.tag("Apache::Mod::SSL")
	cat.mergeTags([]string{"class", "apache", "mod", "x", "class"})
	cat.tag("a::::b")
	if got := strings.Join(cat.Tags, " "); got != "node apache::mod::ssl apache mod ssl class x a::::b a  b" {
		t.Errorf("tags %q", got)
	}
	for tag, want := range map[string]bool{"node": true, "ssl": true, "": true, "Apache": false, "b": true, "c": false} {
		if cat.hasTag(tag) != want {
			t.Errorf("hasTag(%q) %v", tag, !want)
		}
	}
	// many tags (a set finds them), each added once: tN::node and tN
	n := len(cat.Tags)
	for round := 0; round < 2; round++ {
		for i := 0; i < 2*manyTags; i++ {
			cat.tag(fmt.Sprintf("t%d::node", i))
		}
	}
	if len(cat.Tags) != n+4*manyTags || !cat.hasTag("t0::node") || !cat.hasTag("t63") || cat.hasTag("t64") || !cat.hasTag("mod") {
		t.Errorf("%d tags: %q", len(cat.Tags), cat.Tags[n:])
	}
}

// TestAliasKeys: a resource is found by its namevar's value and its alias
// (Catalog#create_resource_aliases); an alias equal to its own namevar
// alias is no clash (Catalog#alias returns when the holder is the
// resource itself), while one that another resource holds fails with
// Puppet's words and leaves the key to its first holder.
func TestAliasKeys(t *testing.T) {
	p, at, compile := siteCompiler(func(s *Scope, at func(int32) SiteRef) {
		s.Declare(at(3), "notify", Regular).Body(at(3), values.String("a")).Attr(at(3), "name", values.String("x")).Attr(at(3), "alias", values.String("x")).Exec()
		s.Declare(at(4), "notify", Regular).Body(at(4), values.String("b")).Exec()
	})
	res := compile(func(*Scope) {})
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	cat := res.Catalog
	a := cat.find("Notify", "a")
	if a == nil || cat.findByRef(p, "Notify", "x") != a || cat.findByRef(p, "Notify", "b") == nil || cat.findByRef(p, "Notify", "y") != nil {
		t.Fatalf("Notify[a] (name and alias x) and Notify[b] are not found by their keys")
	}
	for _, c := range []struct {
		attr string
		want string
	}{
		{"alias", `Cannot alias Notify[c] to "x" at (file: /env/manifests/site.pp, line: 7); resource ["Notify", "x"] already declared (file: /env/manifests/site.pp, line: 3)`},
		{"name", `Cannot alias Notify[c] to ["b"] at (file: /env/manifests/site.pp, line: 7); resource ["Notify", "b"] already declared (file: /env/manifests/site.pp, line: 4)`},
	} {
		v := values.String("x")
		if c.attr == "name" {
			v = "b"
		}
		res := compile(func(s *Scope) {
			s.Declare(at(7), "notify", Regular).Body(at(7), values.String("c")).Attr(at(7), c.attr, v).Exec()
		})
		if res.Err == nil || !strings.Contains(res.Err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.attr, res.Err, c.want)
		}
	}
	// a clash leaves the key to the resource that had it
	cat = newCatalog("n", "production", 0, 0, 0)
	x := &Resource{Type: "Notify", Title: "x"}
	cat.add(x)
	func() {
		defer func() { recover() }()
		cat.alias(&Resource{Type: "Notify", Title: "y"}, []string{"x"}, true)
		t.Errorf("no clash")
	}()
	if cat.find("Notify", "x") != x {
		t.Errorf("Notify[x] is not found after a clashing alias")
	}
}

// siteCompiler is a program with the core types, the maker of sites at
// lines of /env/manifests/site.pp, and a compile of a node whose main
// declares first's resources, then more's.
func siteCompiler(first func(s *Scope, at func(int32) SiteRef)) (p *Program, at func(int32) SiteRef, compile func(more func(*Scope)) *Result) {
	p = NewProgram("production")
	p.AddCoreTypes()
	file := &File{Path: "/env/manifests/site.pp"}
	at = func(line int32) SiteRef { return SiteRefOf(&Site{File: file, Line: line}) }
	compile = func(more func(*Scope)) *Result {
		return CompileWith(p, &Node{Name: "n1.example.com", Main: func(s *Scope) {
			first(s, at)
			more(s)
		}})
	}
	return p, at, compile
}
