package fn

import (
	"errors"
	"testing"

	"github.com/pp2go/pp2go/rt/values"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func callErr(f func()) (msg string) {
	defer func() {
		if r := recover(); r != nil {
			msg = r.(error).Error()
		}
	}()
	f()
	return ""
}

func TestDispatchOrderAndMismatch(t *testing.T) {
	f := New("min").
		D("Numeric a, Numeric b", func(c Context, a []values.Value, b Block) values.Value { return values.String("num") }).
		D("String s1, String s2", func(c Context, a []values.Value, b Block) values.Value { return values.String("str") }).
		Func()
	assert.Equal(t, values.String("num"), f.Call(nil, []values.Value{values.Int(1), values.Int(2)}, nil))
	assert.Equal(t, values.String("str"), f.Call(nil, []values.Value{values.String("a"), values.String("b")}, nil))
	// Text as Puppet 7.23 prints it for min2(1, 'a') with these dispatches.
	assert.Equal(t, "The function 'min' was called with arguments it does not accept. It expects one of:\n"+
		"  (Numeric a, Numeric b)\n    rejected: parameter 'b' expects a Numeric value, got String\n"+
		"  (String s1, String s2)\n    rejected: parameter 's1' expects a String value, got Integer",
		callErr(func() { f.Call(nil, []values.Value{values.Int(1), values.String("a")}, nil) }))
}

// TestBuilderRoom: New makes the builder, the function and its first
// builderRoom dispatches in one allocation; dispatches past the room are
// added as before, each where Since and Method find it, in order.
func TestBuilderRoom(t *testing.T) {
	impl := func(v string) Impl {
		return func(c Context, a []values.Value, b Block) values.Value { return values.String(v) }
	}
	i, str := impl("i"), impl("s")
	n := testing.AllocsPerRun(100, func() {
		New("f").D("Integer a", i).DR("String a", "String", str).Method("m").Func()
	})
	assert.Equal(t, 1.0, n, "allocations of a function of two dispatches")
	f := New("g").D("Integer a", impl("i")).D("String a", impl("s")).Method("ms").
		Mismatch("Float a", impl("no floats")).Since(8).D("Any a", impl("any")).Method("ma").Func()
	var specs, methods []string
	for _, d := range f.Dispatches {
		specs, methods = append(specs, d.spec), append(methods, d.Method)
	}
	assert.Equal(t, []string{"Integer a", "String a", "Float a", "Any a"}, specs)
	assert.Equal(t, []string{"", "ms", "", "ma"}, methods)
	assert.Equal(t, 8, f.Dispatches[2].Since)
	assert.True(t, f.Dispatches[2].ArgumentMismatch)
	for _, c := range []struct {
		arg  values.Value
		want values.Value
	}{{values.Int(1), values.String("i")}, {values.String("x"), values.String("s")}, {values.True, values.String("any")}} {
		assert.Equal(t, c.want, f.Call(nil, []values.Value{c.arg}, nil))
	}
}

func TestArgumentMismatchAndReturn(t *testing.T) {
	f := New("my::f").
		DR("Integer a", "String", func(c Context, a []values.Value, b Block) values.Value { return a[0] }).
		Mismatch("Any a", func(c Context, a []values.Value, b Block) values.Value { return values.String("wants an Integer") }).
		Func()
	assert.Equal(t, "'my::f' wants an Integer", callErr(func() { f.Call(nil, []values.Value{values.String("x")}, nil) }))
	assert.Equal(t, "value returned from function 'f' has wrong type, expects a String value, got Integer",
		callErr(func() { f.Call(nil, []values.Value{values.Int(1)}, nil) }))
}

func TestAPI3(t *testing.T) {
	var got []values.Value
	f := New3("f3", -2, func(c Context, a []values.Value, b Block) values.Value { got = a; return nil })
	assert.Equal(t, "f3(): Wrong number of arguments given (0 for minimum 1)", callErr(func() { f.Call(nil, nil, nil) }))
	f.Call(nil, []values.Value{values.Undef, values.NewArray(values.Undef), values.RegexpOf("a/b")}, nil)
	assert.Equal(t, []values.Value{values.String(""), values.NewArray(values.Undef), values.String(`/a\/b/`)}, got)
	g := New3("g3", 1, nil)
	assert.Equal(t, "g3(): Wrong number of arguments given (2 for 1)", callErr(func() { g.Call(nil, []values.Value{values.Int(1), values.Int(2)}, nil) }))
	// an implementation that converts its arguments (Converts3x) is given
	// them as they are, the caller's list itself, arity still checked
	h := New3("h3", -2, func(c Context, a []values.Value, b Block) values.Value { got = a; return nil })
	h.Converts3x = true
	args := []values.Value{values.Undef, values.RegexpOf("a/b")}
	h.Call(nil, args, nil)
	assert.Equal(t, []values.Value{values.Undef, values.RegexpOf("a/b")}, got)
	assert.True(t, &got[0] == &args[0], "the caller's list")
	assert.Equal(t, "h3(): Wrong number of arguments given (0 for minimum 1)", callErr(func() { h.Call(nil, nil, nil) }))
}

// Messages as Puppet 7.23 gives them for
// function pf(Integer $a, String $b = 'x', Numeric *$rest) >> String
// (probed with the oracle, see the commit of this test).
func TestPuppetFunc(t *testing.T) {
	ret := func(c Context, a []values.Value, b Block) values.Value { return values.Int(1) }
	f := PuppetFunc("pf", []PuppetParam{
		{Name: "a", Type: values.IntegerT},
		{Name: "b", Type: values.StringT, HasDefault: true},
		{Name: "rest", Type: values.NumericT, CapturesRest: true},
	}, values.StringT, ret)
	assert.Equal(t, "'pf' parameter 'a' expects an Integer value, got String",
		callErr(func() { f.Call(nil, []values.Value{values.String("bad")}, nil) }))
	assert.Equal(t, "'pf' expects at least 1 argument, got none", callErr(func() { f.Call(nil, nil, nil) }))
	assert.Equal(t, "'pf' parameter 'rest' expects a Numeric value, got String",
		callErr(func() {
			f.Call(nil, []values.Value{values.Int(1), values.String("y"), values.Int(2), values.String("z")}, nil)
		}))
	assert.Equal(t, "value returned from pf has wrong type, expects a String value, got Integer",
		callErr(func() { f.Call(nil, []values.Value{values.Int(1)}, nil) }))
	g := PuppetFunc("pf", []PuppetParam{{Name: "r", Type: mustArray(values.StringT, 1, 2), CapturesRest: true}}, nil, ret)
	assert.Equal(t, "'pf' expects between 1 and 2 arguments, got none", callErr(func() { g.Call(nil, nil, nil) }))
}

func mustArray(t values.Type, min, max int64) values.Type {
	return values.NewArrayType(t, values.NewIntegerType(min, max))
}

func TestTypeConcurrently(t *testing.T) {
	done := make(chan bool)
	for i := 0; i < 8; i++ {
		go func() {
			for j := 0; j < 200; j++ {
				Type("Array[Integer[0, " + itoa(j) + "]]")
			}
			done <- true
		}()
	}
	for i := 0; i < 8; i++ {
		<-done
	}
	assert.Equal(t, "Array[Integer[0, 5]]", values.TypeString(Type("Array[Integer[0, 5]]")))
}

// StaticDispatch binds a call only when Call would surely choose that
// dispatch: every earlier one rejects it by arity, required block or the
// type of a known argument, and each unknown argument's parameter accepts
// anything, or no other dispatch may accept the call and the unknown
// arguments are checked when it runs; CallDispatch then runs it as Call
// does, and fails as Call fails.
func TestStaticDispatch(t *testing.T) {
	impl := func(r string) Impl {
		return func(Context, []values.Value, Block) values.Value { return values.String(r) }
	}
	f := New("sd").
		D("String a, Integer b", impl("si")).
		D("Any a", impl("any")).
		D("Callable &block", impl("block")).
		DR("Any a, Any b, Any c*", "Integer", impl("rest")).
		Func()
	s := values.String("x")
	for _, c := range []struct {
		args []values.Value
		want int
	}{
		{[]values.Value{nil}, 1},                // arity rejects the first
		{[]values.Value{s, nil}, -1},            // Integer b: unknown, the fourth takes any b
		{[]values.Value{values.Int(1), nil}, 3}, // String a rejects the first
		{[]values.Value{nil, nil, nil}, 3},
		{nil, -1}, // only the block dispatch takes no arguments
	} {
		d, check := f.StaticDispatch(c.args, nil)
		assert.Equal(t, c.want, d, "%v", c.args)
		assert.Zero(t, check, "%v", c.args)
	}
	assert.Equal(t, values.String("any"), f.CallDispatch(nil, 1, 0, []values.Value{s}))
	assert.Equal(t, "value returned from function 'sd' has wrong type, expects an Integer value, got String",
		callErr(func() { f.CallDispatch(nil, 3, 0, []values.Value{s, s}) }))

	// the pattern of regsubst($x, 'p', 'r'): only the first dispatch takes
	// a String b, which checks its unknown a
	g := New("sdc").
		D("Variant[String, Array[String]] a, String b", impl("s")).
		D("Variant[String, Array[String]] a, Regexp b", impl("re")).
		Func()
	for _, c := range []struct {
		args  []values.Value
		want  int
		check uint64
	}{
		{[]values.Value{nil, s}, 0, 1},
		{[]values.Value{nil, values.RegexpOf("x")}, 1, 1},
		{[]values.Value{nil, nil}, -1, 0}, // either may take it
		{[]values.Value{s, s}, 0, 0},
	} {
		d, check := g.StaticDispatch(c.args, nil)
		assert.Equal(t, c.want, d, "%v", c.args)
		assert.Equal(t, c.check, check, "%v", c.args)
	}
	// the types the build proved unknown arguments have: a parameter that
	// takes every value of its argument's type checks nothing, one of
	// other kinds rejects the call
	typ := func(text string) values.Type {
		ty, err := values.ParseType(text, nil)
		require.NoError(t, err)
		return ty
	}
	for _, c := range []struct {
		f     *Func
		args  []values.Value
		types []values.Type
		want  int
		check uint64
	}{
		{g, []values.Value{nil, s}, []values.Type{typ("Array[String]"), nil}, 0, 0},
		{g, []values.Value{nil, s}, []values.Type{typ("Array[Integer]"), nil}, 0, 1},      // not every value: checked
		{g, []values.Value{nil, nil}, []values.Type{nil, typ("Regexp")}, 1, 1},            // the first takes no Regexp b
		{f, []values.Value{nil, nil}, []values.Type{typ("Integer"), typ("String")}, 3, 0}, // String a takes no Integer
		{f, []values.Value{nil, nil}, []values.Type{typ("String"), typ("Integer")}, 0, 0}, // the first takes every such call
	} {
		d, check := c.f.StaticDispatch(c.args, c.types)
		assert.Equal(t, c.want, d, "%v %v", c.args, c.types)
		assert.Equal(t, c.check, check, "%v %v", c.args, c.types)
	}
	assert.Equal(t, values.String("s"), g.CallDispatch(nil, 0, 1, []values.Value{s, s}))
	bad := []values.Value{values.Int(1), s}
	want := callErr(func() { g.Call(nil, bad, nil) })
	assert.Contains(t, want, "expects")
	assert.Equal(t, want, callErr(func() { g.CallDispatch(nil, 0, 1, bad) }))

	for _, g := range []*Func{
		New("sd::m").Module("m").D("Any a", impl("")).Func(),
		New("sd3").D("Any a", impl("")).D("Any a, Any b", impl("")).Since(8).Func(),
		{Name: "sd3x", API3: true, Arity: -1, Dispatches: []*Dispatch{{Impl: impl("")}}},
	} {
		d, _ := g.StaticDispatch([]values.Value{nil}, nil)
		assert.Equal(t, -1, d, g.Name)
	}
}

// TestCallDispatchWrongProof: a call bound to a dispatch whose argument
// the build wrongly proved of its type (its check bit clear) fails as
// Call fails, in Puppet's words, where the implementation faults on the
// value; a fault with arguments the dispatch accepts stays Go's.
func TestCallDispatchWrongProof(t *testing.T) {
	join := New("join").
		D("Array arg, Optional[String] delimiter", func(c Context, a []values.Value, b Block) values.Value {
			return values.Int(a[0].(*values.Array).Len())
		}).
		Func()
	// Puppet 7.23 for join($tags, ',') with $tags undef (the lang archive
	// param_default_reads_earlier).
	assert.Equal(t, "'join' parameter 'arg' expects an Array value, got Undef",
		callErr(func() { join.CallDispatch(nil, 0, 0, []values.Value{values.UndefValue{}, values.String(",")}) }))

	// a later dispatch accepts what the proof gave the first one
	g := New("g").
		D("Array a", func(c Context, a []values.Value, b Block) values.Value { return a[0].(*values.Array) }).
		D("String a", func(c Context, a []values.Value, b Block) values.Value { return values.String("s") }).
		Func()
	assert.Equal(t, values.String("s"), g.CallDispatch(nil, 0, 0, []values.Value{values.String("x")}))

	bug := New("bug").
		D("String a", func(c Context, a []values.Value, b Block) values.Value { return a[0].(*values.Array) }).
		Func()
	assert.PanicsWithError(t, "interface conversion: values.Value is values.String, not *values.Array",
		func() { bug.CallDispatch(nil, 0, 0, []values.Value{values.String("x")}) })
}

// TestCallWithScopeArg: a ScopeArg function called with its list begun
// with ScopeArgValue already (CallWithScopeArg) gets what Call gives it,
// the list as it came (no copy).
func TestCallWithScopeArg(t *testing.T) {
	var got []values.Value
	f := New("scoped").ScopeArg().
		D("Any scope, String s", func(c Context, a []values.Value, b Block) values.Value {
			got = a
			return a[1]
		}).Func()
	x := values.String("x")
	assert.Equal(t, values.Value(x), f.Call(nil, []values.Value{x}, nil))
	viaCall := got
	own := []values.Value{ScopeArgValue, x}
	assert.Equal(t, values.Value(x), f.CallWithScopeArg(nil, own, nil))
	assert.Equal(t, viaCall, got)
	assert.Same(t, &own[0], &got[0])
}

// PureName: a name whose functions (the 4.x one and the 3.x one a
// template's function_x calls) are all pure; none of that name is no
// pure one.
func TestPureName(t *testing.T) {
	impl := func(c Context, a []values.Value, _ Block) values.Value { return nil }
	New("fn_test_pure").Pure().D("Any x", impl).Register()
	New("fn_test_impure").D("Any x", impl).Register()
	assert.True(t, PureName("fn_test_pure"))
	assert.False(t, PureName("fn_test_impure"))
	assert.False(t, PureName("fn_test_none"))
}

// TestConvert3x: Puppet's Runtime3FunctionArgumentConverter. A value
// with nothing to convert is given as it is (the same hash, not a copy);
// a regexp or binary inside a hash or an array, under strings, becomes
// its string; undef becomes "" at the top level only.
func TestConvert3x(t *testing.T) {
	str := func(s string) values.Value { return values.String(s) }
	plain := values.NewHashFromPairs(str("ensure"), str("present"), str("tag"), values.NewArray(str("a"), str("b")))
	assert.Same(t, plain, Convert3x(plain, true), "a hash of strings is given as it is")
	list := values.NewArray(str("a"), values.Int(1), values.Undef)
	assert.Same(t, list, Convert3x(list, true), "nested undef stays undef")

	withRe := values.NewHashFromPairs(str("a"), str("x"), str("m"), values.NewArray(str("y"), values.RegexpOf("^a.*$")))
	got := Convert3x(withRe, true).(*values.Hash)
	assert.Equal(t, values.String("/^a.*$/"), got.ValueAt(1).(*values.Array).Elems()[1])
	assert.Equal(t, values.String("x"), got.ValueAt(0))

	bin := values.NewArray(str("a"), values.NewBinary([]byte("hi")))
	assert.Equal(t, values.String("aGk="), Convert3x(bin, true).(*values.Array).Elems()[1])

	assert.Equal(t, values.String(""), Convert3x(values.Undef, true))
	assert.Equal(t, values.Undef, Convert3x(values.Undef, false))
	assert.Equal(t, values.String("s"), Convert3x(str("s"), true))
}

// TestArityChecked: a dispatch's number of arguments is checked the same
// for a registered function (its arity worked out once) and for a Func
// called without being registered (a Puppet-language function's).
func TestArityChecked(t *testing.T) {
	mk := func() *Func {
		return &Func{Name: "fn_test_arity", Dispatches: []*Dispatch{{
			Sig: &values.Signature{Params: []values.SignatureParam{
				{Name: "a", Type: values.AnyT, Kind: values.ParamRequired},
				{Name: "b", Type: values.AnyT, Kind: values.ParamOptional},
			}},
			Impl: func(_ Context, args []values.Value, _ Block) values.Value { return values.Int(len(args)) },
		}}}
	}
	registered := mk()
	Register(registered)
	for _, f := range []*Func{registered, mk()} {
		for n, want := range map[int]string{0: "expects between 1 and 2 arguments, got none", 1: "", 2: "", 3: "expects between 1 and 2 arguments, got 3"} {
			args := make([]values.Value, n)
			for i := range args {
				args[i] = values.String("x")
			}
			got := callErr(func() { f.Call(nil, args, nil) })
			if want != "" {
				want = "'fn_test_arity' " + want
			}
			if got != want {
				t.Errorf("%d arguments: %q, want %q", n, got, want)
			}
		}
	}
}

// TestLocalTypes: a function's local type aliases (Puppet's local_types)
// name types in its dispatches and its return type, whichever order they
// were declared in, one alias naming another; declaring them makes no
// alias registry: the function's first call does, as it parses its
// dispatches.
func TestLocalTypes(t *testing.T) {
	impl := func(v string) Impl {
		return func(c Context, a []values.Value, b Block) values.Value { return values.String(v) }
	}
	b := New("my::lt").
		D("Small a", impl("small")).
		LocalType("Small", "Digit").
		LocalType("Digit", "Integer[0, 9]").
		DR("Word a", "Word", impl("word")).
		LocalType("Word", "Pattern[/\\A[a-z]+\\z/]")
	assert.Nil(t, b.aliases, "no registry until the function is first called")
	f := b.Func()
	assert.Equal(t, values.String("small"), f.Call(nil, []values.Value{values.Int(3)}, nil))
	assert.Equal(t, values.String("word"), f.Call(nil, []values.Value{values.String("abc")}, nil))
	assert.Contains(t, callErr(func() { f.Call(nil, []values.Value{values.Int(10)}, nil) }), "got Integer[10, 10]",
		"10 is neither a Small nor a Word")
}

// TestSigMade: a dispatch whose signature Builder.Sig makes takes that
// signature at the function's first call, its spec not parsed (a spec
// that does not parse does not fail it), and reports its mismatches as a
// parsed one does.
func TestSigMade(t *testing.T) {
	made := 0
	f := New("made").
		D("not a spec [", func(c Context, a []values.Value, b Block) values.Value { return values.String("ok") }).
		Sig(func() *values.Signature {
			made++
			return &values.Signature{Params: []values.SignatureParam{{Name: "s", Type: values.StringT, Kind: values.ParamRequired}}}
		}).
		Func()
	assert.Equal(t, values.String("ok"), f.Call(nil, []values.Value{values.String("a")}, nil))
	f.Call(nil, []values.Value{values.String("b")}, nil)
	assert.Equal(t, 1, made)
	assert.Equal(t, "'made' parameter 's' expects a String value, got Integer",
		callErr(func() { f.Call(nil, []values.Value{values.Int(1)}, nil) }))
}

// TestParseSpec: a spec's parameters, their kinds and its block, with
// the types typ makes of their texts; a parameter without a type and a
// type typ fails are errors.
func TestParseSpec(t *testing.T) {
	var texts []string
	typ := func(text string) (values.Type, error) {
		texts = append(texts, text)
		return Type(text), nil
	}
	s, err := ParseSpec("Variant[String, Integer[1, 2]] a, Hash b?, Any c*, Callable[1, 1] &blk?", typ)
	assert.NoError(t, err)
	assert.Equal(t, []string{"Variant[String, Integer[1, 2]]", "Hash", "Any", "Callable[1, 1]"}, texts)
	var names []string
	var kinds []values.ParamKind
	for _, p := range s.Params {
		names, kinds = append(names, p.Name), append(kinds, p.Kind)
	}
	assert.Equal(t, []string{"a", "b", "c"}, names)
	assert.Equal(t, []values.ParamKind{values.ParamRequired, values.ParamOptional, values.ParamRepeated}, kinds)
	assert.Equal(t, "blk", s.BlockName)
	assert.True(t, s.BlockOptional)
	s, err = ParseSpec("String a, &b", typ)
	assert.NoError(t, err)
	assert.Same(t, values.CallableT, s.Block)
	_, err = ParseSpec("String a, b", typ)
	assert.EqualError(t, err, "parameter without a type: b")
	_, err = ParseSpec("String a", func(string) (values.Type, error) { return nil, errNoType })
	assert.ErrorIs(t, err, errNoType)
}

var errNoType = errors.New("no type")

// laterFunc counts the functions it makes (Defer's Later).
type laterFunc struct {
	f     *Func
	makes int
}

func (l *laterFunc) Func() *Func { l.makes++; return l.f }

// TestDefer: a deferred function is made when its name is first looked
// up, once, and the registry answers as Register of it would: its 3.x
// name exists before, a later registration of the name decides against it
// (a module's 4.x function shadows its 3.x one for Lookup, which Lookup3x
// still finds), and it is shadowed so too when registered after.
func TestDefer(t *testing.T) {
	t.Cleanup(func() {
		for _, n := range []string{"defer_test_f", "defer_test_g"} {
			delete(registry, n)
			delete(shadowed3x, n)
			delete(legacy3x, n)
		}
	})
	f3 := New3("defer_test_f", 0, nil)
	f3.Module = "m"
	l := &laterFunc{f: f3}
	Defer(&Func{Name: "defer_test_f", Module: "m", API3: true}, l)
	assert.Equal(t, 0, l.makes, "made before its name is looked up")
	assert.True(t, Has3x("defer_test_f"))
	assert.Contains(t, Names(), "defer_test_f")
	assert.Same(t, f3, Lookup("defer_test_f"))
	assert.Same(t, f3, Lookup("::defer_test_f"))
	assert.Equal(t, 1, l.makes)
	f4 := New("defer_test_f").Module("m").D("Any a", nil).Register()
	assert.Same(t, f4, Lookup("defer_test_f"))
	assert.Same(t, f3, Lookup3x("defer_test_f"), "the 3.x function the 4.x one shadows")
	assert.Equal(t, 1, l.makes)

	g := New("defer_test_g").Module("m").D("Any a", nil).Func()
	Register(g)
	lg := &laterFunc{f: New3("defer_test_g", 0, nil)}
	lg.f.Module = "m"
	Defer(&Func{Name: "defer_test_g", Module: "m", API3: true}, lg)
	assert.Same(t, g, Lookup("defer_test_g"))
	assert.Equal(t, 0, lg.makes, "made before its name is looked up for 3.x")
	assert.True(t, Has3x("defer_test_g"))
	assert.Same(t, lg.f, Lookup3x("defer_test_g"))
	assert.Same(t, lg.f, Shadowed3x("defer_test_g"))
	assert.Equal(t, 1, lg.makes)
}
