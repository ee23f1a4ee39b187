package erb

import "testing"

// TestInspectBinary: a binary string's inspect, as Ruby 3.1 and 3.3 print
// `p "\x00\x01\x0e\x1b\x7f\xc8A\"\#{\n".b`: each byte a character, those
// beyond ASCII and unnamed control characters as \xHH.
func TestInspectBinary(t *testing.T) {
	got := Inspect(&Str{S: "\x00\x01\x0e\x1b\x7f\xc8A\"#{\n", Bin: true})
	if want := `"\x00\x01\x0E\e\x7F\xC8A\"\#{\n"`; got != want {
		t.Fatalf("got %s, want %s", got, want)
	}
}
