package rubystr

import "testing"

// String#dump, against Ruby 3.3: ruby -e 'puts "...".dump'.
func TestDump(t *testing.T) {
	for _, c := range []struct {
		s    string
		bin  bool
		want string
	}{
		{"a\"b\\c#{x} #y é \U0001F600 \x01\x7f\n\t\x1b\a\v\f\b", false, `"a\"b\\c\#{x} #y \u00E9 \u{1F600} \x01\x7F\n\t\e\a\v\f\b"`},
		{"\xff\xfe", true, `"\xFF\xFE"`},
		{"\xff", false, `"\xFF"`},
		{"#$x #@y", false, `"\#$x \#@y"`},
	} {
		if got := Dump(c.s, c.bin); got != c.want {
			t.Errorf("%q.dump = %s, want %s", c.s, got, c.want)
		}
	}
}
