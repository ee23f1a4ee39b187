package erb

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pp2go/pp2go/rt/values"
)

// fnScope is a call's scope of translated Ruby (FunctionScope): a
// release, a log that drops debug messages, one 3.x function (f, which
// runs as Ruby), one resource (File[/x]) and one resource type (file).
type fnScope struct {
	logScope
	room  CallRoom
	taken int
}

func (s *fnScope) TakeR() *R {
	s.taken++
	if s.taken > 1 {
		return nil
	}
	return s.room.R()
}
func (*fnScope) PuppetVersion() string { return "8.10.0" }
func (*fnScope) Versioncmp(a, b string, itz bool) int {
	if itz {
		return 2 // marks that the flag went through
	}
	return -1
}
func (*fnScope) Has3xFunction(name string) bool { return name == "f" }
func (*fnScope) Call3xRubyBound(b *Bound3x, name string, args []Value) (Value, bool) {
	return S("ruby " + name + " " + ToS(args[0])), true
}
func (*fnScope) Call3xBound(*Bound3x, string, []values.Value) values.Value { return values.Undef }
func (*fnScope) FindResource(typ, title string) (PuppetResource, bool) {
	return reference{typ: typ, title: title}, typ == "File" && title == "/x"
}
func (*fnScope) CatalogResources() []PuppetResource { return nil }
func (*fnScope) CatalogClasses() []string           { return nil }
func (*fnScope) CurrentResource() PuppetResource    { return nil }
func (*fnScope) ResourceTypeKind(name string) string {
	if name == "file" {
		return "type"
	}
	return ""
}
func (*fnScope) ScopeSource() (string, bool) { return "", true }

// An R in a call's scope (FunctionScope) answers Ruby's calls of Puppet's
// API from that scope, the first R of the call the room's and any other
// (a method of the file's classes) one of its own: Puppet.version,
// versioncmp, a dropped debug message, Puppet::Parser::Functions.function,
// scope.function_f, findresource and find_resource_type_or_class.
func TestFunctionScopeCalls(t *testing.T) {
	s := &fnScope{logScope: logScope{testScope: testScope{vars: values.NewHash()}, drop: true}}
	first, second := NewCall(s), NewCall(s)
	require.Same(t, &s.room.r, first, "the call's first R is its room's")
	require.NotSame(t, first, second)
	site := &Site3x{Name: "f"}
	for i, r := range []*R{first, second} {
		require.NotNil(t, r.fs, "R %d keeps its scope as a FunctionScope", i)
		require.Equal(t, "8.10.0", ToS(r.PuppetVersion()), "R %d", i)
		require.Equal(t, int64(2), r.PuppetVersioncmp(S("1"), S("2"), true), "R %d", i)
		require.Nil(t, r.PuppetLogInterp("debug", "dropped"), "R %d", i)
		r.PuppetLogInterp("notice", "kept ", int64(i))
		require.Equal(t, "function_f", ToS(r.PuppetFunction3x(S("f"))), "R %d", i)
		require.Equal(t, false, r.PuppetFunction3x(S("g")), "R %d", i)
		require.Equal(t, "ruby f a", ToS(r.FunctionAt(site, NewArray(S("a")))), "R %d", i)
		require.Equal(t, "File[/x]", ToS(r.FindResource(S("File[/x]"))), "R %d", i)
		require.Nil(t, r.FindResource(S("File[/y]")), "R %d", i)
		require.Equal(t, "Puppet::Type::File", ToS(r.PuppetFindResourceTypeOrClass(ScopeValue(), S("file"))), "R %d", i)
		require.Nil(t, r.PuppetFindResourceTypeOrClass(ScopeValue(), S("nothing")), "R %d", i)
	}
	require.Equal(t, []string{"notice: kept 0", "notice: kept 1"}, s.logs)
}

// TestCallScope: a call's scope given as a CallScope (rt/rubyfn's) is
// the call's scope for NewCall as the FunctionScope itself is: the R is
// the room's, keeps the FunctionScope, and its scope is the scope itself,
// with the optional extensions only it has (StrictScope here).
func TestCallScope(t *testing.T) {
	s := &strictFnScope{fnScope: fnScope{logScope: logScope{testScope: testScope{vars: values.NewHash()}, drop: true}}}
	r := NewCall(&CallScope{Scope: s, Function: s})
	require.Same(t, &s.room.r, r, "the call's first R is its room's")
	require.Same(t, s, r.fs)
	require.Same(t, s, r.scope, "the scope itself, not the CallScope")
	_, strict := r.scope.(StrictScope)
	require.True(t, strict)
	require.Equal(t, "8.10.0", ToS(r.PuppetVersion()))
	require.Equal(t, "File[/x]", ToS(r.FindResource(S("File[/x]"))))
	// a scope that is no FunctionScope gives an R without one (NewSized)
	plain := &testScope{vars: values.NewHash()}
	require.Nil(t, NewCall(plain).fs)
}

// strictFnScope is an fnScope with StrictScope's extension.
type strictFnScope struct{ fnScope }

func (*strictFnScope) Strict() string                    { return "warning" }
func (*strictFnScope) WarnOnceUnlocated(key, msg string) {}
