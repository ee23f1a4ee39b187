package rubyfn

import (
	"slices"
	"testing"

	"github.com/pp2go/pp2go/rt/erb"
	"github.com/pp2go/pp2go/rt/fn"
	"github.com/pp2go/pp2go/rt/values"
)

// TestFrameHashArgument: a call whose arguments hold a Puppet hash makes
// the first one's Ruby Hash in its frame, the frame one allocation with
// it; the arguments are what FromPuppet (FromPuppet3x for a 3.x
// function) makes of them, each hash a Hash of its own.
func TestFrameHashArgument(t *testing.T) {
	b := values.NewHashBuilder(2)
	b.Put(values.String("ensure"), values.String("present"))
	b.Put(values.String("tag"), values.NewArray(values.String("a")))
	h := b.Build()
	args := []values.Value{values.String("package"), values.String("git"), h}
	var f *frame
	if n := testing.AllocsPerRun(10, func() { f = newFrame(nil, nil, args, true) }); n != 1 {
		t.Errorf("newFrame made %v allocations, want 1", n)
	}
	for _, threeX := range []bool{false, true} {
		from := erb.FromPuppet
		if threeX {
			from = erb.FromPuppet3x
		}
		two := []values.Value{h, values.Int(1), h}
		f = newFrame(nil, nil, two, threeX)
		a := f.arr.A
		if len(a) != 3 || a[0] == a[2] {
			t.Fatalf("threeX %v: %d arguments, the hashes one Hash: %v", threeX, len(a), a[0] == a[2])
		}
		for i, v := range two {
			if got, want := erb.Inspect(a[i]), erb.Inspect(from(v)); got != want {
				t.Errorf("threeX %v: argument %d is %s, want %s", threeX, i, got, want)
			}
		}
		if got := erb.ToPuppet(a[0]); got != values.Value(h) {
			t.Errorf("threeX %v: the hash read goes back as another hash", threeX)
		}
	}
}

// framesCtx is a compile's context as far as frames go: its Frames.
type framesCtx struct {
	fn.Context
	frames Frames
}

func (c *framesCtx) RubyFrames() *Frames { return &c.frames }

// TestFramesReused: a call from Puppet whose Ruby made nothing in its
// frame's room gives the frame back, zeroed, for the next call (no
// allocation a call); one whose Ruby made a String there (its result,
// converted, or a String the Ruby kept) keeps its frame, so that the
// next call's frame is another and the String stays as made; one that
// raised keeps its frame.
func TestFramesReused(t *testing.T) {
	// as in a process that compiles again, where a result's String is
	// boxed once (a first compile boxes each: values.KeepCopies)
	values.KeepCopies()
	c := &framesCtx{}
	var seen []*erb.Str
	var frames []*erb.R
	m := func(s erb.Scope, method string, b *erb.Block, a []erb.Value) erb.Value {
		r := erb.NewCall(s)
		frames = append(frames, r)
		switch method {
		case "plain": // reads its arguments only
			return a[0].(*erb.Array).A[0]
		case "string": // makes a String in its room
			str := r.Str("made " + erb.ToS(a[0].(*erb.Array).A[0]))
			seen = append(seen, str)
			return str
		case "raise":
			r.Raise(erb.Const("ArgumentError"), erb.S("no"))
		}
		return nil
	}
	args := []values.Value{values.String("x"), values.NewHashBuilder(0).Build()}
	plain := impl3(m, "plain", true)
	if got := plain(c, args, nil); got != values.Value(values.String("x")) {
		t.Fatalf("plain: %v", got)
	}
	if n := testing.AllocsPerRun(20, func() { plain(c, args, nil) }); n != 0 {
		t.Errorf("a call whose frame comes back made %v allocations, want 0", n)
	}
	frames = frames[:0]
	plain(c, args, nil)
	plain(c, args, nil)
	if frames[0] != frames[1] {
		t.Errorf("a frame given back is not the next call's")
	}

	str := impl3(m, "string", true)
	frames = frames[:0]
	if got := str(c, []values.Value{values.String("a"), args[1]}, nil); got != values.Value(values.String("made a")) {
		t.Fatalf("string: %v", got)
	}
	str(c, []values.Value{values.String("b"), args[1]}, nil)
	plain(c, args, nil)
	if frames[0] == frames[1] || frames[0] == frames[2] {
		t.Errorf("the frame of a call that made a String in its room was reused")
	}
	if seen[0].S != "made a" || seen[1].S != "made b" {
		t.Errorf("Strings made in rooms: %q, %q", seen[0].S, seen[1].S)
	}

	frames = frames[:0]
	func() {
		defer func() { _ = recover() }()
		impl3(m, "raise", true)(c, args, nil)
	}()
	plain(c, args, nil)
	if frames[0] == frames[1] {
		t.Errorf("the frame of a call that raised was reused")
	}
}

// TestCall3xRubyFrames: Ruby's scope.function_x of a translated 3.x
// function runs it in a frame of the compile's Frames, given back when its
// result holds nothing (a Boolean: defined_with_params's) and kept when
// the result may hold the arguments' Array (the Array itself), which the
// caller then still reads as it was.
func TestCall3xRubyFrames(t *testing.T) {
	m := Methods(func(s erb.Scope, method string, b *erb.Block, a []erb.Value) erb.Value {
		erb.NewCall(s)
		if method == "real_function_rubyfn_test_frames_args" {
			return a[0]
		}
		return len(a[0].(*erb.Array).A) == 2
	})
	fn.Register(new3("rubyfn_test_frames_bool", "m", -1, true, m, "real_function_rubyfn_test_frames_bool", false))
	fn.Register(new3("rubyfn_test_frames_args", "m", -1, true, m, "real_function_rubyfn_test_frames_args", false))
	c := &framesCtx{}
	two := []erb.Value{erb.S("a"), erb.S("b")}
	if v, ok := Call3xRuby(c, "rubyfn_test_frames_bool", two); !ok || v != true {
		t.Fatalf("bool: %v, %v", v, ok)
	}
	if n := testing.AllocsPerRun(20, func() { Call3xRuby(c, "rubyfn_test_frames_bool", two) }); n > 1 {
		t.Errorf("a call whose frame comes back made %v allocations, want at most 1 (its scope)", n)
	}
	got, _ := Call3xRuby(c, "rubyfn_test_frames_args", two)
	Call3xRuby(c, "rubyfn_test_frames_bool", []erb.Value{erb.S("c")})
	if a, ok := got.(*erb.Array); !ok || erb.Inspect(a) != `["a", "b"]` {
		t.Errorf("the arguments' Array a function returned is %s after another call", erb.Inspect(got))
	}
}

// compileCtx is a compile's scope (CompileScope): frames, a release, a
// log that drops debug messages, and a catalog of one resource, File[/x].
type compileCtx struct {
	framesCtx
}

func (*compileCtx) PuppetVersion() string          { return "8.10.0" }
func (*compileCtx) DropsLog(level string) bool     { return level == "debug" }
func (*compileCtx) Resources() []fn.Resource       { return nil }
func (*compileCtx) Classes() []string              { return nil }
func (*compileCtx) CurrentResource() fn.Resource   { return nil }
func (*compileCtx) ScopeSource() (string, bool)    { return "", true }
func (*compileCtx) ResourceTypeKind(string) string { return "type" }
func (*compileCtx) FindResource(typ, title string) (fn.Resource, bool) {
	return nil, typ == "File" && title == "/x"
}

// TestCompileScopeCalls: a call of translated Ruby in a compile's scope
// answers Puppet.version, debug's dropping, findresource and
// find_resource_type_or_class from that scope, and gives its frame back
// for the next call, as in a context that has frames only.
func TestCompileScopeCalls(t *testing.T) {
	values.KeepCopies()
	var got []string
	m := func(s erb.Scope, method string, b *erb.Block, a []erb.Value) erb.Value {
		r := erb.NewCall(s)
		if method == "plain" {
			return nil
		}
		got = append(got[:0], erb.ToS(r.PuppetVersion()), erb.Inspect(r.PuppetLogInterp("debug", "x")),
			erb.Inspect(r.FindResource(erb.S("File[/x]")) != nil), erb.Inspect(r.FindResource(erb.S("File[/y]"))),
			erb.Inspect(r.PuppetFindResourceTypeOrClass(erb.ScopeValue(), erb.S("file")) != nil))
		return nil
	}
	c := &compileCtx{}
	args := []values.Value{values.String("a")}
	impl3(m, "api", true)(c, args, nil)
	if want := []string{"8.10.0", "nil", "true", "nil", "true"}; !slices.Equal(got, want) {
		t.Errorf("the Ruby saw %q, want %q", got, want)
	}
	plain := impl3(m, "plain", true)
	if n := testing.AllocsPerRun(20, func() { plain(c, args, nil) }); n != 0 {
		t.Errorf("a call in a compile's scope made %v allocations, want 0", n)
	}
}
