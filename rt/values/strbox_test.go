package values

import (
	"fmt"
	"testing"
	"unsafe"
)

var keepCopiesRuns int

// TestKeepCopies: BoxedString keeps a string as given until KeepCopies,
// and a copy of a string it boxes for the first time after: the box kept
// for the process then holds none of the memory the string was part of.
func TestKeepCopies(t *testing.T) {
	data := func(v Value) *byte { return unsafe.StringData(string(v.(String))) }
	keepCopiesRuns++ // strings no run before boxed
	buf := fmt.Sprintf("TestKeepCopies:before%04d|TestKeepCopies:after%04d", keepCopiesRuns, keepCopiesRuns)
	before, after := buf[:25], buf[26:]
	defer copyBoxed.Store(copyBoxed.Load())
	copyBoxed.Store(false)
	if v := BoxedString(before); data(v) != unsafe.StringData(before) {
		t.Fatal("BoxedString copied a string before KeepCopies")
	}
	KeepCopies()
	v := BoxedString(after)
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
