package catgraph_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pp2go/pp2go/rt"
	"github.com/pp2go/pp2go/rt/catgraph"
	_ "github.com/pp2go/pp2go/rt/fn/core"
	"github.com/pp2go/pp2go/rt/values"
)

// decl is a resource declaration as generated code makes it.
type decl struct {
	form                rt.Form
	typ, title          string
	line                int
	param, rtyp, rtitle string // a relationship: param => rtyp[rtitle], or realize rtyp[rtitle]
}

// compile compiles a manifest given as declarations in the file path, and
// returns the agent's graph of its catalog.
func compile(t *testing.T, path string, decls ...decl) *catgraph.Graph {
	t.Helper()
	p := rt.NewProgram("production")
	p.AddCoreTypes()
	p.AddClass(&rt.Class{Name: "m", File: &rt.File{Path: path}, Line: 1, Body: func(s *rt.Scope) {
		for _, d := range decls {
			at := &rt.Site{File: &rt.File{Path: path}, Line: int32(d.line), Column: 1}
			b := s.Declare(rt.SiteRefOf(at), d.typ, d.form).Body(rt.SiteRefOf(at), values.String(d.title))
			if d.param != "" && d.param != "realize" {
				b.Attr(rt.SiteRefOf(at), d.param, values.NewResourceType(d.rtyp, d.rtitle, true))
			}
			b.Done()
			if d.param == "realize" {
				s.Fn(rt.SiteRefOf(at), &rt.FuncRef{Name: "realize"}, nil, values.NewResourceType(d.rtyp, d.rtitle, true))
			}
		}
	}})
	p.Finish()
	res := rt.CompileWith(p, &rt.Node{Name: "n.example.com", Facts: values.NewHash(), Top: rt.IncludeClasses("m")})
	require.NoError(t, res.Err)
	return catgraph.New(res.Catalog, catgraph.Applied)
}

// The expected messages are Puppet 7.23's agent's (puppet apply --noop of
// the manifest in the comment, saved as the file the test names).
func TestCheck(t *testing.T) {
	// @user { 'bob': }
	// file { '/tmp/h5/x': ensure => file, require => User['bob'] }
	g := compile(t, "/tmp/h5/virt.pp",
		decl{form: rt.Virtual, typ: "user", title: "bob", line: 1},
		decl{typ: "file", title: "/tmp/h5/x", line: 2, param: "require", rtyp: "User", rtitle: "bob"})
	require.Equal(t, "Could not find dependency User[bob] for File[/tmp/h5/x] (file: /tmp/h5/virt.pp, line: 2)", g.Check())

	// @user { 'bob': }
	// @@file { '/tmp/h5/exp': }
	// file { '/tmp/h5/x': ensure => file, before => User['bob'] }
	// file { '/tmp/h5/y': ensure => file, notify => File['/tmp/h5/exp'] }
	// The agent stops at the first; Check goes on, a line each.
	g = compile(t, "/tmp/h5/virtb.pp",
		decl{form: rt.Virtual, typ: "user", title: "bob", line: 1},
		decl{form: rt.Exported, typ: "file", title: "/tmp/h5/exp", line: 2},
		decl{typ: "file", title: "/tmp/h5/x", line: 3, param: "before", rtyp: "User", rtitle: "bob"},
		decl{typ: "file", title: "/tmp/h5/y", line: 4, param: "notify", rtyp: "File", rtitle: "/tmp/h5/exp"})
	lines := strings.Split(g.Check(), "\n")
	require.Len(t, lines, 2)
	require.Equal(t, "Could not find dependent User[bob] for File[/tmp/h5/x] (file: /tmp/h5/virtb.pp, line: 3)", lines[0])
	ms := g.Missing()
	require.Len(t, ms, 2)
	require.Equal(t, catgraph.Missing{Resource: ms[1].Resource, Param: "notify", Ref: "File[/tmp/h5/exp]"}, ms[1])
	require.Equal(t, "File[/tmp/h5/y]", ms[1].Resource.Ref())

	// notify { 'a': require => Notify['b'] }
	// notify { 'b': require => Notify['a'] }
	g = compile(t, "/tmp/h5/cycle.pp",
		decl{typ: "notify", title: "a", line: 1, param: "require", rtyp: "Notify", rtitle: "b"},
		decl{typ: "notify", title: "b", line: 2, param: "require", rtyp: "Notify", rtitle: "a"})
	require.Empty(t, g.Missing())
	require.Equal(t, "Found 1 dependency cycle:\n(Notify[a] => Notify[b] => Notify[a])", g.Check())
	require.Len(t, g.Cycles(), 1)

	// A realized virtual resource is applied: nothing to refuse.
	g = compile(t, "/tmp/h5/ok.pp",
		decl{form: rt.Virtual, typ: "user", title: "alice", line: 1, param: "realize", rtyp: "User", rtitle: "alice"},
		decl{typ: "file", title: "/tmp/h5/ok", line: 2, param: "require", rtyp: "User", rtitle: "alice"})
	require.Empty(t, g.Check())
	require.NotNil(t, g.Resolve("User[alice]"))
}
