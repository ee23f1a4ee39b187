package rt

import (
	"strings"
	"testing"

	"github.com/pp2go/pp2go/rt/values"
)

// TestKnownAttrs: a name is an attribute of the type it was found for,
// not of another type that lacks it, whichever was asked first; a name
// that is no attribute is never kept; names with the same bytes at
// another address are found too.
func TestKnownAttrs(t *testing.T) {
	p := NewProgram("production")
	p.AddCoreTypes()
	notify, file := p.findNative("notify"), p.findNative("file")
	var k knownAttrs
	msg := "message"
	for i := 0; i < 2; i++ {
		if !k.has(notify, msg) || k.has(file, msg) || k.has(notify, "mode") || !k.has(file, "mode") {
			t.Errorf("round %d: message of notify and mode of file only", i)
		}
		if k.has(notify, "bogus") || k.has(file, strings.Repeat("x", 3)) {
			t.Errorf("round %d: a name that is no attribute", i)
		}
	}
	if !k.has(notify, string([]byte("message"))) || !k.has(notify, "require") {
		t.Errorf("another string of an attribute's name, a metaparameter")
	}
}

// countingType is a native type that counts the names it is asked
// about.
type countingType struct {
	NativeType
	asked *int
}

func (t countingType) HasAttribute(name string) bool {
	*t.asked++
	return t.NativeType.HasAttribute(name)
}

// TestKnownAttrsShared: the same string (the linker's one "ensure" of all
// the code) asked for many types is kept for each of them: after a first
// round, no type is asked again.
func TestKnownAttrsShared(t *testing.T) {
	p := NewProgram("production")
	p.AddCoreTypes()
	asked := 0
	var types []NativeType
	for _, name := range []string{"file", "package", "service", "mount", "user", "group", "cron", "host"} {
		types = append(types, countingType{p.findNative(name), &asked})
	}
	var k knownAttrs
	names := []string{"ensure", "require", "before", "notify", "tag"}
	for round := 0; round < 3; round++ {
		asked = 0
		for _, typ := range types {
			for _, n := range names {
				if !k.has(typ, n) {
					t.Fatalf("%s of %s not found", n, typ.Name())
				}
			}
		}
		if round > 0 && asked != 0 {
			t.Errorf("round %d: types asked %d times, want 0", round, asked)
		}
	}
}

// TestUnknownAttribute: a native resource with a parameter its type
// does not have fails at finish with Puppet's error
// (Parser::Resource#validate), also after resources of another type
// whose parameter of that name was found.
func TestUnknownAttribute(t *testing.T) {
	res := compileMain(func(s *Scope, at SiteRef) {
		for _, title := range []string{"a", "b"} {
			s.Declare(at, "notify", Regular).Body(at, values.String(title)).Attr(at, "message", values.String("m")).Exec()
		}
		s.Declare(at, "file", Regular).Body(at, values.String("/tmp/x")).Attr(at, "message", values.String("m")).Exec()
	})
	if res.Err == nil || !strings.Contains(res.Err.Error(), "no parameter named 'message'") || !strings.Contains(res.Err.Error(), "File[/tmp/x]") {
		t.Errorf("error %v", res.Err)
	}
}

// TestKnownAttrsKept: a compile in the arena of one before keeps the
// attribute names that one found (newCtxIn), and still fails, with
// Puppet's error, on a parameter the type lacks; a kept name of one type
// is no attribute of another that lacks it.
func TestKnownAttrsKept(t *testing.T) {
	p := NewProgram("production")
	p.AddCoreTypes()
	at := SiteRefOf(&Site{File: &File{Path: "/env/manifests/site.pp"}, Line: 3})
	var a arena
	var kept *knownAttrs
	compile := func(typ, attr string) error {
		_, _, err := compileIn(p, &Node{Name: "n1.example.com", Main: func(s *Scope) {
			kept = s.c.attrsKnown
			s.Declare(at, typ, Regular).Body(at, values.String("/tmp/x")).Attr(at, attr, values.String("m")).Exec()
		}}, &a)
		return err
	}
	if err := compile("notify", "message"); err != nil || kept != nil {
		t.Fatalf("first compile: %v, table %p", err, kept)
	}
	first := a.ctx.attrsKnown
	if err := compile("notify", "message"); err != nil || kept == nil || kept != first {
		t.Fatalf("second compile: %v, table %p, not the first's %p", err, kept, first)
	}
	if err := compile("file", "message"); err == nil || !strings.Contains(err.Error(), "no parameter named 'message'") {
		t.Errorf("file's message: %v", err)
	}
}

// TestFinishNative: finishing a native resource unwraps its Sensitive
// values (the parameter in its place, its name in Sensitive) and checks
// every parameter's name, also one after a Sensitive one, and one whose
// name a resource of another type has.
func TestFinishNative(t *testing.T) {
	res := compileMain(func(s *Scope, at SiteRef) {
		s.Declare(at, "notify", Regular).Body(at, values.String("a")).Attr(at, "loglevel", values.String("info")).
			Attr(at, "message", values.NewSensitive(values.String("secret"))).Attr(at, "withpath", values.Bool(true)).Exec()
	})
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	r := res.Catalog.Resource("Notify", "a")
	var names []string
	for _, p := range r.Params {
		names = append(names, p.Name)
	}
	if got := strings.Join(names, " "); got != "loglevel message withpath" {
		t.Errorf("parameters %s", got)
	}
	if len(r.Sensitive) != 1 || r.Sensitive[0] != "message" || r.Get("message") != values.String("secret") {
		t.Errorf("Sensitive %v, message %v", r.Sensitive, r.Get("message"))
	}
	res = compileMain(func(s *Scope, at SiteRef) {
		s.Declare(at, "notify", Regular).Body(at, values.String("a")).Attr(at, "message", values.String("m")).Exec()
		s.Declare(at, "file", Regular).Body(at, values.String("/x")).Attr(at, "content", values.NewSensitive(values.String("c"))).
			Attr(at, "mode", values.String("0600")).Attr(at, "message", values.String("m")).Exec()
	})
	if res.Err == nil || !strings.Contains(res.Err.Error(), "no parameter named 'message'") || !strings.Contains(res.Err.Error(), "File[/x]") {
		t.Errorf("error %v", res.Err)
	}
}
