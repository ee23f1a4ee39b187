package values

import (
	"runtime"
	"strings"
	"testing"
	"time"
)

// TestJoinEncoding checks the encodings of joined strings against Ruby
// 3.1's Array#join (the expected encodings are what `ruby -e 'p [..].join.encoding'`
// prints; "incompatible" is its Encoding::CompatibilityError).
func TestJoinEncoding(t *testing.T) {
	b, nb := BinaryString("abc"), BinaryString("\xff")
	for _, c := range []struct {
		name  string
		parts []Value
		want  string
	}{
		{"[b]", []Value{b}, "binary"},
		{`["pw ", b]`, []Value{String("pw "), b}, "utf8"},
		{`[b, "x"]`, []Value{b, String("x")}, "binary"},
		{`["", b]`, []Value{String(""), b}, "utf8"},
		{`["x", "\xff".b]`, []Value{String("x"), nb}, "binary"},
		{`["\xff".b, "x"]`, []Value{nb, String("x")}, "binary"},
		{`[b, "é"]`, []Value{b, String("é")}, "utf8"},
		{`["é", "\xff".b]`, []Value{String("é"), nb}, "incompatible"},
		{`[1, b]`, []Value{Int(1), b}, "utf8"},
	} {
		binary, ok := JoinEncoding(c.parts)
		got := "utf8"
		switch {
		case !ok:
			got = "incompatible"
		case binary:
			got = "binary"
		}
		if got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
}

// TestBinaryString checks that a binary string is one as a Value, in a
// copy, and empty; that its text is not; and that the table lets it go.
func TestBinaryString(t *testing.T) {
	v := BinaryString("abc")
	s := v.(String)
	if !IsBinaryString(s) || IsBinaryString(String(strings.Clone(string(s)))) || IsBinaryString(s[:2]) {
		t.Fatal("binary string not told from its text")
	}
	empty := BinaryString("")
	if !IsBinaryString(empty.(String)) || IsBinaryString(String("")) {
		t.Fatal("empty binary string not told from the empty string")
	}
	v, s, empty = nil, "", nil
	for i := 0; AnyBinaryStrings() && i < 100; i++ {
		runtime.GC()
		time.Sleep(time.Millisecond)
	}
	if AnyBinaryStrings() {
		t.Fatalf("%d binary strings still in the table after their collection", binaries.live.Load())
	}
}
