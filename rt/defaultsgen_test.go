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
