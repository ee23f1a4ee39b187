package rubyfn

import (
	"fmt"
	"testing"

	"github.com/pp2go/pp2go/rt/erb"
	"github.com/pp2go/pp2go/rt/fn"
	"github.com/pp2go/pp2go/rt/values"
)

// TestFuncRegister: a module's Funcs (RegisterAll) register the functions
// that the registration code generated packages ran before registered (fn.New's chain with
// Impl, ImplScope or ImplScopeArg, new3, RegisterLoadError): the same
// module, API, arity, signatures, return types, methods and argument
// mismatch dispatches, and implementations that call the same methods
// with the same arguments.
func TestFuncRegister(t *testing.T) {
	var calls []string
	m := Methods(func(s erb.Scope, method string, b *erb.Block, a []erb.Value) erb.Value {
		calls = append(calls, fmt.Sprintf("%s %d %s", method, len(a), erb.Inspect(a[len(a)-1])))
		return nil
	})
	defs := []Func{
		{Name: "rubyfn_test::plain", API: 4, Methods: m, LocalTypes: [][2]string{{"T", "Integer"}},
			Dispatches: []Dispatch{
				{Spec: "T x", Method: "one"},
				{Spec: "String x, String y", Return: "String", Method: "two", Scope: true},
				{Spec: "Any x", Method: "bad", Mismatch: true},
			}},
		{Name: "rubyfn_test::scopearg", API: 4, Methods: m, ScopeArg: true,
			Dispatches: []Dispatch{{Spec: "Any scope, String x", Method: "s"}}},
		{Name: "rubyfn_test_three", API: 3, Methods: m, Arity: 1, Rvalue: true, Method: "real_function_rubyfn_test_three"},
		{Name: "rubyfn_test::broken", API: 4, LoadError: "it raised"},
		{Name: "rubyfn_test_broken3", API: 3, LoadError: "it raised too"},
	}
	RegisterAll(defs, "m", nil)
	fn.New("rubyfn_test::plain_chain").Module("m").LocalType("T", "Integer").
		D("T x", Impl(m, "one")).Method("one").
		DR("String x, String y", "String", ImplScope(m, "two")).Method("two").
		Mismatch("Any x", Impl(m, "bad")).Method("bad").
		Register()
	fn.New("rubyfn_test::scopearg_chain").Module("m").ScopeArg().
		D("Any scope, String x", ImplScopeArg(m, "s")).Method("s").
		Register()
	fn.Register(new3("rubyfn_test_three_chain", "m", 1, true, m, "real_function_rubyfn_test_three", false))
	RegisterLoadError("rubyfn_test::broken_chain", "m", 4, "it raised")
	RegisterLoadError("rubyfn_test_broken3_chain", "m", 3, "it raised too")

	describe := func(f *fn.Func) string {
		calls = nil
		s := fmt.Sprintf("module %s 3x %v arity %d scope %v statement %v", f.Module, f.API3, f.Arity, f.ScopeArg, f.Statement)
		for _, sig := range f.Signatures() {
			s += " sig " + values.TypeString(sig.CallableType())
		}
		for _, d := range f.Dispatches {
			ret := "-"
			if d.Return != nil {
				ret = values.TypeString(d.Return)
			}
			s += fmt.Sprintf("\n  %s return %s mismatch %v method %s since %d: ", values.TypeString(d.Sig.CallableType()), ret, d.ArgumentMismatch, d.Method, d.Since)
			func() {
				defer func() {
					if p := recover(); p != nil {
						s += fmt.Sprint("panic ", p)
					}
				}()
				d.Impl(nil, []values.Value{values.String("a"), values.String("b")}, nil)
			}()
		}
		return s + fmt.Sprint("\n  calls ", calls)
	}
	for _, d := range defs {
		f, chain := fn.Lookup(d.Name), fn.Lookup(d.Name+"_chain")
		if f == nil || chain == nil {
			t.Fatalf("%s: registered %v, chain %v", d.Name, f != nil, chain != nil)
		}
		if got, want := describe(f), describe(chain); got != want {
			t.Errorf("%s:\n%s\nwant\n%s", d.Name, got, want)
		}
	}
}

// TestRegister3Converts: a translated 3.x function sees its arguments as
// Puppet's Runtime3FunctionArgumentConverter gives them to a 3.x
// function (undef an empty String at the top, nil inside, a regexp its
// inspect), and converts them itself (fn.Func.Converts3x): the caller's
// list is not copied.
func TestRegister3Converts(t *testing.T) {
	var seen string
	m := Methods(func(s erb.Scope, method string, b *erb.Block, a []erb.Value) erb.Value {
		seen = erb.Inspect(a[0])
		return nil
	})
	fn.Register(new3("rubyfn_test_converts", "m", -1, true, m, "real_function_rubyfn_test_converts", false))
	f := fn.Lookup3x("rubyfn_test_converts")
	if f == nil || !f.Converts3x {
		t.Fatalf("registered %v, Converts3x false", f)
	}
	hb := values.NewHashBuilder(1)
	hb.Put(values.String("k"), values.RegexpOf("x"))
	args := []values.Value{values.Undef, values.RegexpOf("a/b"), values.NewArray(values.Undef, values.String("s")), hb.Build()}
	f.Call(nil, args, nil)
	if want := `["", "/a\\/b/", [nil, "s"], {"k"=>"/x/"}]`; seen != want {
		t.Errorf("the Ruby saw %s, want %s", seen, want)
	}
	if args[0] != values.Value(values.Undef) {
		t.Errorf("the caller's arguments changed: %v", args)
	}
	// the copy a call would make to convert an undef argument is not made
	one := []values.Value{values.Undef}
	own := testing.AllocsPerRun(10, func() { f.Call(nil, one, nil) })
	f.Converts3x = false
	copied := testing.AllocsPerRun(10, func() { f.Call(nil, one, nil) })
	f.Converts3x = true
	if own != copied-1 {
		t.Errorf("a call with an undef argument made %v allocations, %v with the list copied", own, copied)
	}
}

// TestRegister3ConvertsHashEntries: a hash given to a translated 3.x
// function is converted as Puppet's Runtime3FunctionArgumentConverter
// converts it (a regexp, at any depth, its inspect; a regexp key too)
// whether Ruby reads an entry, inspects the hash or returns it: Puppet
// gets back the converted hash, where the call read nothing of it.
func TestRegister3ConvertsHashEntries(t *testing.T) {
	var read []string
	m := Methods(func(s erb.Scope, method string, b *erb.Block, a []erb.Value) erb.Value {
		args := a[0].(*erb.Array).A
		h := args[0].(*erb.Hash)
		for _, k := range args[1:] {
			v, ok := h.Lookup(k)
			read = append(read, fmt.Sprintf("%s:%v:%s", erb.Inspect(k), ok, erb.Inspect(v)))
		}
		return h
	})
	fn.Register(new3("rubyfn_test_hash_entries", "m", -1, true, m, "real_function_rubyfn_test_hash_entries", false))
	f := fn.Lookup3x("rubyfn_test_hash_entries")
	hash := func(kv ...values.Value) *values.Hash {
		hb := values.NewHashBuilder(len(kv) / 2)
		for i := 0; i < len(kv); i += 2 {
			hb.Put(kv[i], kv[i+1])
		}
		return hb.Build()
	}
	S := func(s string) values.Value { return values.String(s) }
	inner := hash(S("j"), values.RegexpOf("y"), S("u"), values.Undef)
	arg := hash(S("k"), values.RegexpOf("x"), S("h"), inner, S("a"), values.NewArray(values.RegexpOf("z")))
	converted := hash(S("k"), S("/x/"), S("h"), hash(S("j"), S("/y/"), S("u"), values.Undef), S("a"), values.NewArray(S("/z/")))
	for _, keys := range [][]string{nil, {"k"}, {"h"}, {"a", "missing"}} {
		read = nil
		args := []values.Value{arg}
		want := []string{}
		for _, k := range keys {
			args = append(args, S(k))
		}
		got := f.Call(nil, args, nil)
		if !values.Eql(got, converted) || values.ToString(got) != values.ToString(converted) {
			t.Errorf("reading %v, Puppet got back %v, want %v", keys, got, converted)
		}
		for _, k := range keys {
			switch k {
			case "k":
				want = append(want, `"k":true:"/x/"`)
			case "h":
				want = append(want, `"h":true:{"j"=>"/y/", "u"=>nil}`)
			case "a":
				want = append(want, `"a":true:["/z/"]`)
			default:
				want = append(want, `"`+k+`":false:nil`)
			}
		}
		if fmt.Sprint(read) != fmt.Sprint(want) {
			t.Errorf("the Ruby read %v, want %v", read, want)
		}
	}
	// a regexp key is found by its inspect, as Ruby sees it
	read = nil
	f.Call(nil, []values.Value{hash(values.RegexpOf("r"), S("v")), S("/r/")}, nil)
	if want := `["/r/":true:"v"]`; fmt.Sprint(read) != "["+`"/r/":true:"v"`+"]" {
		t.Errorf("the Ruby read %v, want %s", read, want)
	}
}
