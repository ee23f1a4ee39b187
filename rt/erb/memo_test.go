package erb

import (
	"fmt"
	"testing"

	"github.com/pp2go/pp2go/rt/fn"
	"github.com/pp2go/pp2go/rt/values"
)

// viewScope is a scope read one variable at a time (VarIndex), counting
// the reads.
type viewScope struct {
	testScope
	reads int
}

func (s *viewScope) VarView() VarView { return s }
func (s *viewScope) Visible(name string) (values.Value, bool) {
	s.reads++
	return s.vars.GetString(name)
}
func (s *viewScope) OddNames() []string { return nil }

// memoTemplate is, as erbgen writes a template it gives a Memo,
//
//	<% if @opts.is_a?(Hash) %><% @opts.each do |k, v| %><%= k %>=<%= v %>;<% end %><% else %><%= @other %><% end %>
var memoTemplateMemo Memo

var memoRenders int

func memoTemplate(s Scope) string {
	r, out := NewMemo(s, &memoTemplateMemo, 8, 2)
	if r == nil {
		return out
	}
	defer r.Fail()
	memoRenders++
	if Truthy(r.IsAQ(r.IVar("opts"), Const("Hash"))) {
		r.Each(r.IVar("opts"), r.Blk2(func(k, v Value) Value {
			r.Out(k)
			r.Text("=")
			r.Out(v)
			r.Text(";")
			return r.BlockOut()
		}))
	} else {
		r.Out(r.IVar("other"))
	}
	return r.Result()
}

// compilingAgain makes the test's renderings those of a process that
// compiles again, which keeps renderings in Memos.
func compilingAgain(t *testing.T) {
	t.Cleanup(func() { compilesAgain = values.KeepsCopies })
	compilesAgain = func() bool { return true }
}

// A process's first compile neither keeps renderings nor looks for them:
// the same values render again, and the Memo stays empty, until the
// process compiles again.
func TestMemoFirstCompile(t *testing.T) {
	t.Cleanup(func() { compilesAgain = values.KeepsCopies })
	compilesAgain = func() bool { return false }
	memoTemplateMemo = Memo{}
	memoRenders = 0
	b := values.NewHashBuilder(1)
	b.Put(values.String("other"), values.String("y"))
	vars := b.Build()
	render := func() {
		t.Helper()
		if got, err := Render(memoTemplate, &viewScope{testScope: testScope{vars: vars}}, "t", "t.erb"); err != nil || got != "y" {
			t.Fatalf("got %q, %v; want y", got, err)
		}
	}
	render()
	render()
	if memoRenders != 2 || len(memoTemplateMemo.entries) != 0 {
		t.Errorf("first compile: %d renderings, %d kept; want 2, 0", memoRenders, len(memoTemplateMemo.entries))
	}
	compilesAgain = func() bool { return true }
	render()
	render()
	if memoRenders != 3 || len(memoTemplateMemo.entries) != 1 {
		t.Errorf("compiling again: %d renderings, %d kept; want 3, 1", memoRenders, len(memoTemplateMemo.entries))
	}
}

// A template with a Memo renders once for the values of the variables it
// reads: a rendering whose variables have the values a kept rendering
// read returns its text; any difference, exact (hash order, Integer and
// Float, a variable the kept rendering did not read being absent or
// not), renders again.
func TestMemo(t *testing.T) {
	compilingAgain(t)
	memoTemplateMemo = Memo{}
	memoRenders = 0
	h := func(kv ...values.Value) *values.Hash {
		b := values.NewHashBuilder(len(kv) / 2)
		for i := 0; i < len(kv); i += 2 {
			b.Put(kv[i], kv[i+1])
		}
		return b.Build()
	}
	s := func(x string) values.Value { return values.String(x) }
	for i, c := range []struct {
		vars   *values.Hash
		want   string
		render bool
	}{
		{h(s("opts"), h(s("a"), values.Int(1), s("b"), s("x"))), "a=1;b=x;", true},
		{h(s("opts"), h(s("a"), values.Int(1), s("b"), s("x"))), "a=1;b=x;", false},
		// @other is not read when @opts is a Hash
		{h(s("opts"), h(s("a"), values.Int(1), s("b"), s("x")), s("other"), s("y")), "a=1;b=x;", false},
		{h(s("opts"), h(s("b"), s("x"), s("a"), values.Int(1))), "b=x;a=1;", true},
		{h(s("opts"), h(s("a"), values.Float(1), s("b"), s("x"))), "a=1.0;b=x;", true},
		{h(s("opts"), h(s("a"), values.Int(1), s("b"), s("X"))), "a=1;b=X;", true},
		{h(s("other"), s("y")), "y", true},
		{h(s("other"), s("y")), "y", false},
		{h(s("other"), s("z")), "z", true},
		{h(s("other"), values.Undef), "", true},
		{h(), "", false},
		{h(s("opts"), values.NewArray(s("a"))), "", true},
		{h(s("opts"), h(s("a"), values.Int(1), s("b"), s("x"))), "a=1;b=x;", false},
	} {
		before := memoRenders
		got, err := Render(memoTemplate, &viewScope{testScope: testScope{vars: c.vars}}, "t", "t.erb")
		if err != nil {
			t.Fatalf("%d: %v", i, err)
		}
		if got != c.want || (memoRenders > before) != c.render {
			t.Errorf("%d: got %q (rendered %v), want %q (rendered %v)", i, got, memoRenders > before, c.want, c.render)
		}
	}
}

// A scope that is not read one variable at a time, or a value a Memo does
// not keep, renders every time.
func TestMemoNotKept(t *testing.T) {
	compilingAgain(t)
	memoTemplateMemo = Memo{}
	memoRenders = 0
	b := values.NewHashBuilder(1)
	b.Put(values.String("other"), values.String("y"))
	vars := b.Build()
	for i := 0; i < 2; i++ {
		if got, _ := Render(memoTemplate, &testScope{vars: vars}, "t", "t.erb"); got != "y" {
			t.Fatalf("got %q", got)
		}
	}
	b = values.NewHashBuilder(1)
	b.Put(values.String("other"), values.Default)
	vars = b.Build()
	for i := 0; i < 2; i++ {
		if _, err := Render(memoTemplate, &viewScope{testScope: testScope{vars: vars}}, "t", "t.erb"); err != nil {
			t.Fatal(err)
		}
	}
	if memoRenders != 4 || len(memoTemplateMemo.entries) != 0 {
		t.Errorf("%d renderings, %d kept; want 4, 0", memoRenders, len(memoTemplateMemo.entries))
	}
}

// Renderings found in the order they were kept, or in another, are the
// ones with the scope's values (the one after the last found is looked at
// first).
func TestMemoOrder(t *testing.T) {
	compilingAgain(t)
	memoTemplateMemo = Memo{}
	memoRenders = 0
	render := func(v string) {
		t.Helper()
		b := values.NewHashBuilder(1)
		b.Put(values.String("other"), values.String(v))
		got, err := Render(memoTemplate, &viewScope{testScope: testScope{vars: b.Build()}}, "t", "t.erb")
		if err != nil || got != v {
			t.Fatalf("got %q, %v; want %q", got, err, v)
		}
	}
	names := []string{"a", "b", "c", "d", "e"}
	for round := 0; round < 3; round++ {
		for _, v := range names {
			render(v)
		}
	}
	for i := len(names) - 1; i >= 0; i-- {
		render(names[i])
	}
	render("c")
	render("c")
	render("a")
	if memoRenders != len(names) {
		t.Errorf("%d renderings, want %d", memoRenders, len(names))
	}
}

// callTemplate is, as erbgen writes a template it gives a Memo because the
// functions it calls are pure (Template.CallsPure),
//
//	<%= scope.call_function(@f, [@v]) %>
//
// with the function's name a variable here, to call either function.
var callTemplateMemo Memo

var callRenders int

func callTemplate(s Scope) string {
	r, out := NewMemo(s, &callTemplateMemo, 8, 2)
	if r == nil {
		return out
	}
	defer r.Fail()
	callRenders++
	r.Out(r.CallFunction(r.IVar("f"), NewArray(r.IVar("v"))))
	return r.Result()
}

// A rendering that calls a Puppet function rt/fn knows as pure (Func.Pure)
// is kept; one that calls a function that is not, or one rt/fn does not
// know, is not, though erbgen gave the template a Memo (the functions a
// rendering calls are checked again as it runs).
func TestMemoFunctionCalls(t *testing.T) {
	compilingAgain(t)
	impl := func(c fn.Context, a []values.Value, _ fn.Block) values.Value { return a[0] }
	fn.New("erb_test_pure").Pure().D("Any x", impl).Register()
	fn.New("erb_test_impure").D("Any x", impl).Register()
	for _, c := range []struct {
		f    string
		kept bool
	}{{"erb_test_pure", true}, {"erb_test_impure", false}, {"erb_test_unknown", false}} {
		callTemplateMemo, callRenders = Memo{}, 0
		b := values.NewHashBuilder(2)
		b.Put(values.String("f"), values.String(c.f))
		b.Put(values.String("v"), values.String("x"))
		vars := b.Build()
		for i := 0; i < 2; i++ {
			if _, err := Render(callTemplate, &viewScope{testScope: testScope{vars: vars}}, "t", "t.erb"); err != nil {
				t.Fatal(err)
			}
		}
		if kept := callRenders == 1 && len(callTemplateMemo.entries) == 1; kept != c.kept {
			t.Errorf("%s: %d renderings, %d kept; kept %v, want %v", c.f, callRenders, len(callTemplateMemo.entries), kept, c.kept)
		}
	}
}

// A rendering a Memo kept is found before the rendering's R is made: it
// allocates nothing.
func TestMemoHitAllocatesNothing(t *testing.T) {
	compilingAgain(t)
	memoTemplateMemo = Memo{}
	memoRenders = 0
	b := values.NewHashBuilder(1)
	b.Put(values.String("other"), values.String("y"))
	s := &viewScope{testScope: testScope{vars: b.Build()}}
	if got := memoTemplate(s); got != "y" {
		t.Fatalf("got %q", got)
	}
	if n := testing.AllocsPerRun(100, func() {
		if memoTemplate(s) != "y" {
			t.Fatal("wrong text")
		}
	}); n != 0 {
		t.Errorf("a rendering found allocates %v times, want 0", n)
	}
	if memoRenders != 1 {
		t.Errorf("%d renderings, want 1", memoRenders)
	}
}

// oddScope is a viewScope with a visible variable whose name is not a Ruby
// identifier: Puppet's template wrapper gives it an instance variable
// with "_" for the other characters (@a_b for a-b), which a template can
// read without the scope being asked.
type oddScope struct{ viewScope }

func (s *oddScope) VarView() VarView   { return s }
func (s *oddScope) OddNames() []string { return []string{"a-b"} }

// A scope with such a variable renders every time and keeps nothing.
func TestMemoOddNames(t *testing.T) {
	compilingAgain(t)
	memoTemplateMemo = Memo{}
	memoRenders = 0
	b := values.NewHashBuilder(2)
	b.Put(values.String("other"), values.String("y"))
	b.Put(values.String("a-b"), values.String("z"))
	for i := 0; i < 2; i++ {
		got, err := Render(memoTemplate, &oddScope{viewScope{testScope: testScope{vars: b.Build()}}}, "t", "t.erb")
		if err != nil || got != "y" {
			t.Fatalf("got %q, %v", got, err)
		}
	}
	if memoRenders != 2 || len(memoTemplateMemo.entries) != 0 {
		t.Errorf("%d renderings, %d kept; want 2, 0", memoRenders, len(memoTemplateMemo.entries))
	}
}

// hintedScope is a viewScope whose reads take hints (HintedView): a
// hint it filled is the position of the name in its list of names.
type hintedScope struct {
	viewScope
	names         []string
	hinted, found int // reads with a hint, and those the hint found
}

func (s *hintedScope) VarView() VarView { return s }
func (s *hintedScope) VisibleAt(name string, hint *VarHint) (values.Value, bool) {
	s.hinted++
	if hint.Key == s && s.names[hint.Slot] == name {
		s.found++
	} else {
		for i, n := range s.names {
			if n == name {
				*hint = VarHint{Key: s, Slot: int32(i)}
			}
		}
	}
	return s.Visible(name)
}

// A Memo reads the variables of a scope that takes hints with them, one
// kept with each variable a rendering read: the next rendering in the
// same scope finds each where its hint says, and gets the kept text.
func TestMemoHints(t *testing.T) {
	compilingAgain(t)
	memoTemplateMemo = Memo{}
	memoRenders = 0
	s := &hintedScope{names: []string{"x", "other"}}
	b := values.NewHashBuilder(1)
	b.Put(values.String("other"), values.String("y"))
	s.vars = b.Build()
	for i, render := range []bool{true, false, false} {
		before := memoRenders
		got, err := Render(memoTemplate, s, "t", "t.erb")
		if err != nil || got != "y" || (memoRenders > before) != render {
			t.Fatalf("%d: %q %v (rendered %v)", i, got, err, memoRenders > before)
		}
	}
	// the second rendering filled the hints of the reads kept, the
	// third found them (@opts is not one of the scope's names)
	if s.hinted != 4 || s.found != 1 {
		t.Errorf("%d reads with hints, %d found by them; want 4, 1", s.hinted, s.found)
	}
}

// peekScope is a viewScope that a Memo's lookup can read without a view
// (VarPeeker): its variables change after the lookup (set), which a view
// made then, as VarView's, does not see; views counts VarView's calls.
type peekScope struct {
	viewScope
	set   func(*peekScope)
	views int
}

func (s *peekScope) PeekView() VarView { return &s.viewScope }
func (s *peekScope) VarView() VarView {
	s.views++
	view := &viewScope{testScope: testScope{vars: s.vars}}
	if s.set != nil {
		s.set(s)
	}
	return view
}

// A Memo's lookup reads a scope that has a peek through it: a rendering
// found makes no view; one not found makes its view after the lookup, and
// renders the variables as they are then.
func TestMemoPeek(t *testing.T) {
	compilingAgain(t)
	memoTemplateMemo = Memo{}
	memoRenders = 0
	vars := func(v string) *values.Hash {
		b := values.NewHashBuilder(1)
		b.Put(values.String("other"), values.String(v))
		return b.Build()
	}
	s := &peekScope{viewScope: viewScope{testScope: testScope{vars: vars("y")}}}
	for i, want := range []int{1, 1} {
		if got, err := Render(memoTemplate, s, "t", "t.erb"); err != nil || got != "y" {
			t.Fatalf("%d: got %q, %v", i, got, err)
		}
		if s.views != want || memoRenders != 1 {
			t.Errorf("%d: %d views, %d renderings; want %d, 1", i, s.views, memoRenders, want)
		}
	}
	s.vars = vars("z")
	s.set = func(s *peekScope) { s.vars = vars("later") }
	if got, err := Render(memoTemplate, s, "t", "t.erb"); err != nil || got != "z" {
		t.Fatalf("got %q, %v; want the variables as the view has them", got, err)
	}
	if s.views != 2 || memoRenders != 2 {
		t.Errorf("%d views, %d renderings; want 2, 2", s.views, memoRenders)
	}
}

// A full Memo that finds nothing memoColdMisses times in a row (a
// fleet's template that reads the node's name) looks only at every
// memoProbe-th rendering, and at each again once one finds a kept
// rendering. The texts are right all along.
func TestMemoCold(t *testing.T) {
	compilingAgain(t)
	memoTemplateMemo = Memo{}
	memoRenders = 0
	render := func(other string) {
		t.Helper()
		b := values.NewHashBuilder(1)
		b.Put(values.String("other"), values.String(other))
		got, err := Render(memoTemplate, &viewScope{testScope: testScope{vars: b.Build()}}, "t", "t.erb")
		if err != nil || got != other {
			t.Fatalf("got %q, %v; want %q", got, err, other)
		}
	}
	for i := range memoEntries {
		render(fmt.Sprint("kept", i))
	}
	if len(memoTemplateMemo.entries) != memoEntries || memoRenders != memoEntries {
		t.Fatalf("%d kept, %d renderings; want %d, %d", len(memoTemplateMemo.entries), memoRenders, memoEntries, memoEntries)
	}
	for i := range memoColdMisses {
		render(fmt.Sprint("node", i))
	}
	if memoTemplateMemo.misses != memoColdMisses {
		t.Fatalf("misses %d, want %d", memoTemplateMemo.misses, memoColdMisses)
	}
	// cold: kept renderings are rendered again until a probe finds one
	before := memoRenders
	for range memoProbe - 1 {
		render("kept3")
	}
	if memoRenders-before != memoProbe-1 {
		t.Errorf("cold: %d of %d renderings, want all", memoRenders-before, memoProbe-1)
	}
	before = memoRenders
	render("kept3")
	render("kept4")
	if memoRenders != before || memoTemplateMemo.misses != 0 {
		t.Errorf("after the probe found one: %d renderings, misses %d; want 0, 0", memoRenders-before, memoTemplateMemo.misses)
	}
}
