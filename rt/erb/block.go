package erb

// Block is a Ruby block passed to a method. Its parameters follow Ruby's
// rules for procs: a block with more than one parameter (or |a,|) that is
// given a single Array spreads it over the parameters; missing arguments
// are nil and extra ones are dropped.
type Block struct {
	n  int // declared parameters
	f0 func() Value
	f1 func(Value) Value
	f2 func(Value, Value) Value
	f3 func(Value, Value, Value) Value
	fn func([]Value) Value
	// Origin is the Puppet lambda a block stands for (LambdaBlock): it
	// is called with the arguments as given, which the lambda checks
	// against its parameters, as a Puppet Closure does (no Array spread,
	// no nil for a missing one).
	Origin any
	// opt, rest: a block with optional or *rest parameters (BlkParams);
	// n counts its required ones.
	opt  int
	rest bool
	// splat: the block spreads a single Array argument
	splat bool
	// lambda: a Ruby lambda (lambda { }, ->() { }), which takes exactly
	// its parameters and never spreads an Array over them (proc.go).
	lambda bool
}

// LambdaBlock is a Puppet lambda (origin) with n parameters as a Ruby
// block: f receives the arguments as given (a lambda does not spread an
// Array over its parameters).
func LambdaBlock(n int, origin any, f func([]Value) Value) *Block {
	return &Block{n: n, fn: f, Origin: origin}
}

// Blk0 is a block without parameters, a Block of its own (translated
// code takes r.Blk0's, from its rendering's room).
func Blk0(f func() Value) *Block { return (*R)(nil).Blk0(f) }

// Blk1 is a block with one parameter |x|.
func Blk1(f func(Value) Value) *Block { return (*R)(nil).Blk1(f) }

// Blk1Splat is |x,|: one parameter that takes the first element of an
// Array argument.
func Blk1Splat(f func(Value) Value) *Block { return (*R)(nil).Blk1Splat(f) }

// Blk2 is a block with two parameters |a, b|.
func Blk2(f func(Value, Value) Value) *Block { return (*R)(nil).Blk2(f) }

// Blk3 is a block with three parameters.
func Blk3(f func(Value, Value, Value) Value) *Block { return (*R)(nil).Blk3(f) }

// The blocks of translated code (r.Blk0 ... r.Blk3) come from the R of
// the rendering or call that makes them: each evaluation of a block
// literal is a Block of its own, from the R's room for them while it has
// some (a call of translated Ruby has room for one, CallRoom; blocks of
// 2, then 4 and 8, after). A block Ruby keeps (&blk, a proc) keeps that
// room alive with it, never shares it.

// block is a new, zero Block from r's room for them; a nil r's is a
// Block of its own.
func (r *R) block() *Block {
	if r == nil {
		return new(Block)
	}
	if len(r.blks) == cap(r.blks) {
		r.blks = make([]Block, 0, min(max(2*cap(r.blks), 2), 8))
	}
	r.blks = r.blks[:len(r.blks)+1]
	return &r.blks[len(r.blks)-1]
}

// Blk0 is Blk0, the Block from r's room for blocks.
func (r *R) Blk0(f func() Value) *Block {
	b := r.block()
	b.f0 = f
	return b
}

// Blk1 is Blk1, the Block from r's room for blocks.
func (r *R) Blk1(f func(Value) Value) *Block {
	b := r.block()
	b.n, b.f1 = 1, f
	return b
}

// Blk1Splat is Blk1Splat, the Block from r's room for blocks.
func (r *R) Blk1Splat(f func(Value) Value) *Block {
	b := r.block()
	b.n, b.splat, b.f1 = 1, true, f
	return b
}

// Blk2 is Blk2, the Block from r's room for blocks.
func (r *R) Blk2(f func(Value, Value) Value) *Block {
	b := r.block()
	b.n, b.splat, b.f2 = 2, true, f
	return b
}

// Blk3 is Blk3, the Block from r's room for blocks.
func (r *R) Blk3(f func(Value, Value, Value) Value) *Block {
	b := r.block()
	b.n, b.splat, b.f3 = 3, true, f
	return b
}

// BlkN is a block with n parameters.
func BlkN(n int, f func([]Value) Value) *Block { return &Block{n: n, splat: n > 1, fn: f} }

// BlkParams is a block with req required parameters, opt optional ones
// and a *rest when rest: f binds the arguments as given (ParamArgs).
// Like any block with more than one parameter it spreads a single Array.
func BlkParams(req, opt int, rest bool, f func([]Value) Value) *Block {
	return &Block{n: req, opt: opt, rest: rest, splat: req+opt > 1 || rest && req+opt > 0, fn: f}
}

// BlkSym is &:name, a block calling the method name on its argument.
func (r *R) BlkSym(name Value) *Block {
	s, ok := name.(Symbol)
	if !ok {
		if b, ok := name.(*Block); ok {
			return b
		}
		if name == nil {
			return nil
		}
		typeError("wrong argument type %s (expected Proc)", classOf(name).Name)
	}
	return &Block{n: 1, fn: func(a []Value) Value {
		if len(a) == 0 {
			argError("no receiver given")
		}
		return r.Send(a[0], string(s), nil, a[1:]...)
	}}
}

// Arity is the number of declared parameters.
func (b *Block) Arity() int { return b.n }

// Call yields the arguments to the block.
func (b *Block) Call(args ...Value) Value { return result(b.call(args)) }

// call is Call with the block's own result (run1).
func (b *Block) call(args []Value) Value {
	if b.lambda {
		return b.callLambda(args)
	}
	if b.Origin != nil {
		return b.fn(args)
	}
	if b.splat && len(args) == 1 {
		if arr, ok := args[0].(*Array); ok {
			args = arr.A
		}
	}
	get := func(i int) Value {
		if i < len(args) {
			return args[i]
		}
		return nil
	}
	switch {
	case b.f0 != nil:
		return b.f0()
	case b.f1 != nil:
		return b.f1(get(0))
	case b.f2 != nil:
		return b.f2(get(0), get(1))
	case b.f3 != nil:
		return b.f3(get(0), get(1), get(2))
	}
	if len(args) < b.n {
		full := make([]Value, b.n)
		copy(full, args)
		args = full
	}
	return b.fn(args)
}

// yield1 yields one value (as Array#each does).
func (b *Block) yield1(v Value) Value { return result(b.run1(v)) }

// run1 is yield1 for a caller that drops the block's value (Array#each):
// the block's function's own result, which may be BlockOut's.
func (b *Block) run1(v Value) Value {
	if b.lambda {
		return b.callLambda([]Value{v})
	}
	if b.Origin != nil {
		return b.fn([]Value{v})
	}
	if b.f1 != nil && !b.splat {
		return b.f1(v)
	}
	if b.f2 != nil {
		if arr, ok := v.(*Array); ok {
			var x, y Value
			if len(arr.A) > 0 {
				x = arr.A[0]
			}
			if len(arr.A) > 1 {
				y = arr.A[1]
			}
			return b.f2(x, y)
		}
		return b.f2(v, nil)
	}
	return b.call([]Value{v})
}

// yield2 yields two values (as each_with_index and Hash#select do).
func (b *Block) yield2(x, y Value) Value { return result(b.run2(x, y)) }

// run2 is yield2 for a caller that drops the block's value.
func (b *Block) run2(x, y Value) Value {
	if b.lambda {
		return b.callLambda([]Value{x, y})
	}
	if b.f2 != nil {
		return b.f2(x, y)
	}
	if b.f1 != nil {
		return b.f1(x)
	}
	return b.call([]Value{x, y})
}

// BlockOut is the value of a block whose last statement writes output:
// _erbout, which Ruby gives the block's caller. It is made only when the
// caller takes it (Call, yield1, yield2 make it: result); Array#each and
// the other callers that drop the value (run1, run2) never make it.
func (r *R) BlockOut() Value { return blockOut{r} }

// blockOut is BlockOut's value, for its block's caller only (one
// pointer: boxing it allocates nothing).
type blockOut struct{ r *R }

// result is the value a block's function returned as the block's caller
// sees it.
func result(v Value) Value {
	if o, ok := v.(blockOut); ok {
		return o.r.Erbout()
	}
	return v
}

// needBlock raises the error of a method that requires a block.
func needBlock(b *Block, name string) {
	if b == nil {
		raise(ClassLocalJumpError, "no block given (yield)")
	}
}

// NoBlock is the block argument of a call given no block (a typed nil,
// which generated code can keep in a temporary).
var NoBlock *Block
