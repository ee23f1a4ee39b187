package erb

import "testing"

// Expected results are Ruby 3.1's (json 2.6.1).
func TestPrettyGenerateOptions(t *testing.T) {
	r := &R{}
	d := NewHash()
	inner := NewHash()
	inner.Set(S("b"), NewArray())
	d.Set(S("a"), NewArray(int64(1), inner))
	d.Set(S("c"), NewHash())
	d.Set(S("e"), NewArray())
	opts := func(kv ...Value) *Hash {
		h := NewHash()
		for i := 0; i < len(kv); i += 2 {
			h.Set(Symbol(kv[i].(string)), kv[i+1])
		}
		return h
	}
	for _, c := range []struct {
		opts Value
		want string
	}{
		{nil, "{\n  \"a\": [\n    1,\n    {\n      \"b\": [\n\n      ]\n    }\n  ],\n  \"c\": {\n  },\n  \"e\": [\n\n  ]\n}"},
		{opts("indent", S("\t"), "space", S(""), "space_before", S(" "), "object_nl", S("\n"), "array_nl", S(" ")), "{\n\t\"a\" :[ \t\t1, \t\t{\n\t\t\t\"b\" :[  \t\t\t]\n\t\t} \t],\n\t\"c\" :{\n\t},\n\t\"e\" :[  \t]\n}"},
		{opts("object_nl", S(""), "array_nl", S("")), "{  \"a\": [    1,    {      \"b\": [      ]    }  ],  \"c\": {  },  \"e\": [  ]}"},
		{opts("foo", int64(1)), "{\n  \"a\": [\n    1,\n    {\n      \"b\": [\n\n      ]\n    }\n  ],\n  \"c\": {\n  },\n  \"e\": [\n\n  ]\n}"},
	} {
		args := []Value{d}
		if c.opts != nil {
			args = append(args, c.opts)
		}
		if got := r.PrettyGenerate(ClassJSON, args...).(*Str).S; got != c.want {
			t.Errorf("pretty_generate(%s):\n%q\nwant\n%q", Inspect(c.opts), got, c.want)
		}
	}
	nested := NewArray(NewArray(NewArray(int64(1))))
	if got := rubyErr(func() { r.PrettyGenerate(ClassJSON, nested, opts("max_nesting", int64(2))) }); got != "JSON::NestingError: nesting of 2 is too deep" {
		t.Errorf("max_nesting 2: %s", got)
	}
	if got := rubyErr(func() { r.PrettyGenerate(ClassJSON, nested, opts("max_nesting", false)) }); got != "" {
		t.Errorf("max_nesting false: %s", got)
	}
	if got := rubyErr(func() { r.PrettyGenerate(ClassJSON, NewArray(int64(1)), opts("indent", int64(2))) }); got != "TypeError: wrong argument type Integer (expected String)" {
		t.Errorf("indent 2: %s", got)
	}
}
