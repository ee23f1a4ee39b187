package erb

import (
	"strings"
	"testing"
)

// TestStringRoom: the strings a rendering builds (Interp, String#+) take
// their bytes from its room for them; each keeps its text while others
// are built after it, past a block's room (a new block) and past the
// longest string a block holds (one of its own), and each String is a
// new one.
func TestStringRoom(t *testing.T) {
	r := New(nil)
	type made struct {
		v    *Str
		want string
	}
	var all []made
	for i := range 60 {
		word := strings.Repeat(string(rune('a'+i%26)), i*7%300)
		v := r.Interp("<", word, int64(i), ">").(*Str)
		all = append(all, made{v, "<" + word + strings.TrimSpace(ToS(int64(i))) + ">"})
		w := r.OpAdd(S(word), S("!")).(*Str)
		all = append(all, made{w, word + "!"})
	}
	for i, m := range all {
		if m.v.S != m.want {
			t.Fatalf("string %d: %q, want %q", i, m.v.S, m.want)
		}
		for _, o := range all[:i] {
			if o.v == m.v {
				t.Fatalf("string %d is the String of another", i)
			}
		}
	}
	// a String changed in place (<<) does not write into the room
	s := r.Interp("ab", int64(1)).(*Str)
	u := r.Interp("cd", int64(2)).(*Str)
	r.Concat(s, S("zz"))
	if s.S != "ab1zz" || u.S != "cd2" {
		t.Errorf("after <<: %q %q", s.S, u.S)
	}
	// a part converted with to_s, many parts, none
	if got := r.Interp("x", nil, 1.5, Symbol("y"), NewArray(int64(1))).(*Str).S; got != "x1.5y[1]" {
		t.Errorf("to_s parts: %q", got)
	}
	parts := []any{}
	for i := range 12 {
		parts = append(parts, "p", int64(i))
	}
	if got := r.Interp(parts...).(*Str).S; got != "p0p1p2p3p4p5p6p7p8p9p10p11" {
		t.Errorf("many parts: %q", got)
	}
	if v := r.Interp().(*Str); v.S != "" || v.Frozen {
		t.Errorf("no parts: %q", v.S)
	}
}

// TestInterpAllocations: once the rendering has room, an interpolated
// String is made without allocating.
func TestInterpAllocations(t *testing.T) {
	r := New(nil)
	r.Interp("warm", int64(1))
	x := S("name")
	n := testing.AllocsPerRun(20, func() {
		r.strs = strsFor(4)
		r.bytes = make([]byte, 0, 64)
		for range 4 {
			r.Interp("Package[", x, "]")
		}
	})
	if n != 2 { // the two blocks the run makes itself
		t.Errorf("4 Interps with room made %v allocations, want the 2 rooms the run makes", n)
	}
}

// TestInspectStringRoom: inspect of a String is one allocation when no
// byte needs escaping, and escapes as before when some do.
func TestInspectStringRoom(t *testing.T) {
	s := S("LoadModule alias_module /usr/lib/apache2/modules/mod_alias.so")
	if n := testing.AllocsPerRun(10, func() { Inspect(s) }); n != 1 {
		t.Errorf("inspect made %v allocations, want 1", n)
	}
	for in, want := range map[string]string{
		"plain":       `"plain"`,
		`q"b\`:        `"q\"b\\"`,
		"tab\tnl\n":   `"tab\tnl\n"`,
		"#{x} #$y #z": `"\#{x} \#$y #z"`,
		"é\x01":       `"é\u0001"`,
		"":            `""`,
	} {
		if got := Inspect(S(in)); got != want {
			t.Errorf("inspect %q: %s, want %s", in, got, want)
		}
	}
}

// TestNewSizedOutputRoom: a template's output has room for its text and
// about 16 bytes of each variable it reads, so that a small template
// (apache's mod/load.erb: 24 bytes of text, 3 variables, ~60 bytes out)
// writes it without growing.
func TestNewSizedOutputRoom(t *testing.T) {
	n := testing.AllocsPerRun(10, func() {
		r := NewSized(nil, 24, 3)
		r.Text("LoadModule ")
		r.Out(S("alias_module"))
		r.Text(" ")
		r.Out(S("/usr/lib/apache2/modules/mod_alias.so"))
		r.Text("\n")
		if r.Result() != "LoadModule alias_module /usr/lib/apache2/modules/mod_alias.so\n" {
			t.Fatalf("output %q", r.Result())
		}
	})
	if n != 4 { // the R with its room, the output, the two Strings
		t.Errorf("rendering made %v allocations, want 4", n)
	}
}
