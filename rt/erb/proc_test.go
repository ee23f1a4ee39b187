package erb

import "testing"

// rubyError runs f and returns the message of the Ruby exception it
// raises ("" when none).
func rubyError(f func()) (msg string) {
	defer func() {
		if p := recover(); p != nil {
			e, ok := p.(*RubyError)
			if !ok {
				panic(p)
			}
			msg = e.Class.Name + ": " + e.Msg
		}
	}()
	f()
	return ""
}

// Expected results are Ruby 3.1's (ruby -e).
func TestProcsAndLambdas(t *testing.T) {
	r := New(nil)
	pair := func(a, b Value) Value { return NewArray(a, b) }
	// proc { |a, b| [a, b] }.call([1, 2]) spreads the Array: [1, 2]
	if got := Inspect(r.CallProc(ProcValue(Blk2(pair)), NewArray(int64(1), int64(2)))); got != "[1, 2]" {
		t.Errorf("proc.call([1, 2]) = %s", got)
	}
	// lambda { |a, b| }.call([1, 2]): ArgumentError
	l := LambdaValue(Blk2(pair))
	if got := rubyError(func() { r.CallProc(l, NewArray(int64(1), int64(2))) }); got != "ArgumentError: wrong number of arguments (given 1, expected 2)" {
		t.Errorf("lambda.call([1, 2]): %q", got)
	}
	if got := rubyError(func() { r.CallProc(LambdaValue(Blk1(func(a Value) Value { return a })), int64(1), int64(2)) }); got != "ArgumentError: wrong number of arguments (given 2, expected 1)" {
		t.Errorf("->(a){}.call(1, 2): %q", got)
	}
	if got := Inspect(r.CallProc(l, int64(1), int64(2))); got != "[1, 2]" {
		t.Errorf("lambda.call(1, 2) = %s", got)
	}
	// proc[1]
	if got := r.Aref(ProcValue(Blk1(func(a Value) Value { return a })), int64(1)); got != int64(1) {
		t.Errorf("proc[1] = %v", got)
	}
	if classOf(l) != ClassProc {
		t.Errorf("class of a lambda: %s", classOf(l).Name)
	}
}

func TestCatchThrow(t *testing.T) {
	r := New(nil)
	// catch(:a) { catch(:b) { throw :a, 5 }; 1 } is 5
	got := r.Catch(Symbol("a"), Blk0(func() Value {
		r.Catch(Symbol("b"), Blk0(func() Value { return r.Throw(Symbol("a"), int64(5)) }))
		return int64(1)
	}))
	if got != int64(5) {
		t.Errorf("nested catch = %v", got)
	}
	// catch { |t| throw t, 7 } is 7
	if got := r.Catch(nil, Blk1(func(tag Value) Value { return r.Throw(tag, int64(7)) })); got != int64(7) {
		t.Errorf("catch without a tag = %v", got)
	}
	// a throw passes rescue clauses; ensure runs
	ensured := false
	got = r.Catch(Symbol("a"), Blk0(func() Value {
		return r.Ensure(func() Value {
			return r.Rescue(func() Value { return r.Throw(Symbol("a"), int64(9)) }, []Value{ClassStandardError}, func(Value) Value { return int64(0) })
		}, func() { ensured = true })
	}))
	if got != int64(9) || !ensured {
		t.Errorf("throw through rescue/ensure = %v (ensure ran: %v)", got, ensured)
	}
	if msg := rubyError(func() { r.Throw(Symbol("x")) }); msg != "UncaughtThrowError: uncaught throw :x" {
		t.Errorf("uncaught throw: %q", msg)
	}
	// catch("s") { throw "s" }: another String object is another tag
	if msg := rubyError(func() { r.Catch(S("s"), Blk0(func() Value { return r.Throw(S("s")) })) }); msg != `UncaughtThrowError: uncaught throw "s"` {
		t.Errorf("throw of an equal String: %q", msg)
	}
	if !ClassUncaughtThrowError.IsA(ClassArgumentError) {
		t.Error("UncaughtThrowError is an ArgumentError")
	}
}

func TestJumpTarget(t *testing.T) {
	r := New(nil)
	// def f; begin; return 1; rescue; end; 2; end: f is 1
	got := r.JumpTarget(func(j *Jump) Value {
		r.Rescue(func() Value { panic(j.With(int64(1))) }, nil, func(Value) Value { return nil })
		return int64(2)
	})
	if got != int64(1) {
		t.Errorf("return from inside begin = %v", got)
	}
	// a jump to an outer target passes an inner one
	got = r.JumpTarget(func(outer *Jump) Value {
		r.JumpTarget(func(*Jump) Value { panic(outer.With(S("out"))) })
		return nil
	})
	if Inspect(got) != `"out"` {
		t.Errorf("jump to the outer target = %v", got)
	}
}

func TestFileConstants(t *testing.T) {
	r := New(nil)
	// defined?(X) or X = [1]; X
	if r.FileConstDefined("X") != nil {
		t.Error("defined?(X) before X = ...")
	}
	r.SetFileConst("X", NewArray(int64(1)))
	if Inspect(r.FileConstDefined("X")) != `"constant"` || Inspect(r.FileConst("X")) != "[1]" {
		t.Error("X after X = [1]")
	}
	if msg := rubyError(func() { r.FileConst("Y") }); msg != "NameError: uninitialized constant Y" {
		t.Errorf("Y before Y = ...: %q", msg)
	}
}

// class D; attr_reader :s; def initialize(h); @s = h; end; private; def tw; end; end
func TestUserClass(t *testing.T) {
	var d *UserClass
	d = NewUserClass("D", []string{"initialize", "s", "tw"}, []string{"s"}, func(s Scope, self *Instance, method string, b *Block, a []Value) Value {
		r := New(s)
		r.SetSelf(self)
		switch method {
		case "initialize":
			arity(a, 1, 1)
			return r.SetIVar("s", a[0])
		case "s":
			return r.IVar("s")
		}
		return nil
	})
	r := New(nil)
	obj := r.NewInstance(d, int64(1))
	if got := r.NoMethod(obj, "s"); got != int64(1) {
		t.Errorf("D.new(1).s = %v", got)
	}
	if classOf(obj) != d.Class || !classOf(obj).IsA(ClassObject) {
		t.Errorf("class of D.new(1): %s", classOf(obj).Name)
	}
	// Ruby's messages, but for the object's address
	for name, want := range map[string]string{
		"tw": "NoMethodError: private method `tw' called for #<D:0x0000000000000000 @s=1>",
		"zz": "NoMethodError: undefined method `zz' for #<D:0x0000000000000000 @s=1>",
	} {
		if msg := rubyError(func() { r.NoMethod(obj, name) }); msg != want {
			t.Errorf("d.%s: %q", name, msg)
		}
	}
	if msg := rubyError(func() { r.NewInstance(d) }); msg != "ArgumentError: wrong number of arguments (given 0, expected 1)" {
		t.Errorf("D.new: %q", msg)
	}
}
