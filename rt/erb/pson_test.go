package erb

import "testing"

// Results of Puppet 7.23's PSON.load (ruby -rpuppet).
func TestPSONLoad(t *testing.T) {
	r := &R{}
	for _, c := range []struct{ src, want string }{
		{`["a\nb"]`, `["a\nb"]`},
		{`["\q"]`, `["q"]`},
		{`[1,`, `[1]`},
		{`"x"`, `ERR PSON::ParserError: source '"x"' not in PSON!`},
		{`{"a":1}{`, `ERR PSON::ParserError: source '' not in PSON!`},
		{`[1] [2]`, `ERR PSON::ParserError: source '2]' not in PSON!`},
		{``, `ERR PSON::ParserError: source did not contain any PSON!`},
		{`  `, `ERR PSON::ParserError: source did not contain any PSON!`},
		{`[01]`, `ERR PSON::ParserError: expected ',' or ']' in array at '1]'!`},
		{`[-0, 1.5, 1e3, 1E+2, -1.5e-3]`, `[0, 1.5, 1000.0, 100.0, -0.0015]`},
		{`[truex]`, `ERR PSON::ParserError: expected ',' or ']' in array at 'x]'!`},
		{`[Infinity, -Infinity]`, `[Infinity, -Infinity]`},
		{`{"a" : 1 , }`, `ERR PSON::ParserError: expected next name, value pair in object at ''!`},
		{`[1,]`, `ERR PSON::ParserError: expected next element in array at ''!`},
		{`/* c */ [1] // x`, `ERR PSON::ParserError: source '// x' not in PSON!`},
		{"/* c */ [1] // x\n", `[1]`},
		{`[1 // x`, `ERR PSON::ParserError: expected ',' or ']' in array at '// x'!`},
		{`{"a" 1}`, `ERR PSON::ParserError: expected ':' in object at '1}'!`},
		{`{1:2}`, `ERR PSON::ParserError: unexpected token in object at '1:2}'!`},
		{`[1 2]`, `ERR PSON::ParserError: expected ',' or ']' in array at '2]'!`},
		{`[`, `[]`},
		{`{`, `{}`},
		{`{"a":`, `ERR PSON::ParserError: expected value in object at ''!`},
		{`{"a":}`, `ERR PSON::ParserError: expected value in object at '}'!`},
		{`["\u0041\u0042"]`, `["AB"]`},
		{`["\u00e9"]`, `ERR PSON::GeneratorError: Caught Encoding::InvalidByteSequenceError: incomplete "\xA9" on UTF-16BE`},
		{`["\u20ac"]`, `ERR PSON::GeneratorError: Caught Encoding::InvalidByteSequenceError: incomplete "\xAC" on UTF-16BE`},
		{`["a\/b"]`, `["a/b"]`},
		{`[1.5E3, 10000000000000000000000]`, `[1500.0, 10000000000000000000000]`},
	} {
		got := func() (s string) {
			defer func() {
				if e := recover(); e != nil {
					re := e.(*RubyError)
					s = "ERR " + re.Class.Name + ": " + re.Msg
				}
			}()
			return Inspect(r.Load(ClassPSON, S(c.src)))
		}()
		if got != c.want {
			t.Errorf("PSON.load(%q) = %s, want %s", c.src, got, c.want)
		}
	}
}
