package erb

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pp2go/pp2go/rt/values"
)

// rubyErr runs f and returns the Ruby exception it raised (nil: none).
func raised(f func()) (re *RubyError) {
	defer func() {
		if p := recover(); p != nil {
			var ok bool
			if re, ok = p.(*RubyError); !ok {
				panic(p)
			}
		}
	}()
	f()
	return nil
}

type versionScope struct{ testScope }

func (versionScope) Versioncmp(a, b string, itz bool) int {
	if itz {
		return 2 // marks that the flag went through
	}
	return strings.Compare(a, b)
}

func (versionScope) PuppetVersion() string { return "8.10.0" }

// The expected texts are Ruby 3.1's with Puppet 7.23 loaded (ruby -e
// 'require "puppet"; ...'), without error_highlight's source excerpt.
func TestPuppetAPI(t *testing.T) {
	r := New(&versionScope{testScope{vars: values.NewHash()}})
	if got := r.PuppetVersioncmp(S("1"), S("2")); got != int64(-1) {
		t.Errorf("versioncmp: got %v", got)
	}
	if got := r.PuppetVersioncmp(S("1"), S("2"), true); got != int64(2) {
		t.Errorf("versioncmp with ignore_trailing_zeroes: got %v", got)
	}
	if got := ToS(r.PuppetVersion()); got != "8.10.0" {
		t.Errorf("Puppet.version: got %q", got)
	}
	if got := ToS(New(&testScope{vars: values.NewHash()}).PuppetVersion()); got != "7.23.0" {
		t.Errorf("Puppet.version of a scope that does not say: got %q", got)
	}
	// RUBY_VERSION: ruby -e 'p RUBY_VERSION' on Debian 12 and, under
	// oracle8, on Debian 13
	if got := ToS(r.ReleaseConst("RUBY_VERSION")); got != "3.3.8" {
		t.Errorf("RUBY_VERSION under Puppet 8.10: got %q", got)
	}
	if got := ToS(New(&testScope{vars: values.NewHash()}).ReleaseConst("RUBY_VERSION")); got != "3.1.2" {
		t.Errorf("RUBY_VERSION under Puppet 7.23: got %q", got)
	}
	for _, c := range []struct {
		f          func()
		class, msg string
	}{
		{func() { r.PuppetVersioncmp(int64(12), S("1")) }, "NoMethodError", "undefined method `scan' for 12:Integer"},
		{func() { r.PuppetVersioncmp(nil, S("1"), true) }, "NoMethodError", "undefined method `split' for nil:NilClass"},
		{func() { r.Unwrap(S("x")) }, "NoMethodError", "undefined method `unwrap' for \"x\":String"},
		// json 2.7's words (Ruby 3.3, under oracle8); 2.6's start with
		// the line of its C parser that raised ("451: ", below)
		{func() { r.PuppetJSONLoad(S("[1")) }, "Puppet::Util::Json::ParseError", "unexpected token at ''"},
		{func() { New(&testScope{vars: values.NewHash()}).PuppetJSONLoad(S("[1")) }, "Puppet::Util::Json::ParseError", "451: unexpected token at ''"},
		{func() { r.FindResource(S("nope")) }, "ArgumentError", `No title provided and "nope" is not a valid resource reference`},
	} {
		re := raised(c.f)
		if re == nil || re.Class.Name != c.class || !strings.HasPrefix(re.Msg, c.msg) {
			t.Errorf("want %s %q, got %+v", c.class, c.msg, re)
		}
	}
	if !isA(&RubyError{Class: ClassPuppetJSONParseError}, ClassStandardError) {
		t.Error("Puppet::Util::Json::ParseError is a StandardError")
	}
	s := values.NewSensitive(values.String("pw"))
	if got := r.Unwrap(FromPuppet(s)); ToS(got) != "pw" {
		t.Errorf("unwrap: got %v", got)
	}
}

// A 3.x function's references are Puppet::Resource values (Puppet's
// Runtime3Converter), which go back to Puppet as the references.
func TestFromPuppet3x(t *testing.T) {
	for _, c := range []struct {
		v    values.Value
		toS  string
		back values.Value
	}{
		{values.NewResourceType("user", "a", true), "User[a]", values.NewResourceType("User", "a", true)},
		{values.NewClassType("::foo::bar"), "Class[Foo::Bar]", values.NewClassType("foo::bar")},
		{values.NewResourceType("class", "foo", true), "Class[Foo]", values.NewClassType("foo")},
	} {
		x := FromPuppet3x(values.NewArray(c.v))
		el := x.(*Array).A[0]
		if got := ToS(el); got != c.toS {
			t.Errorf("%v: to_s %q, want %q", c.v, got, c.toS)
		}
		if got := classOf(el).Name; got != "Puppet::Resource" {
			t.Errorf("%v: class %s", c.v, got)
		}
		if got := ToPuppet(el); !values.Equals(got, c.back) {
			t.Errorf("%v: back to Puppet as %v, want %v", c.v, got, c.back)
		}
	}
}

// scope.call_function(name, args) splats args as Puppet's
// external_call_function does (func.call(scope, *args)): Ruby 3.1 gives
// [["k", nil]] for a Hash, [] for nil, [x] for another value.
func TestCallFunctionSplatsArgs(t *testing.T) {
	r := New(&testScope{vars: values.NewHash()})
	h := &Hash{}
	h.Set(S("k"), nil)
	require.Equal(t, `[["k", nil]]`, Inspect(r.CallFunction(S("args"), h)))
	require.Equal(t, `[]`, Inspect(r.CallFunction(S("args"), nil)))
	require.Equal(t, `["x"]`, Inspect(r.CallFunction(S("args"), S("x"))))
	require.Equal(t, `[1, 2]`, Inspect(r.CallFunction(S("args"), NewArray(int64(1), int64(2)))))
	// an Array's elements are the arguments, the Array itself untouched
	a := NewArray(NewArray(int64(1)), S("x"))
	require.Equal(t, `[[1], "x"]`, Inspect(r.CallFunction(S("args"), a)))
	require.Equal(t, `[[1], "x"]`, Inspect(a))
}

type warnScope struct {
	testScope
	warnings []string
}

func (s *warnScope) Log(level, msg string) {}
func (s *warnScope) Warn(msg string)       { s.warnings = append(s.warnings, msg) }

// Puppet 7.23's Puppet::Util.absolute_path? (ruby -e 'require "puppet"; ...').
func TestAbsolutePath(t *testing.T) {
	s := &warnScope{testScope: testScope{vars: values.NewHash()}}
	r := New(s)
	for _, c := range []struct {
		args []Value
		want bool
	}{
		{[]Value{S("/x")}, true},
		{[]Value{S("x\n/y"), Symbol("posix")}, true},
		{[]Value{S("C:/x"), Symbol("windows")}, true},
		{[]Value{S("//srv/share"), Symbol("windows")}, true},
		{[]Value{S(`c:\x`)}, false},
		{[]Value{S("/x"), Symbol("windows")}, false},
	} {
		if got := r.AbsolutePathQ(ClassPuppetUtil, c.args...); got != c.want {
			t.Errorf("absolute_path?%s: got %v", Inspect(NewArray(c.args...)), got)
		}
	}
	require.Equal(t, false, r.AbsolutePathQ(ClassPuppetUtil, NewArray(S("/a"))))
	require.Equal(t, false, r.AbsolutePathQ(ClassPuppetUtil, nil))
	require.Equal(t, []string{
		`Cannot check if ["/a"] is an absolute path because it is a 'Array' and not a String'`,
		`Cannot check if  is an absolute path because it is a 'NilClass' and not a String'`,
	}, s.warnings)
	e := raised(func() { r.AbsolutePathQ(ClassPuppetUtil, S("/x"), Symbol("mac")) })
	require.Equal(t, "Puppet::DevError: unknown platform mac in absolute_path", e.Class.Name+": "+e.Msg)
	require.Equal(t, true, r.RespondToQ(ClassPuppetUtil, Symbol("absolute_path?")))
	require.Equal(t, false, r.RespondToQ(ClassPuppetUtil, Symbol("which")))
}

// logScope logs into a list and drops debug messages when drop is set.
type logScope struct {
	testScope
	drop bool
	logs []string
}

func (s *logScope) Log(level, msg string)      { s.logs = append(s.logs, level+": "+msg) }
func (s *logScope) Warn(msg string)            { s.Log("warning", msg) }
func (s *logScope) DropsLog(level string) bool { return s.drop && level == "debug" }

// A message of a level the scope drops is neither built nor logged; the
// scope's other levels, and every level of a scope that drops none, are
// logged as Puppet.debug("...#{x}...") and debug("...") log them.
func TestLogInterpDropped(t *testing.T) {
	for _, drop := range []bool{false, true} {
		s := &logScope{testScope: testScope{vars: values.NewHash()}, drop: drop}
		r := New(s)
		h := &Hash{}
		h.Set(S("k"), int64(1))
		require.Nil(t, r.PuppetLogInterp("debug", "made ", h, " of ", NewArray(nil, Symbol("a"))))
		require.Nil(t, r.ScopeLogInterp("debug", "scope ", int64(2)))
		r.PuppetLogInterp("notice", "kept ", S("a"))
		r.PuppetLog("debug", S("plain"))
		r.ScopeLog("debug", int64(3))
		want := []string{`debug: made {"k"=>1} of [nil, :a]`, "debug: scope 2", "notice: kept a", "debug: plain", "debug: 3"}
		if drop {
			want = []string{"notice: kept a"}
		}
		require.Equal(t, want, s.logs, "drop %v", drop)
	}
}
