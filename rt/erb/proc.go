package erb

// Procs and lambdas as values: proc { }, Proc.new { }, lambda { } and
// ->(x) { } make a *Block a Ruby program keeps in a variable and calls
// with .call, .(), [] or .yield.

// ProcValue is proc { |params| body } (Proc.new { }): the block as a
// value, which takes its arguments as a block does.
func ProcValue(b *Block) Value { return b }

// LambdaValue is lambda { |params| body } or ->(params) { body }: a
// block that takes exactly its parameters (ArgumentError otherwise) and
// never spreads an Array argument over them.
func LambdaValue(b *Block) Value {
	b.lambda = true
	return b
}

// callLambda calls a lambda with args, checking their number as Ruby
// checks a method's.
func (b *Block) callLambda(args []Value) Value {
	switch {
	case b.rest && len(args) < b.n:
		argError("wrong number of arguments (given %d, expected %d+)", len(args), b.n)
	case b.opt > 0 && !b.rest && (len(args) < b.n || len(args) > b.n+b.opt):
		argError("wrong number of arguments (given %d, expected %d..%d)", len(args), b.n, b.n+b.opt)
	case b.opt == 0 && !b.rest && len(args) != b.n:
		argError("wrong number of arguments (given %d, expected %d)", len(args), b.n)
	}
	switch {
	case b.f0 != nil:
		return b.f0()
	case b.f1 != nil:
		return b.f1(args[0])
	case b.f2 != nil:
		return b.f2(args[0], args[1])
	case b.f3 != nil:
		return b.f3(args[0], args[1], args[2])
	}
	return b.fn(args)
}

// ClassProc is the class of procs and lambdas; ClassUncaughtThrowError
// that of throw without a matching catch.
var (
	ClassProc               = newClass("Proc", ClassObject)
	ClassUncaughtThrowError = newClass("UncaughtThrowError", ClassArgumentError)
)

func init() {
	defineConsts(func(g *constGroup) {
		g.class("Proc", ClassProc)
		g.class("UncaughtThrowError", ClassUncaughtThrowError)
	})
}

// Jump is where a return, next or break the translator cannot make a Go
// return lands: the method, block or call it leaves (JumpTarget). The
// jump unwinds the Go closures in between (begin/rescue bodies, the
// runtime's iteration of a block) as a panic; rescue clauses let it pass
// and ensure clauses run, as in Ruby.
type Jump struct{ _ byte } // not zero-sized: each has its own address

type jumpSignal struct {
	to *Jump
	v  Value
}

// JumpTarget runs f, whose jumps to its *Jump end it with their value.
func (r *R) JumpTarget(f func(j *Jump) Value) (result Value) {
	j := &Jump{}
	defer func() {
		if p := recover(); p != nil {
			if s, ok := p.(*jumpSignal); ok && s.to == j {
				result = s.v
				return
			}
			panic(p)
		}
	}()
	return f(j)
}

// With is the panic value of a jump to j with the value v.
func (j *Jump) With(v Value) any { return &jumpSignal{to: j, v: v} }

// catchTag is the tag of catch without an argument: a new object, which
// only the block's own parameter names.
type catchTag struct{ _ byte } // not zero-sized: each is another object

type throwSignal struct {
	tag, v Value
}

// sameTag reports whether a thrown tag is a catch's: the same object
// (Symbols and small Integers are always the same object).
func sameTag(a, b Value) bool {
	switch x := a.(type) {
	case Symbol, int64, bool, nil:
		return a == b
	case float64:
		y, ok := b.(float64)
		return ok && x == y
	case *Str:
		y, ok := b.(*Str)
		return ok && x == y
	case *Array:
		y, ok := b.(*Array)
		return ok && x == y
	case *Hash:
		y, ok := b.(*Hash)
		return ok && x == y
	case *catchTag:
		y, ok := b.(*catchTag)
		return ok && x == y
	}
	return false
}

// Catch is catch(tag) { |tag| body }: the block's value, or the value of
// a throw of tag while it runs (also from Puppet's own code: a lookup of
// an undefined variable throws :undefined_variable).
func (r *R) Catch(tag Value, b *Block) (result Value) {
	if tag == nil {
		tag = &catchTag{}
	}
	x := r.rareState()
	x.catches = append(x.catches, tag)
	n := len(x.catches)
	defer func() {
		x.catches = x.catches[:n-1]
		if p := recover(); p != nil {
			if s, ok := p.(*throwSignal); ok && sameTag(s.tag, tag) {
				result = s.v
				return
			}
			panic(p)
		}
	}()
	return b.Call(tag)
}

// catching reports whether a catch of tag is running.
func (r *R) catching(tag Value) bool {
	if r.rare == nil {
		return false
	}
	for i := len(r.rare.catches) - 1; i >= 0; i-- {
		if sameTag(tag, r.rare.catches[i]) {
			return true
		}
	}
	return false
}

// Throw is throw(tag, value = nil): it ends the innermost catch of tag
// with value; UncaughtThrowError when no catch of tag is running.
func (r *R) Throw(args ...Value) Value {
	arity(args, 1, 2)
	var v Value
	if len(args) == 2 {
		v = args[1]
	}
	if !r.catching(args[0]) {
		raise(ClassUncaughtThrowError, "uncaught throw %s", Inspect(args[0]))
	}
	panic(&throwSignal{tag: args[0], v: v})
}
