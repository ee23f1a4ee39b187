package values

import "testing"

// Ruby 3.1's format (ruby -e 'p format(...)' on Debian 12) of what the
// generated sprintf cases (conformance's sprintf_generated) found: %% with
// a flag, %c of numbers, * of non-Integers, Float() of hexadecimal text,
// and precision 0 of zero.
func TestSprintfRubyCorners(t *testing.T) {
	for _, c := range []struct {
		format string
		args   []Value
		want   string // or the error
	}{
		{"%%", nil, "%"},
		{"%5%", nil, "invalid format character - %"},
		{"% %", nil, "invalid format character - %"},
		{"%c", []Value{Float(3.7)}, "\x03"},
		{"%c", []Value{Bool(true)}, "no implicit conversion of true into Integer"},
		{"%c", []Value{Int(9223372036854775807)}, "integer 9223372036854775807 too big to convert to `int'"},
		{"%f", []Value{String("0x1F")}, "31.000000"},
		{"%f", []Value{String("0x1.8p1")}, "3.000000"},
		{"%f", []Value{String("inf")}, `invalid value for Float(): "inf"`},
		{"%f", []Value{String("1.")}, `invalid value for Float(): "1."`},
		{"%f", []Value{String("é")}, `invalid value for Float(): "\xC3\xA9"`},
		{"%*d|", []Value{Float(3.9), Int(1)}, "  1|"},
		{"%*d", []Value{Undef, Int(1)}, "no implicit conversion from nil to integer"},
		{"%*d", []Value{String("3"), Int(1)}, "no implicit conversion of String into Integer"},
		{"%.*d", []Value{String("3"), Int(1)}, "no implicit conversion of String into Integer"},
		{"%.0x|%.0d|%#.0o|%#.0x|%+.0d|% .0d", []Value{Int(0), Int(0), Int(0), Int(0), Int(0), Int(0)}, "||0||+| "},
		{"%5.0d|", []Value{Int(0)}, "     |"},
		{"%05d|%05.1d|", []Value{Int(1), Int(1)}, "00001|    1|"},
		{"%+.2f|%08.1f|% f|%#.0f|%.0f|%-6.1f|", []Value{Int(9223372036854775807), Int(-5), Int(3), Int(7), Int(-2), Int(1)},
			"+9223372036854775807.00|-00005.0| 3.000000|7|-2|1.0   |"},
	} {
		got, err := Sprintf(c.format, c.args...)
		if err != nil {
			got = err.Error()
		}
		if got != c.want {
			t.Errorf("format(%q, %v): got %q, want %q", c.format, c.args, got, c.want)
		}
	}
}
