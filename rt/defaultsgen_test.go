package rt

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pp2go/pp2go/rt/values"
)

// TestDefaultsOfType checks that a resource expression looks for resource
// defaults of its type up its scopes once a defaults expression set some
// for the type (resourceType.mayHaveDefaults), its type having been used
// before: a resource declared after them gets them, one of another type
// does not.
func TestDefaultsOfType(t *testing.T) {
	p := NewProgram("production")
	p.AddCoreTypes()
	site := &Site{File: &File{Path: "/e/site.pp"}, Line: 1}
	notify := &ResourceTypeRef{Name: "notify"}
	file := &ResourceTypeRef{Name: "file"}
	res := CompileWith(p, &Node{Name: "n1.example.com", Main: func(s *Scope) {
		s.DeclareType(SiteRefOf(site), notify, Regular).Body(SiteRefOf(site), values.String("before")).Exec()
		s.DeclareType(SiteRefOf(site), file, Regular).Body(SiteRefOf(site), values.String("/a")).Exec()
		s.Defaults(site, "notify").Attr(SiteRefOf(site), "message", values.String("m")).Done()
		s.DeclareType(SiteRefOf(site), notify, Regular).Body(SiteRefOf(site), values.String("after")).Exec()
		s.DeclareType(SiteRefOf(site), file, Regular).Body(SiteRefOf(site), values.String("/b")).Exec()
		s.Defaults(site, "file").Attr(SiteRefOf(site), "mode", values.String("0644")).Done()
		s.DeclareType(SiteRefOf(site), file, Regular).Body(SiteRefOf(site), values.String("/c")).Exec()
		s.DeclareType(SiteRefOf(site), notify, Regular).Body(SiteRefOf(site), values.String("last")).Attr(SiteRefOf(site), "message", values.String("own")).Exec()
	}})
	require.NoError(t, res.Err)
	get := func(typ, title, param string) values.Value {
		r := res.Catalog.Resource(typ, title)
		require.NotNil(t, r, title)
		return r.Get(param)
	}
	require.Equal(t, values.Value(values.String("m")), get("Notify", "after", "message"))
	require.Equal(t, values.Value(values.String("own")), get("Notify", "last", "message"))
	require.Nil(t, get("File", "/b", "message"))
	require.Nil(t, get("File", "/c", "message"))
	require.Nil(t, get("Notify", "after", "mode"))
	require.Equal(t, values.Value(values.String("0644")), get("File", "/c", "mode"))
}

// TestDefaultsFoundAgain: resources of a type declared one after the
// other in a scope get the defaults that stand when each is declared
// (Puppet evaluates defaults expressions in order): a defaults
// expression of the scope, or of a scope above it, evaluated between
// two of them counts for the second one only; the nearest scope's
// default wins, and another type's resources get none.
func TestDefaultsFoundAgain(t *testing.T) {
	notify := &ResourceTypeRef{Name: "notify"}
	res := compileMain(func(top *Scope, at SiteRef) {
		site := at.Site()
		top.Defaults(site, "notify").Attr(at, "message", values.String("top")).Done()
		s := top.newChild(top.source, top.resource)
		s.Defaults(site, "notify").Attr(at, "withpath", values.Bool(true)).Done()
		for _, title := range []string{"a", "b"} {
			s.DeclareType(at, notify, Regular).Body(at, values.String(title)).Exec()
		}
		s.Defaults(site, "notify").Attr(at, "loglevel", values.String("err")).Done()
		s.DeclareType(at, notify, Regular).Body(at, values.String("c")).Exec()
		top.Defaults(site, "notify").Attr(at, "tag", values.String("t")).Done()
		s.Defaults(site, "file").Attr(at, "mode", values.String("0644")).Done()
		s.DeclareType(at, notify, Regular).Body(at, values.String("d")).Exec()
		s.Defaults(site, "notify").Attr(at, "message", values.String("near")).Done()
		s.DeclareType(at, notify, Regular).Body(at, values.String("e")).Exec()
		s.Declare(at, "file", Regular).Body(at, values.String("/f")).Exec()
	})
	require.NoError(t, res.Err)
	params := func(typ, title string) map[string]string {
		r := res.Catalog.Resource(typ, title)
		require.NotNil(t, r, title)
		out := map[string]string{}
		for _, p := range r.Params {
			out[p.Name] = values.ToString(p.Value)
		}
		return out
	}
	for title, want := range map[string]map[string]string{
		"a": {"message": "top", "withpath": "true"},
		"b": {"message": "top", "withpath": "true"},
		"c": {"message": "top", "withpath": "true", "loglevel": "err"},
		"d": {"message": "top", "withpath": "true", "loglevel": "err", "tag": "t"},
		"e": {"message": "near", "withpath": "true", "loglevel": "err", "tag": "t"},
	} {
		require.Equal(t, want, params("Notify", title), title)
	}
	require.Equal(t, map[string]string{"mode": "0644"}, params("File", "/f"))
}
