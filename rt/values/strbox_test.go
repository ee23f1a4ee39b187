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
	if _, ok := readmap.Load(&boxedStrings, before); ok {
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
