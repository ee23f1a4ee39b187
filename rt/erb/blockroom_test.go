package erb

import "testing"

// TestBlocksFromRoom: r.Blk0 ... r.Blk3 are the blocks erb.Blk0 ...
// erb.Blk3 make, each evaluation a Block of its own from the R's room
// (past it, in new blocks of room), and a lambda made of one is a lambda
// without changing the others.
func TestBlocksFromRoom(t *testing.T) {
	r := New(nil)
	var all []*Block
	for i := range 20 {
		b := r.Blk2(func(a, b Value) Value { return NewArray(int64(i), a, b) })
		all = append(all, b)
	}
	for i, b := range all {
		for _, o := range all[:i] {
			if o == b {
				t.Fatalf("block %d is another's", i)
			}
		}
		// |a, b| spreads an Array argument
		if got := Inspect(b.Call(NewArray(S("x"), S("y")))); got != `[`+ToS(int64(i))+`, "x", "y"]` {
			t.Errorf("block %d: %s", i, got)
		}
	}
	one := func(x Value) Value { return x }
	pairs := []struct {
		name      string
		room, new *Block
	}{
		{"Blk0", r.Blk0(func() Value { return int64(7) }), Blk0(func() Value { return int64(7) })},
		{"Blk1", r.Blk1(one), Blk1(one)},
		{"Blk1Splat", r.Blk1Splat(one), Blk1Splat(one)},
		{"Blk2", r.Blk2(func(a, b Value) Value { return NewArray(a, b) }), Blk2(func(a, b Value) Value { return NewArray(a, b) })},
		{"Blk3", r.Blk3(func(a, b, c Value) Value { return NewArray(a, b, c) }), Blk3(func(a, b, c Value) Value { return NewArray(a, b, c) })},
	}
	for _, p := range pairs {
		if p.room.Arity() != p.new.Arity() {
			t.Errorf("%s: arity %d, want %d", p.name, p.room.Arity(), p.new.Arity())
		}
		for _, args := range [][]Value{nil, {int64(1)}, {NewArray(int64(1), int64(2))}, {int64(1), int64(2), int64(3), int64(4)}} {
			if got, want := Inspect(p.room.Call(args...)), Inspect(p.new.Call(args...)); got != want {
				t.Errorf("%s%s: %s, want %s", p.name, Inspect(NewArray(args...)), got, want)
			}
		}
	}
	l := LambdaValue(r.Blk1(one)).(*Block)
	p := r.Blk1(one)
	if got := Inspect(p.Call(int64(1), int64(2))); got != "1" {
		t.Errorf("proc beside a lambda: %s", got)
	}
	func() {
		defer func() {
			if recover() == nil {
				t.Errorf("a lambda of the room took 2 arguments for 1")
			}
		}()
		l.Call(int64(1), int64(2))
	}()
}

// TestCallRoom: the R of a CallRoom makes its first two Strings, an
// interpolated string of up to 32 bytes and a block without allocating.
func TestCallRoom(t *testing.T) {
	var c *CallRoom
	x := S("apache")
	f := func(v Value) Value { return v }
	var b *Block
	var s1, s2 Value
	n := testing.AllocsPerRun(20, func() {
		c = &CallRoom{}
		r := c.R()
		s1 = r.Interp("Package[", x, "]")
		s2 = r.Downcase(x) // already lower case: the text itself
		b = r.Blk1(f)
	})
	if n != 1 { // the CallRoom
		t.Errorf("a call's first Strings and block made %v allocations, want 1 (its room)", n)
	}
	if s1.(*Str).S != "Package[apache]" || s2.(*Str).S != "apache" || s2 == Value(x) || b.Call(x) != x {
		t.Errorf("made %s, %s", Inspect(s1), Inspect(s2))
	}
	if &c.strs[0] != s1.(*Str) || &c.blks[0] != b {
		t.Errorf("not made in the room")
	}
}

// TestRareState: an R has no rareState until it catches, assigns a
// constant, sets ENV or seeds rand, and then answers as before.
func TestRareState(t *testing.T) {
	r := New(nil)
	if r.FileConstDefined("X") != nil || r.catching(Symbol("t")) || r.Getenv(S("PP2GO_NOT_SET_ANYWHERE")) != nil || r.environ() != nil {
		t.Fatalf("a new R answers as if it had state")
	}
	if r.rare != nil {
		t.Fatalf("reading made the rareState")
	}
	r.SetFileConst("X", int64(1))
	r.Setenv(S("PP2GO_RARE"), S("v"))
	got := r.Catch(Symbol("t"), Blk0(func() Value {
		if !r.catching(Symbol("t")) {
			t.Errorf("not catching inside catch")
		}
		return r.FileConst("X")
	}))
	if got != int64(1) || r.catching(Symbol("t")) || r.Getenv(S("PP2GO_RARE")).(*Str).S != "v" {
		t.Errorf("catch %v, catching after %v", got, r.catching(Symbol("t")))
	}
	if r.rare == nil {
		t.Errorf("no rareState")
	}
}
