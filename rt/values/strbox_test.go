package values

import (
	"fmt"
	"testing"
	"unsafe"

	"github.com/pp2go/pp2go/rt/internal/readmap"
)

var keepCopiesRuns int

// TestKeepCopies: BoxedString keeps no string until KeepCopies (a process
// that compiles once would only store them), and a copy of a string it
// boxes for the first time after: the box kept for the process then holds
// none of the memory the string was part of, and the same string is boxed
// once.
func TestKeepCopies(t *testing.T) {
	data := func(v Value) *byte { return unsafe.StringData(string(v.(String))) }
	keepCopiesRuns++ // strings no run before boxed
	buf := fmt.Sprintf("TestKeepCopies:before%04d|TestKeepCopies:after%04d", keepCopiesRuns, keepCopiesRuns)
	before, after := buf[:25], buf[26:]
	defer keepBoxed.Store(keepBoxed.Load())
	keepBoxed.Store(false)
	if KeepsCopies() {
		t.Fatal("KeepsCopies before KeepCopies")
	}
	v := BoxedString(before)
	if again := BoxedStringBytes([]byte(before)); string(v.(String)) != before || data(again) == data(v) {
		t.Fatal("BoxedString kept a string before KeepCopies")
	}
	if _, ok := readmap.Load(boxedStrings, before); ok {
		t.Fatal("BoxedString stored a string before KeepCopies")
	}
	KeepCopies()
	if !KeepsCopies() {
		t.Fatal("no KeepsCopies after KeepCopies")
	}
	v = BoxedString(after)
	if string(v.(String)) != after || data(v) == unsafe.StringData(after) {
		t.Fatalf("BoxedString(%q) after KeepCopies = %q, its bytes the argument's", after, v)
	}
	if again := BoxedString(after); data(again) != data(v) {
		t.Fatal("a kept string is boxed again")
	}
	if again := BoxedStringBytes([]byte(after)); data(again) != data(v) {
		t.Fatal("BoxedStringBytes boxed a kept string again")
	}
}

// TestBoxedStringRecent: a string boxed again at the same address is
// given the same box (recentBoxes), and a string of other bytes at that
// address (a compile's recycled chunk) its own: the box's text is always
// the string's.
func TestBoxedStringRecent(t *testing.T) {
	defer keepBoxed.Store(keepBoxed.Load())
	KeepCopies()
	data := func(v Value) *byte { return unsafe.StringData(string(v.(String))) }
	buf := []byte("TestBoxedStringRecent:A")
	at := func() string { return unsafe.String(&buf[0], len(buf)) }
	v := BoxedString(at())
	for range 3 {
		again := BoxedString(at())
		if string(again.(String)) != "TestBoxedStringRecent:A" || data(again) != data(v) {
			t.Fatalf("boxed again as %q, another box", again)
		}
	}
	buf[len(buf)-1] = 'B' // same address and length, other bytes
	for range 3 {
		if w := BoxedString(at()); string(w.(String)) != "TestBoxedStringRecent:B" {
			t.Fatalf("BoxedString of B's bytes = %q", w)
		}
	}
	// another copy of A's text, elsewhere, is given A's kept box
	if w := BoxedString(string([]byte("TestBoxedStringRecent:A"))); data(w) != data(v) {
		t.Fatal("A's text at another address boxed anew")
	}
}
